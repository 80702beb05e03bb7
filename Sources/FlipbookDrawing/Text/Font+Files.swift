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
}
