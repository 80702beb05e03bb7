@testable import FlipbookRaster
import Testing

/// Where a Lottie frame's renderer left ink, band by band: the columns each band's pixels cover.
@Suite("Pixel ink")
struct PixelInkTests {
    @Test func pixelInkFindsEachBandsColumns() {
        var pixels = [UInt32](repeating: 0, count: 40 * 40)
        for (x, y) in [(3, 2), (10, 15), (7, 20), (39, 39)] { pixels[y * 40 + x] = 0xFF00_00FF }
        let ink = pixels.withUnsafeBytes { PixelInk(pixels: $0.baseAddress!, width: 40, height: 40, rowBytes: 160) }
        #expect(ink.bands == [PixelInk.Band(rows: 0..<16, columns: 3..<11), PixelInk.Band(rows: 16..<32, columns: 7..<8),
                              PixelInk.Band(rows: 32..<40, columns: 39..<40)])
        #expect(ink.rects(x: 100, y: 10).first == PixelRect(x: 103, y: 10, width: 8, height: 16))
        let empty = [UInt32](repeating: 0, count: 16).withUnsafeBytes {
            PixelInk(pixels: $0.baseAddress!, width: 4, height: 4, rowBytes: 16)
        }
        #expect(empty.bands.isEmpty)
    }
}
