import FlipbookDrawing

/// One picture converted into the pixel layout a ``FrameSink`` asked for, ready to encode.
///
/// A plain value (`Sendable`), so drawing workers can convert on their own threads and hand the
/// result to the sink's thread. Planes are tightly packed rows; 10-bit samples are 16-bit
/// little-endian. 4:2:0 and 4:2:2 pictures cover the *encoded* size: odd sides are padded by
/// repeating the last column or row.
public struct ConvertedFrame: Sendable {
    /// The layout of ``planes``.
    public let pixelFormat: PixelFormat
    /// The picture's width in pixels, as drawn.
    public let width: Int
    /// The picture's height in pixels, as drawn.
    public let height: Int
    /// The sample planes (Y, Cb, Cr[, A]), or one packed plane (RGBA, BGRA, palette indices).
    package var planes: [[UInt8]]
    /// Bytes per row of each plane.
    package var rowBytes: [Int]
    /// Rows of each plane.
    package var rows: [Int]
    /// For ``PixelFormat/pal8``: 256 palette entries as libavutil wants them (`0xAARRGGBB`).
    package var palette: [UInt32]?

    /// The encoded size: each side rounded up to the chroma subsampling.
    package static func encodedSize(width: Int, height: Int, format: PixelFormat) -> (width: Int, height: Int) {
        let shift = format.layout.chromaShift
        let xs = 1 << shift.x, ys = 1 << shift.y
        return ((width + xs - 1) / xs * xs, (height + ys - 1) / ys * ys)
    }

    /// Wraps an already converted 8-bit 4:2:0 frame without copying its planes.
    package init(_ frame: YUVFrame) {
        pixelFormat = .yuv420p
        width = frame.width
        height = frame.height
        planes = [frame.y, frame.u, frame.v]
        rowBytes = [frame.lumaWidth, frame.chromaWidth, frame.chromaWidth]
        rows = [frame.lumaHeight, frame.chromaHeight, frame.chromaHeight]
        palette = nil
    }

    package init(pixelFormat: PixelFormat, width: Int, height: Int, planes: [[UInt8]], rowBytes: [Int], rows: [Int],
                 palette: [UInt32]? = nil) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.planes = planes
        self.rowBytes = rowBytes
        self.rows = rows
        self.palette = palette
    }

    /// Converts a premultiplied Cairo bitmap.
    ///
    /// - Parameters:
    ///   - background: The colour every pixel is flattened over (alpha becomes opaque), or `nil` to
    ///     keep transparency: colours are then un-premultiplied exactly, so a half-covered edge pixel
    ///     keeps its own colour rather than darkening towards black.
    public init(converting bitmap: Bitmap, to pixelFormat: PixelFormat, background: Color?) {
        if pixelFormat == .yuv420p, let background {
            // The fast, vectorised path every opaque H.264 clip has always used.
            var frame = YUVFrame(width: bitmap.width, height: bitmap.height)
            convert(bitmap, background: background, into: &frame)
            self.init(frame)
            return
        }
        self = convertGeneric(bitmap, to: pixelFormat, background: background)
    }
}
