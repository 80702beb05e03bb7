import Foundation

/// Which family each font of a text draws with, and the font files beyond the carried configuration
/// its layout needs (see ``FontConfiguration/adding(_:)``).
struct TextFonts {
    /// The family of text without a font of its own.
    let baseFamily: String
    /// Each run's family (in the order of the format's runs), `nil` for a run without a font.
    let runFamilies: [String?]
    /// The files to add to the carried ones.
    let files: Set<String>

    /// The families of the carried configuration: a machine font of one of these names is never
    /// asked for (it would be another version of a file the package carries).
    static let carriedFamilies: Set<String> = [
        FontConfiguration.systemFamily, "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans Symbols2",
        SystemSymbolFont.family, EmojiPresentation.family, FontConfiguration.monospacedFamily,
    ]

    init(_ format: TextFormat) throws {
        var files: Set<String> = []
        func family(of font: Font) throws -> String {
            let (name, needed) = try TextFonts.family(of: font)
            files.formUnion(needed)
            return name
        }
        baseFamily = try family(of: format.baseFont)
        runFamilies = try format.runs.map { run in try run.font.map { try family(of: format.styled($0)) } }
        self.files = files
    }

    /// The family `font` draws with and the files it needs beyond the carried ones: the carried
    /// families by name (Noto Sans Mono for the monospaced design), then a registered font file's
    /// family, then a family a scene bundle supplied, then a family installed on the machine, else Noto Sans (the machine lookup warns).
    static func family(of font: Font) throws -> (String, Set<String>) {
        if font.design == .monospaced && font.family == nil || font.family == FontConfiguration.monospacedFamily {
            return (FontConfiguration.monospacedFamily, Set(try FontConfiguration.monospacedPaths()))
        }
        guard let name = font.family else { return (FontConfiguration.systemFamily, []) }
        if carriedFamilies.contains(name) { return (name, []) }
        if let file = FontConfiguration.registeredFile(family: name) { return (name, [file]) }
        if let supplied = FontConfiguration.suppliedFiles(family: name) { return (name, supplied) }
        let machine = MachineFonts.files(ofFamily: name)
        return machine.isEmpty ? (FontConfiguration.systemFamily, []) : (name, Set(machine))
    }
}
