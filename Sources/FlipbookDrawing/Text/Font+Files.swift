import Foundation

extension Font {
    /// Makes the TrueType or OpenType font file at `url` available to ``custom(_:size:)`` by its
    /// family name, which it returns; `nil` when the file holds no font.
    ///
    /// The file is found through a fontconfig configuration of the package's own (its carried fonts
    /// and this file), never the machine's, so the text draws the same on every machine; and only text
    /// naming the family uses it, so registering it changes nothing else. Registering the same file
    /// again costs nothing.
    ///
    /// - Throws: ``FlipbookError`` when the carried fonts cannot be set up.
    package static func register(fileAt url: URL) throws -> String? {
        try FontConfiguration.registerFontFile(at: url)
    }

    /// The files of the machine's installed family `name` as its fontconfig setup lists them: what a
    /// scene bundle carries for a family its scene names. Empty (with a warning) when it is not installed.
    package static func installedFiles(ofFamily name: String) -> [String] {
        MachineFonts.files(ofFamily: name)
    }

    /// The font files text in the family `name` may draw with, for digests of what a render reads
    /// (a segment cache's): a scene bundle's copies, else a registered file, else the machine's
    /// installed files; none for a family the package carries (its fonts are the version's) or one
    /// the machine lacks (drawn with a carried family).
    package static func files(drawingFamily name: String) -> [String] {
        if let supplied = FontConfiguration.suppliedFiles(family: name) { return supplied.sorted() }
        if let registered = FontConfiguration.registeredFile(family: name) { return [registered] }
        guard !isCarried(family: name), MachineFonts.hasFamily(name) else { return [] }
        return MachineFonts.files(ofFamily: name)
    }

    /// Whether `name` is a family the package carries, which a bundle need not carry.
    package static func isCarried(family name: String) -> Bool {
        TextFonts.carriedFamilies.contains(name) || name == FontConfiguration.monospacedFamily
    }

    /// Makes `files` the family `name` for the rest of the process, before the machine's: the copies a
    /// scene bundle carries, so its text draws the same where the family is not installed.
    package static func supply(family name: String, files: [URL]) {
        FontConfiguration.supply(family: name, files: Set(files.map { $0.standardizedFileURL.path }))
    }
}
