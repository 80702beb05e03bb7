/// How a picture's samples are stored once converted: the table the conversions and the encoders read
/// (FlipbookVideo's `PixelFormat.layout` gives each format's), rather than a `switch` in each of them.
package struct PixelLayout: Sendable {
    /// Bits per sample: 8 or 10 (10-bit samples are stored little-endian in 16 bits).
    package var depth: Int
    /// Whether samples are YUV planes (else packed RGB(A) or palette indices in one plane).
    package var planar: Bool
    /// log₂ of the horizontal and vertical chroma subsampling (1, 1 for 4:2:0).
    package var chromaShift: (x: Int, y: Int)
    /// Whether the layout carries alpha.
    package var hasAlpha: Bool
    /// Bytes per pixel of a packed layout (4 for RGBA/BGRA, 1 for palette indices).
    package var packedBytes: Int

    package init(depth: Int, planar: Bool, chromaShift: (x: Int, y: Int), hasAlpha: Bool, packedBytes: Int) {
        self.depth = depth
        self.planar = planar
        self.chromaShift = chromaShift
        self.hasAlpha = hasAlpha
        self.packedBytes = packedBytes
    }

    /// Bytes one sample occupies in a plane.
    package var sampleBytes: Int { depth > 8 ? 2 : 1 }

    /// The encoded size of a `width × height` picture: each side rounded up to the chroma subsampling.
    package func encodedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let xs = 1 << chromaShift.x, ys = 1 << chromaShift.y
        return ((width + xs - 1) / xs * xs, (height + ys - 1) / ys * ys)
    }
}
