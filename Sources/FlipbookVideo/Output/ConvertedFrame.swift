import FlipbookCore
import FlipbookRaster

/// One picture converted into the pixel layout a ``FrameSink`` asked for, ready to encode.
///
/// A plain value (`Sendable`), so drawing workers can convert on their own threads and hand the
/// result to the sink's thread. Planes are tightly packed rows; 10-bit samples are 16-bit
/// little-endian. 4:2:0 and 4:2:2 pictures cover the *encoded* size: odd sides are padded by
/// repeating the last column or row.
public struct ConvertedFrame: Sendable {
    /// The layout of the samples.
    public private(set) var pixelFormat: PixelFormat
    /// The picture's width in pixels, as drawn.
    public private(set) var width: Int
    /// The picture's height in pixels, as drawn.
    public private(set) var height: Int
    /// 8-bit 4:2:0 samples, kept as the vectorised converter's own frame so that converting into
    /// it again reuses its buffers and rewrites only the tiles drawn since the bitmap was cleared.
    package private(set) var yuv: YUVFrame?
    /// The planes of every other layout.
    private var storage: [[UInt8]]
    private var storageRowBytes: [Int]
    private var storageRows: [Int]
    /// The sample planes (Y, Cb, Cr[, A]), or one packed plane (RGBA, BGRA, palette indices).
    package var planes: [[UInt8]] { yuv.map { [$0.y, $0.u, $0.v] } ?? storage }
    /// Bytes per row of each plane.
    package var rowBytes: [Int] { yuv.map { [$0.lumaWidth, $0.chromaWidth, $0.chromaWidth] } ?? storageRowBytes }
    /// Rows of each plane.
    package var rows: [Int] { yuv.map { [$0.lumaHeight, $0.chromaHeight, $0.chromaHeight] } ?? storageRows }
    /// For ``PixelFormat/pal8``: 256 palette entries as libavutil wants them (`0xAARRGGBB`).
    package var palette: [UInt32]?

    /// The encoded size: each side rounded up to the chroma subsampling.
    package static func encodedSize(width: Int, height: Int, format: PixelFormat) -> (width: Int, height: Int) {
        format.layout.encodedSize(width: width, height: height)
    }

    /// Wraps an already converted 8-bit 4:2:0 frame without copying its planes.
    package init(_ frame: YUVFrame) {
        pixelFormat = .yuv420p
        width = frame.width
        height = frame.height
        yuv = frame
        storage = []
        storageRowBytes = []
        storageRows = []
        palette = nil
    }

    package init(pixelFormat: PixelFormat, width: Int, height: Int, planes: [[UInt8]], rowBytes: [Int], rows: [Int],
                 palette: [UInt32]? = nil) {
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        yuv = nil
        storage = planes
        storageRowBytes = rowBytes
        storageRows = rows
        self.palette = palette
    }

    /// Moves the 8-bit 4:2:0 planes out (for converting into them again), leaving none.
    package mutating func takeYUV() -> YUVFrame? {
        yuv.take()
    }

    /// Converts premultiplied pixels (the public form takes a `Bitmap`).
    ///
    /// - Parameters:
    ///   - background: The colour every pixel is flattened over (alpha becomes opaque), or `nil` to
    ///     keep transparency: colours are then un-premultiplied exactly, so a half-covered edge pixel
    ///     keeps its own colour rather than darkening towards black.
    package init(converting picture: FramePixels, to pixelFormat: PixelFormat, background: Color?) {
        let width = picture.width, height = picture.height
        let layout = pixelFormat.layout
        if pixelFormat == .yuv420p, let background {
            // The fast, vectorised path every opaque H.264 clip has always used.
            var frame = YUVFrame(width: width, height: height)
            FlipbookRaster.convert(picture, background: background, into: &frame)
            self.init(frame)
        } else if layout.planar {
            let converted = convertToPlanes(picture, layout: layout, background: background)
            self.init(pixelFormat: pixelFormat, width: width, height: height, planes: converted.planes,
                      rowBytes: converted.rowBytes, rows: converted.rows)
        } else {
            // PAL8 is made from RGBA by the GIF palette, so it converts as RGBA here.
            let pixels = straightPixels(picture, order: pixelFormat == .bgra ? .bgra : .rgba, background: background)
            self.init(pixelFormat: pixelFormat == .pal8 ? .rgba : pixelFormat, width: width, height: height,
                      planes: [pixels], rowBytes: [width * 4], rows: [height])
        }
    }

    /// Converts `picture` into this frame, keeping its pixel format and reusing its buffers: for
    /// `yuv420p` with a background (H.264's layout), only the tiles drawn since the picture was last
    /// cleared are converted again. Drawing workers keep a few frames and convert into them in turn.
    package mutating func convert(_ picture: FramePixels, background: Color?) {
        if pixelFormat == .yuv420p, let background {
            var frame = yuv ?? YUVFrame(width: picture.width, height: picture.height)
            // Take the frame out first, so converting into it does not copy buffers still shared.
            yuv = nil
            FlipbookRaster.convert(picture, coefficients: YUVCoefficients(background: background), into: &frame)
            width = picture.width
            height = picture.height
            yuv = frame
            return
        }
        self = ConvertedFrame(converting: picture, to: pixelFormat, background: background)
    }
}
