import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Blurs added one after another act as one blur of their combined radius, unless a blur's options
/// change its result before the next one blurs it.
@Suite("Stacked blurs")
struct StackedBlurTests {
    @Test func stackedBlursAreOneBlurOfTheirCombinedRadius() throws {
        // Four blurs of σ = 3 are one of σ = √(4 · 3²) = 6: the same pixels, and the edge follows the
        // Gaussian of σ = 6.
        func bar(_ radii: [Double]) throws -> Bitmap {
            try drawing(320, 60) { context, _ in
                var c = context
                for radius in radii { c.addFilter(.blur(radius: radius)) }
                c.fill(Path(CGRect(x: 100, y: -200, width: 180, height: 600)), with: .color(.black))
            }
        }
        let stacked = try bar([3, 3, 3, 3]), single = try bar([6])
        #expect(try stacked.pngData() == single.pngData())
        var worst = 0.0
        for x in 60..<140 {
            let coverage = FilterTests.phi((Double(x) + 0.5 - 100) / 6) - FilterTests.phi((Double(x) + 0.5 - 280) / 6)
            worst = max(worst, abs(stacked.pixel(x: x, y: 30).red - (1 - coverage)))
        }
        #expect(worst <= 0.02, "largest difference from the Gaussian's profile: \(worst)")
    }

    @Test func aBlurWithOptionsEndsARunOfBlurs() throws {
        // `.opaque` makes the first blur's result opaque before the second blurs it again, so the pair
        // is not one blur.
        func bar(_ filters: [GraphicsContext.Filter]) throws -> Bitmap {
            try drawing(160, 40, background: nil) { context, _ in
                var c = context
                for filter in filters { c.addFilter(filter) }
                c.fill(Path(CGRect(x: 60, y: 10, width: 40, height: 20)), with: .color(.black))
            }
        }
        let withOpaque = try bar([.blur(radius: 3), .blur(radius: 3, options: .opaque)])
        let plain = try bar([.blur(radius: 3), .blur(radius: 3)])
        // Opaque after the inner blur, then blurred again: far from the bar the outer blur fades it, but
        // just outside it the pixel is more opaque than the plain pair's.
        #expect(withOpaque.pixel(x: 56, y: 20).opacity > plain.pixel(x: 56, y: 20).opacity + 0.1)
    }
}
