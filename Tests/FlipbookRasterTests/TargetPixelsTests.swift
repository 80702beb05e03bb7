@testable import FlipbookRaster
import Testing

/// Clearing a raster's drawn tiles, leaving the bytes a frame drawn straight into it already holds.
@Suite("Target pixels")
struct TargetPixelsTests {
    @Test func aClearLeavesTheBytesItIsToldTo() {
        // 40 × 3 pixels, all set; tiles cover them all. Keep row 0 from x = 10 to row 1's x = 5.
        var pixels = [UInt32](repeating: 7, count: 40 * 3)
        var tiles = DirtyTiles(width: 40, height: 3)
        tiles.mark(x: 0, y: 0, width: 40, height: 3)
        pixels.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let target = TargetPixels(image: OpaquePointer(base), data: base, rowBytes: 160, width: 40, height: 3,
                                      offsetX: 0, offsetY: 0)
            target.fill(tiles, with: 0, except: (4 * 10)..<(160 + 4 * 5))
        }
        #expect(pixels[0..<10].allSatisfy { $0 == 0 } && pixels[10..<45].allSatisfy { $0 == 7 })
        #expect(pixels[45...].allSatisfy { $0 == 0 })
    }
}
