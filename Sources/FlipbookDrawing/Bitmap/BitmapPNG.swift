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
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

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
    /// (un-premultiplied exactly as Cairo's own PNG writer does).
    ///
    /// Written by Flipbook rather than by `cairo_surface_write_to_png_stream`, whose libpng default
    /// compression spent about 0.28 s on a 3840×2160 frame — ten times the drawing. Here each row
    /// gets PNG's "Sub" filter and zlib compresses at `pngCompressionLevel` with the run-length
    /// strategy, which is several times faster and, on drawn graphics, about as small.
    ///
    /// - Throws: the bitmap's ``drawingIssue`` if it has one, or a ``FlipbookError`` if zlib fails.
    public func pngData() throws -> Data {
        if let drawingIssue { throw drawingIssue }
        return try withFramePixels { try PNGEncoder(picture: $0).encode() }
    }

    /// The zlib level PNGs are written at: 1 (fastest) … 9 (smallest).
    static let pngCompressionLevel: Int32 = 2

    /// Writes the bitmap as a PNG file, atomically: the file appears complete or not at all, and a file
    /// already at `url` survives any failure.
    ///
    /// - Throws: the bitmap's ``drawingIssue`` if it has one (nothing is written), or a ``FlipbookError``
    ///   naming the file when it cannot be written (kind ``FlipbookError/Kind/diskFull`` when the disk
    ///   or the quota is full).
    public func writePNG(to url: URL) throws {
        try writeAtomically(try pngData(), to: url, what: "PNG")
    }
}

/// Encodes premultiplied ARGB32 pixels (Cairo's layout: one native-endian 32-bit word per pixel)
/// as a PNG with zlib.
private struct PNGEncoder {
    let picture: FramePixels
    var width: Int { picture.width }
    var height: Int { picture.height }

    func encode() throws -> Data {
        let opaque = picture.isOpaque
        let filtered = picture.pngRows(channels: opaque ? 3 : 4)
        var png = Data(Bitmap.pngSignature)
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; no interlace.
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", try deflate(filtered))
        png.appendChunk("IEND", Data())
        return png
    }

    private func deflate(_ input: [UInt8]) throws -> Data {
        var stream = z_stream()
        var status = deflateInit2_(&stream, Bitmap.pngCompressionLevel, Z_DEFLATED, MAX_WBITS, 8, Z_RLE,
                                   ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw zlibError(status, &stream) }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        status = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                guard let input = source.baseAddress, let output = destination.baseAddress else { return Z_STREAM_ERROR }
                stream.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(source.count)
                stream.next_out = output.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(destination.count)
                return CCairo.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw zlibError(status, &stream) }
        return Data(output.prefix(Int(stream.total_out)))
    }

    private func zlibError(_ status: Int32, _ stream: inout z_stream) -> FlipbookError {
        let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
        return FlipbookError(.file, "Encoding a \(width)×\(height) PNG failed: zlib reported \(message).")
    }
}

private extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    /// Appends a PNG chunk: length, type, data, and the CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ body: Data) {
        appendBigEndian(UInt32(body.count))
        let typeAndBody = Data(type.utf8) + body
        append(typeAndBody)
        let crc = typeAndBody.withUnsafeBytes { bytes in
            crc32(0, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
        }
        appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
