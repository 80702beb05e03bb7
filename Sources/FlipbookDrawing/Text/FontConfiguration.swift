import CPango
import Foundation

/// The private fontconfig configurations text is laid out with: the package's own font files (Noto
/// Sans in four styles, Noto Sans Arabic, Noto Sans Devanagari, Noto Sans Symbols 2 for symbols such
/// as ★ and ♥, and Material Icons for `Image(systemName:)`, see ``SystemSymbolFont``) plus Noto Color
/// Emoji from its system path. The machine's fontconfig files are never read for them, so the same
/// text draws the same pixels on every machine.
///
/// Text that names a family outside those (Noto Sans Mono, a registered font file, a family installed
/// on the machine) or needs a machine font for characters none of them has (see ``FontFallback``)
/// gets a configuration of the same files plus the files of that family; only the text that asks for
/// them is laid out with it, so they never change how other text falls back or measures.
///
/// Each configuration is built once per process. After building it is only read; fontconfig's
/// matching functions are thread-safe on a configuration nobody changes.
final class FontConfiguration: @unchecked Sendable {
    /// The family the package carries, used for every `.system` font and as the fallback for
    /// `.custom` fonts the machine lacks.
    static let systemFamily = "Noto Sans"

    /// The fixed-width family the package carries, for the `.monospaced` design.
    static let monospacedFamily = "Noto Sans Mono"

    /// Where Debian's fonts-noto-color-emoji installs the colour emoji font.
    static let emojiFontPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// The files every configuration holds, in the package's `Fonts` resource directory.
    static let carriedFiles = [
        "NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf", "NotoSans-BoldItalic.ttf",
        "NotoSansArabic-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansSymbols2-Regular.ttf",
        SystemSymbolFont.fontFile,
    ]

    /// The carried files of ``monospacedFamily``: added only for text that uses it, because it covers
    /// symbols (● ▲ ■) Noto Sans Symbols 2 draws in all other text.
    static let monospacedFiles = ["NotoSansMono-Regular.ttf", "NotoSansMono-Bold.ttf"]

    /// The configuration of the carried files alone, or why it could not be built.
    static let shared: Result<FontConfiguration, FlipbookError> = {
        do { return .success(try FontConfiguration(addedFiles: [])) } catch let error as FlipbookError {
            return .failure(error)
        } catch {
            return .failure(FlipbookError(.internal, "Setting up fonts failed: \(error)"))
        }
    }()

    /// The fontconfig configuration (owned: destroyed in `deinit`).
    let config: OpaquePointer
    /// The directory the carried fonts were loaded from.
    let directory: URL
    /// Whether Noto Color Emoji was found; text with emoji fails with ``emojiMissing`` without it.
    let hasEmoji: Bool

    /// The carried fonts and `addedFiles` (absolute paths).
    private init(addedFiles: [String]) throws {
        guard let directory = FontConfiguration.locateFontDirectory() else {
            throw FlipbookError(.file,
                "Flipbook's fonts were not found: expected the resource directory Fonts (with \(FontConfiguration.carriedFiles[0])) "
                + "in a bundle named *_FlipbookDrawing.resources beside the executable, or in the package's Sources/FlipbookDrawing/Fonts.")
        }
        guard let config = FcConfigCreate() else {
            throw FlipbookError(.internal, "fontconfig could not create a configuration.")
        }
        for rules in [FontConfiguration.bitmapScaling, FontConfiguration.emojiFamily, FontConfiguration.monospacedOblique] {
            guard FcConfigParseAndLoadFromMemory(config, rules, FcTrue) == FcTrue else {
                FcConfigDestroy(config)
                throw FlipbookError(.internal, "fontconfig rejected Flipbook's font configuration.")
            }
        }
        let files = FontConfiguration.carriedFiles.map { directory.appendingPathComponent($0).path } + addedFiles
        for path in files {
            guard FcConfigAppFontAddFile(config, path) == FcTrue else {
                FcConfigDestroy(config)
                throw FlipbookError(.file, "fontconfig could not load the font file \(path).")
            }
        }
        // A copy among the carried fonts (the portable build puts one there) comes before the system's.
        let emoji = [directory.appendingPathComponent(URL(fileURLWithPath: FontConfiguration.emojiFontPath).lastPathComponent).path,
                     FontConfiguration.emojiFontPath].first { FileManager.default.isReadableFile(atPath: $0) }
        hasEmoji = emoji.map { FcConfigAppFontAddFile(config, $0) == FcTrue } ?? false
        self.config = config
        self.directory = directory
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// The absolute paths of the carried files of ``monospacedFamily``.
    static func monospacedPaths() throws -> [String] {
        let directory = try shared.get().directory
        return monospacedFiles.map { directory.appendingPathComponent($0).path }
    }

    private static let lock = NSLock()
    /// Each registered family's file, and each registered file's family; guarded by ``lock``.
    nonisolated(unsafe) private static var fileOfFamily: [String: String] = [:]
    nonisolated(unsafe) private static var familyOfFile: [String: String] = [:]
    /// The configurations made so far, by the files added to the carried ones; guarded by ``lock``.
    nonisolated(unsafe) private static var withFiles: [Set<String>: FontConfiguration] = [:]

    /// The carried configuration plus `files` (absolute paths), made on first use; the shared one
    /// when `files` is empty.
    static func adding(_ files: Set<String>) throws -> FontConfiguration {
        if files.isEmpty { return try shared.get() }
        lock.lock()
        defer { lock.unlock() }
        if let known = withFiles[files] { return known }
        let made = try FontConfiguration(addedFiles: files.sorted())
        withFiles[files] = made
        return made
    }

    /// Families whose files came with a scene bundle, by name; guarded by ``lock``.
    nonisolated(unsafe) private static var suppliedFamilies: [String: Set<String>] = [:]

    /// Makes `files` (absolute paths) the files of the family `name`, in place of the machine's:
    /// a bundle's copies of the fonts its scene names, so it draws the same where they are not installed.
    static func supply(family name: String, files: Set<String>) {
        lock.lock()
        defer { lock.unlock() }
        suppliedFamilies[name] = files
    }

    /// The files a bundle supplied for `family`; `nil` when none did.
    static func suppliedFiles(family: String) -> Set<String>? {
        lock.lock()
        defer { lock.unlock() }
        return suppliedFamilies[family]
    }

    /// The registered font file of `family`, or `nil` when none was registered.
    static func registeredFile(family: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return fileOfFamily[family]
    }

    /// Makes the font file at `url` (TrueType or OpenType) the file `Font.custom(family, size:)`
    /// draws with and returns its family name; `nil` when the file holds no font fontconfig can read.
    /// Registering a file again returns its family at once; a later file of the same family replaces
    /// the earlier one for text laid out afterwards.
    ///
    /// - Throws: ``FlipbookError`` when the carried fonts cannot be set up.
    static func registerFontFile(at url: URL) throws -> String? {
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        lock.lock()
        if let family = familyOfFile[path] {
            lock.unlock()
            return family
        }
        lock.unlock()
        guard let family = try familyName(ofFontFile: path) else { return nil }
        // Built now, so that a file fontconfig cannot load fails here rather than when drawn.
        _ = try adding([path])
        lock.lock()
        defer { lock.unlock() }
        fileOfFamily[family] = path
        familyOfFile[path] = family
        return family
    }

    /// The first family name of the first font in the file at `path`, read by fontconfig into a
    /// scratch configuration; `nil` when the file holds no font it can read.
    private static func familyName(ofFontFile path: String) throws -> String? {
        guard let scratch = FcConfigCreate() else {
            throw FlipbookError(.internal, "fontconfig could not create a configuration.")
        }
        defer { FcConfigDestroy(scratch) }
        guard FcConfigAppFontAddFile(scratch, path) == FcTrue,
              let fonts = FcConfigGetFonts(scratch, FcSetApplication), fonts.pointee.nfont > 0,
              let pattern = fonts.pointee.fonts[0]
        else { return nil }
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FAMILY, 0, &value) == FcResultMatch, let value else { return nil }
        let family = String(cString: value)
        return family.isEmpty ? nil : family
    }

