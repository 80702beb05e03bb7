import FlipbookRaster

/// A premultiplied pixel's channels, each at most its alpha.
typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

/// A picture's premultiplied ARGB32 pixels in an array, rows packed without padding, lent to the
/// conversions as the raster's `FramePixels`: the picture the drawing layer's bitmap hands over,
/// without drawing.
struct TestPicture {
    let width: Int
    let height: Int
    /// The pixels as native-endian words `0xAARRGGBB`, row after row.
    var words: [UInt32]

    init(width: Int, height: Int, _ pixel: (_ x: Int, _ y: Int) -> Pixel) {
        self.width = width
        self.height = height
        words = (0..<(width * height)).map { index in
            let p = pixel(index % width, index / width)
            return UInt32(p.a) << 24 | UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
        }
    }

    /// Calls `body` with the pixels, their contents not known to be a clear colour, so every pixel is
    /// converted.
    func withFramePixels<R>(_ body: (FramePixels) throws -> R) rethrows -> R {
        try words.withUnsafeBytes { bytes in
            try body(FramePixels(pixels: bytes.baseAddress!, bytesPerRow: 4 * width, width: width, height: height,
                                 clearPixel: nil, dirtyTiles: DirtyTiles(width: width, height: height)))
        }
    }
}
