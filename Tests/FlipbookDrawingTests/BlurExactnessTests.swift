import FlipbookDrawing
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// The blur keeps opaque insides opaque, so an alpha threshold after it (the metaballs recipe) keeps
/// them.
@Suite("Blur exactness")
struct BlurExactnessTests {
    static let side = 480, discRadius = 200.0, blurRadius = 20.0
    static var centre: Double { Double(side) / 2 }

    /// Pixels whose centre lies within `radius` of the disc's centre.
    static func pixels(within radius: Double) -> [(x: Int, y: Int)] {
        var inside: [(x: Int, y: Int)] = []
        for y in 0..<side {
            for x in 0..<side where hypot(Double(x) + 0.5 - centre, Double(y) + 0.5 - centre) < radius {
                inside.append((x, y))
            }
        }
        return inside
    }

    static func disc(_ context: inout GraphicsContext) {
        context.fill(Path(ellipseIn: CGRect(x: centre - discRadius, y: centre - discRadius,
                                            width: 2 * discRadius, height: 2 * discRadius)), with: .color(Color(red: 0, green: 0, blue: 1)))
    }

    @Test func aLargeOpaqueDiscStaysOpaqueInsideTheBlursReach() throws {
        let bitmap = try drawing(Self.side, Self.side, background: nil) { context, _ in
            var c = context
            c.addFilter(.blur(radius: Self.blurRadius))
            Self.disc(&c)
        }
        let reach = Double(GaussianBlur(sigma: Self.blurRadius).reach)
        let interior = Self.pixels(within: Self.discRadius - reach - 1)
        #expect(interior.count > 50_000)
        let notOpaque = interior.filter { bitmap.pixel(x: $0.x, y: $0.y).opacity != 1 }
        #expect(notOpaque.isEmpty, "\(notOpaque.count) interior pixels are not opaque, e.g. \(notOpaque.prefix(3))")
        #expect(bitmap.pixel(x: Self.side / 2, y: Self.side / 2) == Color(red: 0, green: 0, blue: 1))
    }

    @Test func theBlursSumsNeitherLiftNorLowerAnOpaqueInside() {
        // Before rounding to 8 bits, where a drift above 1 would be hidden: inside the reach of the edge
        // alpha is 1 within a few units in the last place below, and nowhere above 1.
        var image = FilterImage(width: Self.side, height: Self.side)
        for (x, y) in Self.pixels(within: Self.discRadius) { image.pixels[y * Self.side + x] = SIMD4(0, 0, 1, 1) }
        let blur = GaussianBlur(sigma: Self.blurRadius)
        blur.apply(to: &image)
        // The blur's support is a square of half-side `reach`: its corners reach √2 times as far.
        let interior = Self.pixels(within: Self.discRadius - 2.squareRoot() * Double(blur.reach) - 1)
        let alphas = interior.map { image.pixels[$0.y * Self.side + $0.x].w }
        #expect(image.pixels.allSatisfy { $0.w <= 1 && $0.w >= 0 }, "largest alpha: \(image.pixels.map(\.w).max() ?? 0)")
        #expect(alphas.allSatisfy { $0 >= 1 - 1e-6 }, "smallest interior alpha: \(alphas.min() ?? 0)")
    }

    @Test func aThresholdAfterTheBlurKeepsEveryInteriorPixel() throws {
        // SwiftUI's metaballs recipe: the filter added last acts first, so this blurs, then thresholds.
        let bitmap = try drawing(Self.side, Self.side, background: nil) { context, _ in
            var c = context
            c.addFilter(.alphaThreshold(min: 0.5, color: .yellow))
            c.addFilter(.blur(radius: Self.blurRadius))
            c.drawLayer { layer in Self.disc(&layer) }
        }
        // A blurred disc's half-alpha contour lies within a pixel or two of its edge (it moves in by about
        // σ² / 2R = 1 pixel on a curve of radius R).
        let interior = Self.pixels(within: Self.discRadius - 3)
        let dropped = interior.filter { bitmap.pixel(x: $0.x, y: $0.y).opacity != 1 }
        #expect(dropped.isEmpty, "\(dropped.count) interior pixels were dropped, e.g. \(dropped.prefix(3))")
        let outside = Self.pixels(within: .infinity).filter {
            hypot(Double($0.x) + 0.5 - Self.centre, Double($0.y) + 0.5 - Self.centre) > Self.discRadius + 1
        }
        #expect(outside.allSatisfy { bitmap.pixel(x: $0.x, y: $0.y).opacity == 0 })
    }
}
