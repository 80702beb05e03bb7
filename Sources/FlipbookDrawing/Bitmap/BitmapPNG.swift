import CCairo
import FlipbookRaster
import Foundation

/// Feeds bytes to Cairo's PNG reader.
private final class PNGReadBuffer {
    let data: Data
    var offset = 0

    init(_ data: Data) {
        self.data = data
    }
}

extension Bitmap {
    /// The eight bytes every PNG file starts with.
    static let pngSignature: [UInt8] = FlipbookRaster.pngSignature

    /// Loads a PNG file.
    ///
    /// - Throws: ``FlipbookError`` when the file is missing or unreadable (kind `.file`), is not a PNG,
    ///   is a damaged one or is too large for a bitmap (`.invalidInput`), or when Cairo fails
    ///   (`.internal`).
    public init(contentsOfPNG url: URL) throws {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FlipbookError.file("Cannot read the PNG \(path): there is no such file.")
        }
        guard !isDirectory.boolValue else {
            throw FlipbookError.file("Cannot read the PNG \(path): it is a directory.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FlipbookError.file("Cannot read the PNG \(path): \(error.localizedDescription)")
        }
        try self.init(pngData: data, path: path)
    }

    /// Decodes a PNG from its bytes; `path` names it in messages.
    ///
    /// - Throws: ``FlipbookError`` when the bytes are not a PNG, are a damaged one or one too large
    ///   for a bitmap (`.invalidInput`), or when Cairo fails (`.internal`).
    package init(pngData data: Data, path: String) throws {
        guard data.count >= 8, Array(data.prefix(8)) == Bitmap.pngSignature else {
            throw FlipbookError.invalidInput(
                "Cannot read \(path) as a PNG: it does not start with the PNG signature, so it is not a PNG file"
                    + (data.isEmpty ? " (it is empty)." : "."))
        }
        let buffer = PNGReadBuffer(data)
        let unmanaged = Unmanaged.passRetained(buffer)
        defer { unmanaged.release() }
        guard let loaded = cairo_image_surface_create_from_png_stream({ closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_READ_ERROR }
            let buffer = Unmanaged<PNGReadBuffer>.fromOpaque(closure).takeUnretainedValue()
            let count = Int(length)
            guard buffer.offset + count <= buffer.data.count else { return CAIRO_STATUS_READ_ERROR }
            let copied = buffer.data.withUnsafeBytes { raw -> Bool in
                guard let base = raw.baseAddress else { return count == 0 }
                UnsafeMutableRawPointer(bytes).copyMemory(from: base + buffer.offset, byteCount: count)
                return true
            }
            guard copied else { return CAIRO_STATUS_READ_ERROR }
            buffer.offset += count
            return CAIRO_STATUS_SUCCESS
        }, unmanaged.toOpaque()) else {
            throw FlipbookError(.internal, "Cannot read the PNG \(path): Cairo returned no image.")
        }
        let status = cairo_surface_status(loaded)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(loaded)
            let reason = String(cString: cairo_status_to_string(status))
            if status == CAIRO_STATUS_READ_ERROR || status == CAIRO_STATUS_PNG_ERROR {
                throw FlipbookError.invalidInput("Cannot read the PNG \(path): the file is damaged or truncated (\(reason)).")
            }
            throw FlipbookError.cairo(status, while: "Reading the PNG \(path)")
        }
        let width = Int(cairo_image_surface_get_width(loaded)), height = Int(cairo_image_surface_get_height(loaded))
        if cairo_image_surface_get_format(loaded) == CAIRO_FORMAT_ARGB32 {
            self.init(storage: try SurfaceStorage(adopting: loaded, what: "a bitmap from the PNG \(path)"))
            return
        }
        // Other formats (RGB24 for opaque PNGs, A8, ...) are converted to premultiplied ARGB32.
        defer { cairo_surface_destroy(loaded) }
        let converted = try SurfaceStorage(width: width, height: height)
        guard let cr = cairo_create(converted.surface) else {
            throw FlipbookError(.internal, "Cannot convert the PNG \(path): Cairo could not create a context.")
        }
        defer { cairo_destroy(cr) }
        cairo_set_source_surface(cr, loaded, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        let drawStatus = cairo_status(cr)
        guard drawStatus == CAIRO_STATUS_SUCCESS else {
            throw FlipbookError.cairo(drawStatus, while: "Converting the PNG \(path)")
        }
        cairo_surface_flush(converted.surface)
        self.init(storage: converted)
    }

    /// The bitmap encoded as a PNG: 8-bit RGB when every pixel is opaque, else 8-bit RGBA
    /// (un-premultiplied exactly as Cairo's own PNG writer does), at ``defaultPNGCompression``.
    ///
    /// Written by Flipbook rather than by `cairo_surface_write_to_png_stream`, whose libpng default
    /// compression spent about 0.28 s on a 3840×2160 frame — ten times the drawing. Each row gets
    /// PNG's Sub or Up filter, whichever suits it, and zlib compresses the rows in strips, on every
    /// core at once; the file's bytes do not depend on how many cores there are.
    ///
    /// - Throws: the bitmap's ``drawingIssue`` if it has one, or a ``FlipbookError`` if zlib fails.
    public func pngData() throws -> Data {
        try pngData(compression: Self.defaultPNGCompression)
    }

    /// The bitmap encoded as a PNG at zlib's compression level `compression` (``pngCompressionRange``:
    /// 0 stores, 1 codes runs of repeated bytes only, the fastest and, for drawn pictures, the
    /// smallest; 2–9 also search for repeated strings, longer at each level).
    ///
    /// - Throws: the bitmap's ``drawingIssue`` if it has one, or a ``FlipbookError`` when the level is
    ///   out of range (key `pngCompression`) or zlib fails.
    public func pngData(compression: Int) throws -> Data {
        if let drawingIssue { throw drawingIssue }
        return try withFramePixels { try $0.pngFile(level: compression) }
    }

    /// The compression levels PNGs may be written at: zlib's, 0 (stored) … 9.
    public static let pngCompressionRange = PNGCompression.range

    /// The compression level PNGs are written at unless asked otherwise.
    public static let defaultPNGCompression = PNGCompression.defaultLevel

    /// Writes the bitmap as a PNG file, atomically: the file appears complete or not at all, and a file
    /// already at `url` survives any failure.
    ///
    /// - Throws: the bitmap's ``drawingIssue`` if it has one (nothing is written), or a ``FlipbookError``
    ///   naming the file when it cannot be written (kind ``FlipbookError/Kind/diskFull`` when the disk
    ///   or the quota is full).
    public func writePNG(to url: URL) throws {
        try writePNG(to: url, compression: Self.defaultPNGCompression)
    }

    /// As ``writePNG(to:)``, at zlib's compression level `compression` (``pngCompressionRange``).
    public func writePNG(to url: URL, compression: Int) throws {
        try writeAtomically(try pngData(compression: compression), to: url, what: "PNG")
    }
}
