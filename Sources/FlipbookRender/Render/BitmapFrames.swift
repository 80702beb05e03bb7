import FlipbookDrawing
import FlipbookRaster
import FlipbookVideo

// Bitmaps handed to the output layer. Output never sees Cairo: it reads a bitmap's pixels as the raster
// layer's `FramePixels`, lent here for the length of the call (the bitmap's own memory, not a copy).

extension VideoEncoder {
    /// Appends one frame. The bitmap must be `width × height` pixels.
    public func append(_ frame: Bitmap) throws {
        try frame.withFramePixels { try append($0) }
    }
}

extension FrameSink {
    /// Converts a premultiplied bitmap to the sink's layout and appends it.
    public func append(_ frame: Bitmap) throws {
        try frame.withFramePixels { try append($0) }
    }
}

extension ConvertedFrame {
    /// Converts a premultiplied bitmap.
    ///
    /// - Parameters:
    ///   - background: The colour every pixel is flattened over (alpha becomes opaque), or `nil` to
    ///     keep transparency: colours are then un-premultiplied exactly, so a half-covered edge pixel
    ///     keeps its own colour rather than darkening towards black.
    public init(converting bitmap: Bitmap, to pixelFormat: PixelFormat, background: Color?) {
        self = bitmap.withFramePixels { ConvertedFrame(converting: $0, to: pixelFormat, background: background) }
    }

    /// Converts `bitmap` into this frame, keeping its pixel format and reusing its buffers: for
    /// `yuv420p` with a background (H.264's layout), only the tiles drawn since the bitmap was last
    /// cleared are converted again. Drawing workers keep a few frames and convert into them in turn.
    public mutating func convert(_ bitmap: Bitmap, background: Color?) {
        bitmap.withFramePixels { convert($0, background: background) }
    }
}

/// Converts a bitmap to YUV 4:2:0 flattened over `background` (see the raster layer's
/// `convert(_:background:into:)`).
package func convert(_ bitmap: Bitmap, background: Color, into frame: inout YUVFrame) {
    bitmap.withFramePixels { FlipbookRaster.convert($0, background: background, into: &frame) }
}

/// Converts a bitmap to YUV 4:2:0 with coefficients already computed, only its tiles drawn since it
/// was cleared when it knows them (see the raster layer's `convert(_:coefficients:into:instructionSet:)`).
package func convert(_ bitmap: Bitmap, coefficients: YUVCoefficients, into frame: inout YUVFrame,
                     instructionSet: InstructionSet? = .widest) {
    bitmap.withFramePixels {
        FlipbookRaster.convert($0, coefficients: coefficients, into: &frame, instructionSet: instructionSet)
    }
}
