import CPango
import Foundation

/// The private fontconfig configuration every `.system` font is found through: the package's own
/// font files (Noto Sans in four styles, Noto Sans Arabic, Noto Sans Devanagari, Noto Sans Symbols 2
/// for symbols such as ★ and ♥, and Material Icons for `Image(systemName:)`, see ``SystemSymbolFont``)
/// plus Noto Color Emoji from its system path, and nothing else. The machine's fontconfig files are
/// never read for it, so the same text draws the same pixels on every machine.
///
/// A font file registered with ``registerFontFile(at:)`` (a scene file's own font) gets a
/// configuration of its own: the carried fonts and that file. Only text that names its family is laid
/// out with it, so registering a font never changes how other text falls back or measures.
///
/// Built once per process (per file). After building it is only read; fontconfig's matching functions
/// are thread-safe on a configuration nobody changes.
final class FontConfiguration: @unchecked Sendable {
    /// The family the package carries, used for every `.system` font and as the fallback for
    /// `.custom` fonts the machine lacks.
    static let systemFamily = "Noto Sans"

    /// Where Debian's fonts-noto-color-emoji installs the colour emoji font.
    static let emojiFontPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// The files the package carries, in its `Fonts` resource directory.
    static let carriedFiles = [
        "NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf", "NotoSans-BoldItalic.ttf",
        "NotoSansArabic-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansSymbols2-Regular.ttf",
        SystemSymbolFont.fontFile,
    ]

    /// The configuration, or why it could not be built.
    static let shared: Result<FontConfiguration, FlipbookError> = {
        do { return .success(try FontConfiguration(addedFile: nil)) } catch let error as FlipbookError {
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

    /// The carried fonts, and `addedFile` (an absolute path) when given.
    private init(addedFile: String?) throws {
        guard let directory = FontConfiguration.locateFontDirectory() else {
            throw FlipbookError(.file,
                "Flipbook's fonts were not found: expected the resource directory Fonts (with \(FontConfiguration.carriedFiles[0])) "
                + "in a bundle named *_FlipbookDrawing.resources beside the executable, or in the package's Sources/FlipbookDrawing/Fonts.")
        }
        guard let config = FcConfigCreate() else {
            throw FlipbookError(.internal, "fontconfig could not create a configuration.")
        }
        for rules in [FontConfiguration.bitmapScaling, FontConfiguration.emojiFamily] {
            guard FcConfigParseAndLoadFromMemory(config, rules, FcTrue) == FcTrue else {
                FcConfigDestroy(config)
                throw FlipbookError(.internal, "fontconfig rejected Flipbook's font configuration.")
            }
        }
        let files = FontConfiguration.carriedFiles.map { directory.appendingPathComponent($0).path } + (addedFile.map { [$0] } ?? [])
        for path in files {
            guard FcConfigAppFontAddFile(config, path) == FcTrue else {
                FcConfigDestroy(config)
                throw FlipbookError(.file, "fontconfig could not load the font file \(path).")
            }
        }
        hasEmoji = FileManager.default.isReadableFile(atPath: FontConfiguration.emojiFontPath)
            && FcConfigAppFontAddFile(config, FontConfiguration.emojiFontPath) == FcTrue
        self.config = config
        self.directory = directory
    }

    deinit {
        FcConfigDestroy(config)
    }

    private static let lock = NSLock()
    /// Each registered family's configuration, and each registered file's family; guarded by ``lock``.
    nonisolated(unsafe) private static var byFamily: [String: FontConfiguration] = [:]
    nonisolated(unsafe) private static var familyOfFile: [String: String] = [:]

    /// The configuration holding the registered font file of `family`, or `nil` when none was registered.
    static func registered(family: String) -> FontConfiguration? {
        lock.lock()
        defer { lock.unlock() }
        return byFamily[family]
    }

    /// Builds a configuration for the font file at `url` (TrueType or OpenType), so
    /// `Font.custom(family, size:)` draws with it, and returns its family name; `nil` when the file
    /// holds no font fontconfig can read. Registering a file again returns its family at once; a later
    /// file of the same family replaces the earlier one for text laid out afterwards.
    ///
    /// - Throws: ``FlipbookError`` when the carried fonts cannot be set up.
    static func registerFontFile(at url: URL) throws -> String? {
        let path = url.standardizedFileURL.resolvingSymlinksInPath().path
        lock.lock()
        defer { lock.unlock() }
        if let family = familyOfFile[path] { return family }
        guard let family = try familyName(ofFontFile: path) else { return nil }
        byFamily[family] = try FontConfiguration(addedFile: path)
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

/// Which `.custom` font names the machine has, found through the machine's own fontconfig setup;
/// a missing name is reported on stderr once.
enum SystemFonts {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [String: Bool] = [:]

    /// Whether the machine has a font family called `name`; prints a warning the first time a name
    /// is missing.
    static func has(_ name: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let found = known[name] { return found }
        let found = lookUp(name)
        known[name] = found
        if !found {
            FileHandle.standardError.write(Data(
                "warning: the font \"\(name)\" is not installed; drawing with \(FontConfiguration.systemFamily) instead.\n".utf8))
        }
        return found
    }

    private static func lookUp(_ name: String) -> Bool {
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        guard FcPatternAddString(pattern, FC_FAMILY, name) == FcTrue else { return false }
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        // nil: the machine's current configuration (loaded on first use from its fontconfig files).
        guard let list = FcFontList(nil, pattern, objects) else { return false }
        defer { FcFontSetDestroy(list) }
        return list.pointee.nfont > 0
    }
}
