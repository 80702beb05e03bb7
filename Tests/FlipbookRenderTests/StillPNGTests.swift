import Flipbook
import Foundation
import FlipbookTestSupport
import Testing

/// Flipbook writes PNGs itself (zlib in strips of rows, Sub or Up per row) rather than through
/// Cairo's libpng writer, which was the slowest part of a 4K still. These check that what it writes
/// reads back pixel for pixel.
@Suite("PNG stills")
struct StillPNGTests {
    /// Every premultiplied ARGB word of a bitmap.
    func words(_ bitmap: Bitmap) -> [UInt32] {
        bitmap.withUnsafeBytes { bytes, stride in
            (0..<bitmap.height).flatMap { y in
                (0..<bitmap.width).map { x in bytes.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self) }
            }
        }
    }

    @Test("translucent pixels of every alpha read back exactly (RGBA)")
    func translucentRoundTrip() throws {
        var bitmap = try Bitmap(width: 256, height: 64)
        var state: UInt32 = 7
        try bitmap.withUnsafeMutableBytes { bytes, stride in
            for y in 0..<64 {
                for x in 0..<256 {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    // Alpha x; colour channels random but valid premultiplied (≤ alpha).
                    let a = UInt32(x)
                    func channel(_ shift: UInt32) -> UInt32 { a == 0 ? 0 : ((state >> shift) & 0xFF) % (a + 1) }
                    let word = a << 24 | channel(0) << 16 | channel(8) << 8 | channel(16)
                    bytes.storeBytes(of: word, toByteOffset: y * stride + 4 * x, as: UInt32.self)
                }
            }
        }
        let data = try bitmap.pngData()
        #expect(data[25] == 6)  // IHDR colour type: RGBA
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let url = directory.appendingPathComponent("translucent.png")
        try data.write(to: url)
        let decoded = try Bitmap(contentsOfPNG: url)
        #expect(decoded.width == 256 && decoded.height == 64)
        #expect(words(decoded) == words(bitmap))
    }

    @Test("an opaque still is written as RGB and reads back exactly")
    func opaqueStill() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let url = directory.appendingPathComponent("opaque.png")
        var timeline = try movingRectTimeline(width: 161, height: 91)  // odd sizes
        timeline.scale = 1
        try renderStill(timeline, at: 0.3, to: url)
        let data = try Data(contentsOf: url)
        #expect(data[25] == 2)  // IHDR colour type: RGB
        var expected = try Bitmap(width: 161, height: 91)
        timeline.draw(at: 0.3, into: &expected)
        #expect(words(try Bitmap(contentsOfPNG: url)) == words(expected))
    }
}
