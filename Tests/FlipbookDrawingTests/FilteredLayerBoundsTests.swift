import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// A filtered `drawLayer` is filtered over what was drawn into it, grown by the filters' reach, not
/// over the whole clip: the tiles it touches are those around its drawing, and the picture is the
/// one a layer filtered over the whole canvas gives.
@Suite("Filtered layer bounds")
struct FilteredLayerBoundsTests {
    static let side = 400

    /// Two circles under SwiftUI's metaballs recipe; with `farSpeck`, the layer also draws a speck too
    /// faint to reach 8 bits in the far corner, so that what it drew spans the whole canvas.
    static func metaballs(farSpeck: Bool) throws -> Bitmap {
        try drawing(side, side) { context, _ in
            var c = context
            c.addFilter(.alphaThreshold(min: 0.5, color: .orange))
            c.addFilter(.blur(radius: 6))
            c.drawLayer { layer in
                layer.fill(Path(ellipseIn: CGRect(x: 40, y: 40, width: 40, height: 40)), with: .color(.black))
                layer.fill(Path(ellipseIn: CGRect(x: 90, y: 50, width: 40, height: 40)), with: .color(.black))
                if farSpeck {
                    layer.fill(Path(CGRect(x: 395, y: 395, width: 2, height: 2)), with: .color(.black.opacity(0.001)))
                }
            }
        }
    }

    @Test func aFilteredLayerTouchesOnlyTheTilesAroundItsDrawing() throws {
        let tight = try Self.metaballs(farSpeck: false), wide = try Self.metaballs(farSpeck: true)
        // The circles span 40...130 × 40...90; the blur (σ = 6, boxes of radius 5) reaches 3 · 6 + 1 = 19
        // pixels further: 21...149 × 21...109, tiles 1...9 × 1...6 of 16 pixels, 54 of the canvas's 625.
        let tiles = tight.dirtyTiles
        #expect(tiles.count <= 54, "\(tiles.count) tiles marked")
        #expect(!tiles.contains(column: 10, row: 1) && !tiles.contains(column: 1, row: 7) && tiles.contains(column: 5, row: 4))
        #expect(wide.dirtyTiles.count > 500)
        // Filtering over the drawing's bounds or over the whole canvas gives the same picture.
        #expect(try tight.pngData() == wide.pngData())
        let inside = tight.pixel(x: 60, y: 60)
        #expect(inside.opacity == 1 && close(inside.red, Color.orange.red) && close(inside.green, Color.orange.green))
        #expect(tight.pixel(x: 200, y: 200) == Color(red: 1, green: 1, blue: 1))
    }
}
