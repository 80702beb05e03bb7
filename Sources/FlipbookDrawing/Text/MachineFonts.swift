import CPango
import Foundation

/// A font file installed on the machine, as its own fontconfig setup finds it.
struct MachineFont: Hashable, Sendable {
    /// The family name text pins the characters to.
    var family: String
    /// The file (a TrueType collection holds several families; all are loaded).
    var file: String
}

/// The fonts installed on the machine, found through its own fontconfig setup (its configuration
/// files, loaded on first use): families a `.custom` font names, and fonts for characters the carried
/// fonts lack.
enum MachineFonts {
    private static let lock = NSLock()
    /// Per family name: its files, empty when the machine has none; guarded by ``lock``.
    nonisolated(unsafe) private static var familyFiles: [String: [String]] = [:]
    /// Per language asked for (`""`: none): the machine's fonts in fontconfig's order of preference
    /// for sans-serif text; guarded by ``lock``. Kept for the process: a handful of languages at most.
    nonisolated(unsafe) private static var sorted: [String: [(font: MachineFont, charset: OpaquePointer)]] = [:]
    /// The font sets those lists point into (owned for the process).
    nonisolated(unsafe) private static var sortedSets: [UnsafeMutablePointer<FcFontSet>] = []

    /// The files of the machine's family `name`; a missing family is reported on standard error once,
    /// and gives no files.
    static func files(ofFamily name: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        if let known = familyFiles[name] { return known }
        let files = list(family: name)
        familyFiles[name] = files
        if files.isEmpty {
            FileHandle.standardError.write(Data(
                "warning: the font \"\(name)\" is not installed; drawing with \(FontConfiguration.systemFamily) instead.\n".utf8))
        }
        return files
    }

    /// The files fontconfig lists for exactly the family `name` (no substitutions), sorted.
    private static func list(family name: String) -> [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard FcPatternAddString(pattern, FC_FAMILY, name) == FcTrue, let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FILE)
        // nil: the machine's current configuration (loaded on first use from its fontconfig files).
        guard let list = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var files: Set<String> = []
        for index in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file {
                files.insert(String(cString: file))
            }
        }
        return files.sorted()
    }

    /// The first machine font in fontconfig's order for sans-serif text in `language` (a fontconfig
    /// language tag such as "ja"; `nil`: the machine's default) that has all of `characters` (one
    /// cluster) and is not of a family in `excluded`; else the first that has its first character;
    /// `nil` when no font has that.
    static func font(for characters: [Unicode.Scalar], language: String?, excluding excluded: Set<String>) -> MachineFont? {
        lock.lock()
        defer { lock.unlock() }
        let candidates = preferred(language: language ?? "")
        func has(_ candidate: (font: MachineFont, charset: OpaquePointer), _ scalars: some Sequence<Unicode.Scalar>) -> Bool {
            !excluded.contains(candidate.font.family) && scalars.allSatisfy { FcCharSetHasChar(candidate.charset, $0.value) == FcTrue }
        }
        return (candidates.first { has($0, characters) } ?? candidates.first { has($0, characters.prefix(1)) })?.font
    }

    /// The machine's fonts sorted by fontconfig for sans-serif text in `language` (lock held).
    private static func preferred(language: String) -> [(font: MachineFont, charset: OpaquePointer)] {
        if let known = sorted[language] { return known }
        var fonts: [(MachineFont, OpaquePointer)] = []
        defer { sorted[language] = fonts }
        guard let pattern = FcPatternCreate() else { return fonts }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
        if !language.isEmpty { FcPatternAddString(pattern, FC_LANG, language) }
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) == FcTrue else { return fonts }
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let set = FcFontSort(nil, pattern, FcFalse, nil, &result) else { return fonts }
        sortedSets.append(set)
        var seen: Set<MachineFont> = []
        for index in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[index] else { continue }
            var family: UnsafeMutablePointer<FcChar8>?, file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            guard FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch, let family,
                  FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                  FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset
            else { continue }
            let machineFont = MachineFont(family: String(cString: family), file: String(cString: file))
            guard FileManager.default.isReadableFile(atPath: machineFont.file), seen.insert(machineFont).inserted else { continue }
            fonts.append((machineFont, charset))
        }
        return fonts
    }
}

extension Font {
    /// Whether the machine has the font family `name` (exactly, no substitution): a `.custom` font of
    /// a family it lacks is drawn with the carried system family. Asking prints nothing.
    package static func isInstalled(family name: String) -> Bool {
        MachineFonts.hasFamily(name)
    }
}

extension MachineFonts {
    /// Whether fontconfig lists files for exactly the family `name`, without the warning
    /// ``files(ofFamily:)`` prints.
    static func hasFamily(_ name: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = familyFiles[name] { return !known.isEmpty }
        return !list(family: name).isEmpty
    }
}

extension Font {
    /// The carried family `.system` fonts, and families the machine lacks, are drawn with.
    package static var systemFamilyName: String { FontConfiguration.systemFamily }
}
