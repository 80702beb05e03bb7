import Foundation

/// What an image file holds, told from its first bytes (never from its name).
enum ImageFileFormat: Equatable {
    case png, jpeg, webp
    /// A format Flipbook does not draw, with its name for messages ("a GIF image").
    case unsupported(String)
    case empty
    case unknown

    /// The formats ``Bitmap/init(contentsOf:)`` draws, for messages.
    static let drawable = "PNG, JPEG and WebP images"

    static func emptyFile(_ path: String) -> FlipbookError {
        FlipbookError.invalidInput("\(path) is empty; Flipbook draws \(drawable).")
    }

    init(sniffing data: Data) {
        let b = [UInt8](data.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<(offset + prefix.count)]) == prefix
        }
        func ascii(_ s: String, at offset: Int = 0) -> Bool { starts(Array(s.utf8), at: offset) }
        if b.isEmpty {
            self = .empty
        } else if starts(Bitmap.pngSignature) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if ascii("RIFF") && ascii("WEBP", at: 8) {
            self = .webp
        } else if ascii("GIF87a") || ascii("GIF89a") {
            self = .unsupported("a GIF image")
        } else if ascii("BM") {
            self = .unsupported("a BMP image")
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .unsupported("a TIFF image")
        } else if ascii("ftypavif", at: 4) || ascii("ftypavis", at: 4) {
            self = .unsupported("an AVIF image")
        } else if ascii("ftypheic", at: 4) || ascii("ftypheix", at: 4) || ascii("ftypmif1", at: 4) {
            self = .unsupported("a HEIF image")
        } else if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            self = .unsupported("a JPEG XL image")
        } else if starts([0x00, 0x00, 0x01, 0x00]) {
            self = .unsupported("an ICO icon")
        } else if ascii("%PDF") {
            self = .unsupported("a PDF document")
        } else if ascii("<svg") || ascii("<?xml") {
            self = .unsupported("an SVG or XML document")
        } else {
            self = .unknown
        }
    }
}

extension Bitmap {
    /// Loads a PNG, JPEG or WebP image, telling them apart by their contents.
    ///
    /// JPEGs (baseline or progressive, greyscale or colour) are opaque; a WebP's alpha is kept and
    /// premultiplied. Any other file is refused with a message that names it and what it is, e.g.
    /// "photo.gif is a GIF image; Flipbook draws PNG, JPEG and WebP images."
    ///
    /// - Throws: ``FlipbookError`` of kind `.file` when the file is missing or unreadable, and
    ///   `.invalidInput` when it is empty, another format, damaged or truncated, or too large for a
    ///   bitmap.
    public init(contentsOf url: URL) throws {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FlipbookError.file("Cannot read the image \(path): there is no such file.")
        }
        guard !isDirectory.boolValue else {
            throw FlipbookError.file("Cannot read the image \(path): it is a directory.")
        }
        // An empty file is refused before reading: Foundation's reader leaks its buffer on one.
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size == 0 {
            throw ImageFileFormat.emptyFile(path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FlipbookError.file("Cannot read the image \(path): \(error.localizedDescription)")
        }
        try self.init(imageData: data, path: path)
    }

    /// Decodes a PNG, JPEG or WebP image from its bytes, telling the formats apart by their contents;
    /// `path` names the image in messages. The one entry to the image decoders (the `Image` fuzz
    /// target feeds it any bytes).
    ///
    /// - Throws: ``FlipbookError`` of kind `.invalidInput` when the bytes are empty, another format,
    ///   damaged or truncated, or too large for a bitmap.
    package init(imageData data: Data, path: String) throws {
        switch ImageFileFormat(sniffing: data) {
        case .png:
            try self.init(pngData: data, path: path)
        case .jpeg:
            self.init(storage: try JPEGDecoder.decode(data, path: path))
        case .webp:
            self.init(storage: try WebPDecoder.decode(data, path: path))
        case .unsupported(let what):
            throw FlipbookError.invalidInput("\(path) is \(what); Flipbook draws \(ImageFileFormat.drawable).")
        case .empty:
            throw ImageFileFormat.emptyFile(path)
        case .unknown:
            throw FlipbookError.invalidInput(
                "\(path) is not an image Flipbook recognises; Flipbook draws \(ImageFileFormat.drawable).")
        }
    }
}
