import Foundation

/// A vector image read from an SVG file, drawn as vectors: crisp at any scale or rotation.
///
/// Parse it once and draw it as often as needed, from any thread, with
/// the context's `draw(_:in:)`.
public struct SVGImage: Sendable {
    let document: SVGDocument

    /// The image's intrinsic size in points: its `<svg>` element's width and height, or its viewBox's.
    public var size: CGSize { document.size }

    /// Reads and parses an SVG file.
    ///
    /// - Throws: ``FlipbookError`` of kind `.file` when the file is missing or unreadable, and
    ///   `.invalidInput` when it is not SVG or has no size.
    public init(contentsOf url: URL) throws {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw FlipbookError.file("Cannot read the image \(path): there is no such file.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FlipbookError.file("Cannot read the image \(path): \(error.localizedDescription)")
        }
        try self.init(data: data, path: path)
    }

    /// Parses SVG `data`; `path` names it in messages.
    public init(data: Data, path: String) throws {
        guard !data.isEmpty else { throw ImageFileFormat.emptyFile(path) }
        document = try SVGDocument(data: data, path: path)
    }

    /// Whether `data` looks like an SVG document (it starts, after any white space, with `<svg`,
    /// `<?xml` or a comment), which ``init(data:path:)`` reads rather than the bitmap decoders.
    public static func isSVG(_ data: Data) -> Bool {
        let text = String(decoding: data.prefix(512), as: UTF8.self)
            .drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return text.hasPrefix("<svg") || text.hasPrefix("<?xml") || text.hasPrefix("<!--") || text.hasPrefix("<!DOCTYPE svg")
    }
}
