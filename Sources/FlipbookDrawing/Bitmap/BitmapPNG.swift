import CCairo
import Foundation

/// Collects the bytes Cairo writes to a PNG stream.
private final class PNGWriteBuffer {
    var data = Data()
}

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
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Loads a PNG file.
    ///
    /// - Throws: ``FlipbookError`` when the file is missing or unreadable (`.io`), is not a PNG or is a
    ///   damaged one (`.malformedInput`), is too large for a bitmap (`.invalidArgument`), or when Cairo
    ///   fails (`.cairo`).
    public init(contentsOfPNG url: URL) throws {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FlipbookError.io("Cannot read the PNG \(path): there is no such file.")
        }
        guard !isDirectory.boolValue else {
            throw FlipbookError.io("Cannot read the PNG \(path): it is a directory.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FlipbookError.io("Cannot read the PNG \(path): \(error.localizedDescription)")
        }
        guard data.count >= 8, Array(data.prefix(8)) == Bitmap.pngSignature else {
            throw FlipbookError.malformedInput(
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
            buffer.data.withUnsafeBytes { raw in
                UnsafeMutableRawPointer(bytes).copyMemory(
                    from: raw.baseAddress! + buffer.offset, byteCount: count)
            }
            buffer.offset += count
            return CAIRO_STATUS_SUCCESS
        }, unmanaged.toOpaque()) else {
            throw FlipbookError(.cairo, "Cannot read the PNG \(path): Cairo returned no image.")
        }
        let status = cairo_surface_status(loaded)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(loaded)
            let reason = String(cString: cairo_status_to_string(status))
            if status == CAIRO_STATUS_READ_ERROR || status == CAIRO_STATUS_PNG_ERROR {
                throw FlipbookError.malformedInput("Cannot read the PNG \(path): the file is damaged or truncated (\(reason)).")
            }
            throw FlipbookError.cairo(status, while: "Reading the PNG \(path)")
        }
        let width = Int(cairo_image_surface_get_width(loaded)), height = Int(cairo_image_surface_get_height(loaded))
        if cairo_image_surface_get_format(loaded) == CAIRO_FORMAT_ARGB32 {
            storage = SurfaceStorage(adopting: loaded)
            return
        }
        // Other formats (RGB24 for opaque PNGs, A8, ...) are converted to premultiplied ARGB32.
        defer { cairo_surface_destroy(loaded) }
        let converted = try SurfaceStorage(width: width, height: height)
        guard let cr = cairo_create(converted.surface) else {
            throw FlipbookError(.cairo, "Cannot convert the PNG \(path): Cairo could not create a context.")
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
        storage = converted
    }

    /// The bitmap encoded as a PNG (8-bit RGBA, un-premultiplied).
    ///
    /// - Throws: the bitmap's ``drawingIssue`` if it has one, or a ``FlipbookError`` if Cairo cannot
    ///   encode the image.
    public func pngData() throws -> Data {
        if let drawingIssue { throw drawingIssue }
        cairo_surface_flush(storage.surface)
        let buffer = PNGWriteBuffer()
        let unmanaged = Unmanaged.passRetained(buffer)
        defer { unmanaged.release() }
        let status = cairo_surface_write_to_png_stream(storage.surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            let buffer = Unmanaged<PNGWriteBuffer>.fromOpaque(closure).takeUnretainedValue()
            buffer.data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, unmanaged.toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw FlipbookError.cairo(status, while: "Encoding a \(width)×\(height) PNG")
        }
        return buffer.data
    }

    /// Writes the bitmap as a PNG file, atomically: the file appears complete or not at all, and a file
    /// already at `url` survives any failure.
    ///
    /// - Throws: the bitmap's ``drawingIssue`` if it has one (nothing is written), or a ``FlipbookError``
    ///   naming the file when it cannot be written.
    public func writePNG(to url: URL) throws {
        let data = try pngData()
        try writeAtomically(to: url, what: "PNG") { temporary in
            do {
                try data.write(to: temporary)
            } catch {
                throw FlipbookError.io("Cannot write the PNG \(url.path): \(error.localizedDescription)")
            }
        }
    }
}