    /// Fontconfig's rule (from its stock 10-scale-bitmap-fonts.conf) that scales a bitmap font's
    /// strike to the requested size. Noto Color Emoji is a bitmap font with 136-pixel strikes: without
    /// the rule every emoji would draw at that size, whatever the font size.
    static let bitmapScaling = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times>
                <name>matrix</name>
                <matrix>
                  <name>pixelsizefixupfactor</name> <double>0</double>
                  <double>0</double> <name>pixelsizefixupfactor</name>
                </matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
        </fontconfig>
        """

    /// Fontconfig's rule (as in its stock 60-generic.conf) that makes the generic family "emoji" mean
    /// Noto Color Emoji. Pango asks for that family for every emoji presentation sequence ("⭐️",
    /// "1️⃣", "😀"); without the rule the request matched no family, and fontconfig's fallback chose the
    /// first font covering the base character — Noto Sans Symbols 2's black outline for "⭐️" and "❤️".
    static let emojiFamily = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <alias binding="same">
            <family>emoji</family>
            <prefer><family>\(EmojiPresentation.family)</family></prefer>
          </alias>
        </fontconfig>
        """

    /// Fontconfig's synthetic oblique (its stock 90-synthetic.conf), for Noto Sans Mono alone: the
    /// family has no italic file, and italic fixed-width text should still slant. Limited to that
    /// family so no other font's italic changes.
    static let monospacedOblique = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="font">
            <test name="family" compare="eq"><string>\(monospacedFamily)</string></test>
            <test name="slant"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times>
            </edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit>
          </match>
        </fontconfig>
        """

    /// The error for text with emoji when Noto Color Emoji is not installed.
    static var emojiMissing: FlipbookError {
        FlipbookError(.file,
            "Colour emoji need the Noto Color Emoji font at \(emojiFontPath), which is missing: install Debian's "
            + "fonts-noto-color-emoji (scripts/install-deps.sh does).")
    }

    /// The carried fonts' directory: in the SwiftPM resource bundle beside the executable (the
    /// `flipbook` tool, a test runner, or a program that depends on Flipbook), else in this package's
    /// source tree (where the build that made this binary found them).
    static func locateFontDirectory() -> URL? {
        var candidates: [URL] = []
        let fileManager = FileManager.default
        var places = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL?.deletingLastPathComponent() { places.append(executable) }
        for place in places {
            let names = (try? fileManager.contentsOfDirectory(atPath: place.path)) ?? []
            // The bundle is named <package identity>_FlipbookDrawing.resources; the identity depends on
            // how the package was added (a path, a URL), so match the suffix.
            for name in names.sorted() where name.hasSuffix("_FlipbookDrawing.resources") {
                candidates.append(place.appendingPathComponent(name).appendingPathComponent("Fonts"))
            }
        }
        // This file is Sources/FlipbookDrawing/Text/FontConfiguration.swift.
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(sourceRoot.appendingPathComponent("Fonts"))
        return candidates.first { fileManager.fileExists(atPath: $0.appendingPathComponent(carriedFiles[0]).path) }
    }
}
