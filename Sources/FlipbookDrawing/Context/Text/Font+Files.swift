import Foundation

extension Font {
    /// Adds the TrueType or OpenType font file at `url` to the fonts text is drawn with (the package's
    /// own fontconfig configuration, never the machine's), and returns its family name, which
    /// ``custom(_:size:)`` then draws with on every machine; `nil` when the file holds no font.
    ///
    /// Registering the same file again costs nothing. Text being drawn on other threads meanwhile
    /// keeps the fonts it started with.
    ///
    /// - Throws: ``FlipbookError`` when the carried fonts cannot be set up.
    package static func register(fileAt url: URL) throws -> String? {
        try FontConfiguration.registerFontFile(at: url)
    }
}
