import FlipbookCore
import FlipbookRaster
import Foundation

/// Builds one palette for a whole GIF from the clip's own colours (the raster's ``GIFPalette``), then
/// maps every frame onto it.
///
/// Frames wait on disk (straight RGBA, ``FrameSpool``) until ``forEachIndexedFrame(_:)``: the palette
/// needs every frame's colours before the first is mapped.
final class GIFPaletteBuilder {
    private let width: Int
    private let height: Int
    private let file: URL
    private let frames: FrameSpool
    private var palette: GIFPalette

    /// - Parameter temporary: The output's temporary file; the spool is created beside it.
    init(width: Int, height: Int, keepsAlpha: Bool, temporary: URL, file: URL) throws {
        self.width = width
        self.height = height
        self.file = file
        palette = GIFPalette(keepsAlpha: keepsAlpha)
        frames = try FrameSpool(near: temporary, frameBytes: width * height * 4, file: file)
    }

    /// Counts a frame's colours (straight RGBA) and keeps it.
    func add(_ frame: ConvertedFrame) throws {
        guard frame.pixelFormat == .rgba, let pixels = frame.planes.first else {
            throw FlipbookError(.internal, "Cannot write GIF \(file.path): frames must be RGBA, not \(frame.pixelFormat.rawValue).")
        }
        palette.count(pixels)
        try frames.append(pixels)
    }

    /// Maps every kept frame onto the palette and passes it, as ``PixelFormat/pal8``, to `body`
    /// with its index.
    func forEachIndexedFrame(_ body: (ConvertedFrame, Int) throws -> Void) throws {
        var indexer = palette.indexer()
        for index in 0..<frames.count {
            let indices = indexer.indices(of: try frames.frame(index), width: width, height: height)
            let frame = ConvertedFrame(pixelFormat: .pal8, width: width, height: height, planes: [indices],
                                       rowBytes: [width], rows: [height], palette: indexer.palette)
            try body(frame, index)
        }
    }
}
