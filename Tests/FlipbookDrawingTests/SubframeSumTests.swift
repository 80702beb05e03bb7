import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// Motion blur's average written into a bitmap (the sums themselves are FlipbookRasterTests'
/// `SubframeSumTests`).
@Suite("Sub-frame sums in a bitmap")
struct SubframeSumTests {
    @Test("A blurred bitmap keeps only the drawn tiles dirty, and they alone differ from its clear colour")
    func averagedBitmapKeepsDrawnTiles() throws {
        var bitmap = try Bitmap(width: 200, height: 120)
        bitmap.drawAverage(of: 4) { bitmap, index in
            bitmap.draw(background: .white) { context, _ in
                context.fill(Path(CGRect(x: 20 + 10 * Double(index), y: 30, width: 12, height: 12)), with: .color(.black))
            }
        }
        let tiles = bitmap.dirtyTiles
        // The squares span x = 20...62 and y = 30...42: tile columns 1...3, tile rows 1...2.
        #expect(tiles.count == 6)
        #expect((1...3).allSatisfy { tiles.contains(column: $0, row: 1) && tiles.contains(column: $0, row: 2) })
        #expect(bitmap.clearPixel == 0xFFFF_FFFF)
        // Each square covers x = 20 + 10i ..< 32 + 10i: x = 31 is inside two of the four.
        #expect(bitmap.pixel(x: 31, y: 36) == Color(red: 128 / 255.0, green: 128 / 255.0, blue: 128 / 255.0))
        #expect(bitmap.pixel(x: 100, y: 36) == .white)
    }
}
