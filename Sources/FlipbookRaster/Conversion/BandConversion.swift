import FlipbookCore
import Foundation

/// Converts a bitmap to YUV 4:2:0 band by band while it is drawn: each band as its pixels become final
/// (the drawing layer's `Bitmap.bandFinished`), while they are still in the cache, instead of reading
/// the whole picture back after drawing. The samples are those ``convert(_:coefficients:into:instructionSet:)`` gives.
package final class BandConverter {
    private var frame: YUVFrame?
    private let coefficients: YUVCoefficients
    private let kernel: Kernel
    /// The bitmap's clear colour and drawn tiles, once the first band is in.
    private var cleared: (pixel: UInt32, drawn: DirtyTiles)?
    private var started = false
    /// Time spent converting so far.
    package private(set) var nanoseconds: UInt64 = 0

    /// Converts into `frame` (its buffers reused, and its samples outside the tiles it last drew where
    /// they already hold the clear colour's), or into a new frame, flattening over `background`.
    package init(reusing frame: YUVFrame?, background: Color) {
        self.frame = frame
        coefficients = YUVCoefficients(background: background)
        kernel = Kernel(coefficients)
    }

    /// Converts the band `rows` of `pixels`. Bands come top to bottom and cover the picture.
    package func convert(rows: Range<Int>, of pixels: FramePixels) {
        let began = DispatchTime.now().uptimeNanoseconds
        defer { nanoseconds += DispatchTime.now().uptimeNanoseconds - began }
        var frame = self.frame.take() ?? YUVFrame(width: pixels.width, height: pixels.height)
        defer { self.frame = frame }
        if !started {
            started = true
            start(&frame, pixels)
        }
        FlipbookRaster.convert(pixels.pixels, stride: pixels.bytesPerRow, kernel, tiles: cleared?.drawn, rows: rows,
                               into: &frame, .widest)
    }

    /// The converted frame, once every band is in; `nil` when none came (nothing was drawn).
    package func finish() -> YUVFrame? {
        guard started, var frame = frame.take() else { return nil }
        if let cleared { frame.cleared = (cleared.pixel, coefficients, cleared.drawn) }
        return frame
    }

    /// Sizes the frame and writes the clear colour's samples where the bitmap holds only that colour
    /// and the frame does not hold them already, as the whole-picture conversion does.
    private func start(_ frame: inout YUVFrame, _ pixels: FramePixels) {
        frame.resize(width: pixels.width, height: pixels.height)
        guard let pixel = pixels.clearPixel else {
            frame.cleared = nil
            return
        }
        cleared = (pixel, pixels.dirtyTiles)
        fillOutside(pixels.dirtyTiles, clearedTo: pixel, coefficients: coefficients, kernel, into: &frame)
    }
}
