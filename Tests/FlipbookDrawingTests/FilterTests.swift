import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// Filters against their formulas: the blur's profile against the Gaussian's, shadows' offsets and
/// colours, and each colour filter per pixel against the W3C Filter Effects matrices.
@Suite("Filters")
struct FilterTests {
    /// The standard normal distribution function.
    static func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

    @Test(arguments: [(1.5, 1.0), (6.0, 1.0), (10.0, 1.0), (3.0, 2.0)])
    func aBlurredEdgeFollowsTheGaussiansDistributionFunction(radius: Double, scale: Double) throws {
        // Black from x = 100 px on, on white; the blur's radius is σ in points.
        let width = 320, height = 120
        let bitmap = try drawing(width, height, scale: scale) { ctx, size in
            var c = ctx
            c.addFilter(.blur(radius: radius))
            c.fill(Path(CGRect(x: 100 / scale, y: -200, width: 180 / scale, height: 600)), with: .color(.black))
        }
        let sigma = radius * scale
        var worst = 0.0
        for x in 40..<200 {
            let coverage = Self.phi((Double(x) + 0.5 - 100) / sigma) - Self.phi((Double(x) + 0.5 - 280) / sigma)
            let value = bitmap.pixel(x: x, y: height / 2).red
            worst = max(worst, abs(value - (1 - coverage)))
        }
        #expect(worst <= 0.02, "largest difference from the Gaussian's profile: \(worst)")
    }

    @Test func blurOptions() throws {
        let color = Color(red: 0.2, green: 0.4, blue: 0.8)
        func blurred(_ options: GraphicsContext.BlurOptions) throws -> Bitmap {
            try drawing(80, 40, background: nil) { ctx, _ in
                var c = ctx
                c.addFilter(.blur(radius: 4, options: options))
                c.fill(Path(CGRect(x: 20, y: 10, width: 40, height: 20)), with: .color(color))
            }
        }
        let plain = try blurred([]), opaque = try blurred(.opaque), dithered = try blurred(.dithersResult)
        // At the edge the plain blur is half transparent; the opaque one keeps the colour at full alpha.
        #expect(close(plain.pixel(x: 20, y: 20).opacity, Self.phi(0.5 / 4), 0.02))  // the pixel centre is 0.5 inside
        let edge = opaque.pixel(x: 18, y: 20)
        #expect(edge.opacity == 1 && close(edge.red, 0.2, 2.5 / 255) && close(edge.blue, 0.8, 2.5 / 255))
        #expect(opaque.pixel(x: 2, y: 2).opacity == 0)  // beyond the blur's reach
        // Dithering moves values by at most one 8-bit step.
        for x in stride(from: 8, to: 72, by: 3) {
            let a = plain.pixel(x: x, y: 12), b = dithered.pixel(x: x, y: 12)
            #expect(abs(a.opacity - b.opacity) <= 1.01 / 255, "x = \(x)")
        }
    }

    @Test func aShadowLandsAtItsOffsetWithItsColoursAlpha() throws {
        let bitmap = try drawing(100, 80, background: nil) { ctx, _ in
            var c = ctx
            c.addFilter(.shadow(color: Color(red: 0, green: 0, blue: 1, opacity: 0.5), radius: 0, x: 30, y: 10))
            c.fill(Path(CGRect(x: 20, y: 20, width: 20, height: 20)), with: .color(Color(red: 1, green: 0, blue: 0)))
        }
        let shadow = bitmap.pixel(x: 55, y: 35)
        #expect(close(shadow.blue, 1) && close(shadow.red, 0) && close(shadow.opacity, 0.5))
        #expect(bitmap.pixel(x: 30, y: 25) == Color(red: 1, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 49, y: 35).opacity == 0)  // just left of the shadow
        #expect(bitmap.pixel(x: 50, y: 35).opacity > 0.45)
        #expect(bitmap.pixel(x: 55, y: 29).opacity == 0)  // just above it
        #expect(bitmap.pixel(x: 35, y: 35) == Color(red: 1, green: 0, blue: 0))  // the source covers its shadow
    }

    @Test func shadowOptions() throws {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1, opacity: 0.5)
        func draw(_ options: GraphicsContext.ShadowOptions, blendMode: GraphicsContext.BlendMode = .normal) throws -> Bitmap {
            try drawing(100, 80, background: nil) { ctx, _ in
                var c = ctx
                c.addFilter(.shadow(color: blue, radius: 0, x: 10, y: 10, blendMode: blendMode, options: options))
                c.fill(Path(CGRect(x: 20, y: 20, width: 20, height: 20)), with: .color(red))
            }
        }
        // Only the shadow: nothing where the source alone is.
        let only = try draw(.shadowOnly)
        #expect(only.pixel(x: 25, y: 25).opacity == 0)
        #expect(close(only.pixel(x: 35, y: 35).opacity, 0.5) && close(only.pixel(x: 35, y: 35).blue, 1))
        // Above: half-opaque blue over red where they overlap.
        let above = try draw(.shadowAbove)
        let overlap = above.pixel(x: 35, y: 35)
        #expect(close(overlap.red, 0.5) && close(overlap.blue, 0.5) && close(overlap.opacity, 1))
        // Without groups, the result is the same picture for the normal blend mode.
        let separate = try draw(.disablesGroup)
        #expect(separate.pixel(x: 35, y: 35) == red)
        #expect(close(separate.pixel(x: 45, y: 45).opacity, 0.5))
        // An inner shadow: the inverted alpha, above, source-atop: inside the top-left edges only.
        let inner = try drawing(100, 80, background: nil) { ctx, _ in
            var c = ctx
            c.addFilter(.shadow(color: .black, radius: 0, x: 5, y: 5, blendMode: .sourceAtop,
                                options: [.invertsAlpha, .shadowAbove]))
            c.fill(Path(CGRect(x: 20, y: 20, width: 40, height: 40)), with: .color(red))
        }
        #expect(inner.pixel(x: 22, y: 40) == Color(red: 0, green: 0, blue: 0))
        #expect(inner.pixel(x: 40, y: 22) == Color(red: 0, green: 0, blue: 0))
        #expect(inner.pixel(x: 40, y: 40) == red)
        #expect(inner.pixel(x: 58, y: 58) == red)
        #expect(inner.pixel(x: 10, y: 10).opacity == 0)
    }

    // MARK: - Colour filters, per pixel

    /// Applies a 4×5 matrix (rows of five) to an un-premultiplied colour, clamped.
    static func apply(_ rows: [[Double]], _ c: [Double]) -> [Double] {
        rows.map { r in min(max(r[0] * c[0] + r[1] * c[1] + r[2] * c[2] + r[3] * c[3] + r[4], 0), 1) }
    }

    /// The 3×3 colour part with alpha passed through.
    static func colourRows(_ m: [[Double]]) -> [[Double]] {
        m.map { $0 + [0, 0] } + [[0, 0, 0, 1, 0]]
    }

    static let samples: [[Double]] = [[0.9, 0.2, 0.1, 1], [0.1, 0.6, 0.8, 1], [0.5, 0.5, 0.5, 1], [0.3, 0.9, 0.4, 0.6]]

    static func check(_ filter: GraphicsContext.Filter, _ rows: [[Double]], options: GraphicsContext.FilterOptions = [],
                      linear: Bool = false, _ name: String) throws {
        for sample in samples {
            let bitmap = try drawing(8, 8, background: nil) { ctx, _ in
                var c = ctx
                c.addFilter(filter, options: options)
                c.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)),
                       with: .color(Color(red: sample[0], green: sample[1], blue: sample[2], opacity: sample[3])))
            }
            // What the raster holds before filtering: 8-bit premultiplied.
            let a = (sample[3] * 255).rounded() / 255
            var input = (0..<3).map { ((sample[$0] * sample[3] * 255).rounded() / 255) / a } + [a]
            func toLinear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            func toSRGB(_ c: Double) -> Double { c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055 }
            if linear { input = input.prefix(3).map(toLinear) + [a] }
            var expected = apply(rows, input)
            if linear { expected = expected.prefix(3).map(toSRGB) + [expected[3]] }
            let got = bitmap.pixel(x: 4, y: 4)
            // Compare premultiplied, as stored: one 8-bit step (and a hair for the rounding of the input).
            let e = [expected[0] * expected[3], expected[1] * expected[3], expected[2] * expected[3], expected[3]]
            let g = [got.red * got.opacity, got.green * got.opacity, got.blue * got.opacity, got.opacity]
            for i in 0..<4 {
                #expect(abs(e[i] - g[i]) <= 1.01 / 255, "\(name) of \(sample), component \(i): \(g[i] * 255) against \(e[i] * 255)")
            }
        }
    }

    @Test func colourMatricesMatchTheFilterEffectsSpecification() throws {
        let s = 0.4
        try Self.check(.saturation(s), Self.colourRows([
            [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]]), "saturation")
        try Self.check(.grayscale(1), Self.colourRows([[0.2126, 0.7152, 0.0722], [0.2126, 0.7152, 0.0722],
                                                       [0.2126, 0.7152, 0.0722]]), "grayscale")
        let g = 0.3, t = 1 - g
        try Self.check(.grayscale(g), Self.colourRows([
            [0.2126 + 0.7874 * t, 0.7152 - 0.7152 * t, 0.0722 - 0.0722 * t],
            [0.2126 - 0.2126 * t, 0.7152 + 0.2848 * t, 0.0722 - 0.0722 * t],
            [0.2126 - 0.2126 * t, 0.7152 - 0.7152 * t, 0.0722 + 0.9278 * t]]), "grayscale 0.3")
        let angle = 1.1, cs = cos(angle), sn = sin(angle)
        try Self.check(.hueRotation(.radians(angle)), Self.colourRows([
            [0.213 + cs * 0.787 - sn * 0.213, 0.715 - cs * 0.715 - sn * 0.715, 0.072 - cs * 0.072 + sn * 0.928],
            [0.213 - cs * 0.213 + sn * 0.143, 0.715 + cs * 0.285 + sn * 0.140, 0.072 - cs * 0.072 - sn * 0.283],
            [0.213 - cs * 0.213 - sn * 0.787, 0.715 - cs * 0.715 + sn * 0.715, 0.072 + cs * 0.928 + sn * 0.072]]),
            "hueRotation")
        try Self.check(.brightness(0.2), [[1, 0, 0, 0, 0.2], [0, 1, 0, 0, 0.2], [0, 0, 1, 0, 0.2], [0, 0, 0, 1, 0]],
                       "brightness")
        try Self.check(.contrast(1.5), [[1.5, 0, 0, 0, -0.25], [0, 1.5, 0, 0, -0.25], [0, 0, 1.5, 0, -0.25],
                                        [0, 0, 0, 1, 0]], "contrast")
        try Self.check(.colorInvert(), [[-1, 0, 0, 0, 1], [0, -1, 0, 0, 1], [0, 0, -1, 0, 1], [0, 0, 0, 1, 0]],
                       "colorInvert")
        try Self.check(.colorInvert(0.25), [[0.5, 0, 0, 0, 0.25], [0, 0.5, 0, 0, 0.25], [0, 0, 0.5, 0, 0.25],
                                            [0, 0, 0, 1, 0]], "colorInvert 0.25")
        try Self.check(.colorMultiply(Color(red: 0.5, green: 1, blue: 0.25, opacity: 0.8)),
                       [[0.5, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 0.25, 0, 0], [0, 0, 0, 0.8, 0]], "colorMultiply")
        try Self.check(.luminanceToAlpha, [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0],
                                           [0.2125, 0.7154, 0.0721, 0, 0]], "luminanceToAlpha")
        var m = ColorMatrix()
        (m.r1, m.r2, m.r3, m.r5) = (0.2, 0.5, 0.1, 0.05)
        (m.g1, m.g2, m.g3, m.g4) = (0, 0.3, 0.6, 0.1)
        (m.b1, m.b3) = (0.9, 0.2)
        (m.a1, m.a4) = (0.1, 0.8)
        let rows: [[Double]] = [[0.2, 0.5, 0.1, 0, 0.05], [0, 0.3, 0.6, 0.1, 0], [0.9, 0, 0.2, 0, 0], [0.1, 0, 0, 0.8, 0]]
        try Self.check(.colorMatrix(m), rows, "colorMatrix")
        try Self.check(.colorMatrix(m), rows, options: .linearColor, linear: true, "colorMatrix, linear colour")
    }

    @Test func alphaThresholdReplacesByAlpha() throws {
        let bitmap = try drawing(60, 20, background: nil) { ctx, _ in
            var c = ctx
            c.addFilter(.alphaThreshold(min: 0.5, color: Color(red: 0, green: 1, blue: 0)))
            c.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(Color(red: 1, green: 0, blue: 0, opacity: 0.3)))
            c.fill(Path(CGRect(x: 20, y: 0, width: 20, height: 20)), with: .color(Color(red: 1, green: 0, blue: 0, opacity: 0.8)))
        }
        #expect(bitmap.pixel(x: 10, y: 10).opacity == 0)
        #expect(bitmap.pixel(x: 30, y: 10) == Color(red: 0, green: 1, blue: 0))
        #expect(bitmap.pixel(x: 50, y: 10).opacity == 0)
    }

    @Test func theOpacityAndClipApplyAfterTheFilter() throws {
        let bitmap = try drawing(60, 20, background: nil) { ctx, _ in
            var c = ctx
            c.opacity = 0.5
            c.clip(to: Path(CGRect(x: 0, y: 0, width: 30, height: 20)))
            // The threshold sees the shape's own alpha (1), not the context's opacity.
            c.addFilter(.alphaThreshold(min: 0.9, color: .black))
            c.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 20)), with: .color(.red))
        }
        #expect(close(bitmap.pixel(x: 10, y: 10).opacity, 0.5) && bitmap.pixel(x: 10, y: 10).red == 0)
        #expect(bitmap.pixel(x: 40, y: 10).opacity == 0)
    }

    @Test func copiesCarryTheFiltersAndALayerIsFilteredAsOneGroup() throws {
        let half = Color(red: 1, green: 0, blue: 0, opacity: 0.5)
        let a = Path(CGRect(x: 10, y: 10, width: 30, height: 30)), b = Path(CGRect(x: 25, y: 10, width: 30, height: 30))
        // Each operation alone is below the threshold; the layer's overlap (alpha 0.75) is above it.
        let grouped = try drawing(80, 50, background: nil) { ctx, _ in
            ctx.addFilter(.alphaThreshold(min: 0.7, color: .black))
            let copy = ctx
            copy.drawLayer { layer in
                layer.fill(a, with: .color(half))
                layer.fill(b, with: .color(half))
            }
        }
        #expect(grouped.pixel(x: 30, y: 20) == Color(red: 0, green: 0, blue: 0))
        #expect(grouped.pixel(x: 15, y: 20).opacity == 0)
        #expect(grouped.pixel(x: 50, y: 20).opacity == 0)
        let separate = try drawing(80, 50, background: nil) { ctx, _ in
            ctx.addFilter(.alphaThreshold(min: 0.7, color: .black))
            let copy = ctx
            copy.fill(a, with: .color(half))
            copy.fill(b, with: .color(half))
        }
        #expect(separate.pixel(x: 30, y: 20).opacity == 0)
        // A blurred group: the overlap of two half-opaque shapes blurs as one picture.
        let blurred = try drawing(80, 50, background: nil) { ctx, _ in
            var c = ctx
            c.addFilter(.shadow(color: .black, radius: 2, x: 0, y: 0, options: .shadowOnly))
            c.drawLayer { layer in
                layer.fill(a, with: .color(half))
                layer.fill(b, with: .color(half))
            }
        }
        #expect(close(blurred.pixel(x: 32, y: 25).opacity, 0.75))
        #expect(close(blurred.pixel(x: 15, y: 25).opacity, 0.5))
        #expect(blurred.pixel(x: 32, y: 25).red == 0)
    }

    @Test func aProjectionMovesTheLayer() throws {
        let bitmap = try drawing(60, 40, scale: 2, background: nil) { ctx, _ in
            var c = ctx
            c.addFilter(.projectionTransform(ProjectionTransform(CGAffineTransform(translationX: 10, y: 5))))
            c.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.blue))
        }
        // 5 × 5 points at (10, 5) points: pixels 20..<30, 10..<20.
        #expect(bitmap.pixel(x: 5, y: 5).opacity == 0)
        #expect(close(bitmap.pixel(x: 21, y: 11).opacity, 1))
        #expect(close(bitmap.pixel(x: 28, y: 18).opacity, 1))
        #expect(bitmap.pixel(x: 31, y: 15).opacity == 0)
    }

    @Test func clipToLayerMasksWithTheLayersAlpha() throws {
        let bitmap = try drawing(60, 20, background: nil) { ctx, _ in
            var c = ctx
            c.clipToLayer(opacity: 0.5) { mask in
                mask.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
                mask.fill(Path(CGRect(x: 20, y: 0, width: 20, height: 20)), with: .color(.black.opacity(0.5)))
            }
            c.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 20)), with: .color(.red))
        }
        #expect(close(bitmap.pixel(x: 10, y: 10).opacity, 0.5))
        #expect(close(bitmap.pixel(x: 30, y: 10).opacity, 0.25))
        #expect(bitmap.pixel(x: 50, y: 10).opacity == 0)
        let inverse = try drawing(60, 20, background: nil) { ctx, _ in
            var c = ctx
            c.clipToLayer(options: .inverse) { mask in
                mask.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
            }
            c.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 20)), with: .color(.red))
        }
        #expect(inverse.pixel(x: 10, y: 10).opacity == 0)
        #expect(close(inverse.pixel(x: 40, y: 10).opacity, 1))
    }

    @Test func nonFiniteFiltersAreReported() throws {
        let bitmap = try drawing(10, 10) { ctx, _ in
            ctx.addFilter(.blur(radius: .nan))
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
        }
        #expect(bitmap.drawingIssue?.message == "A drawing operation was skipped: addFilter: the blur radius is not finite (nan).")
        #expect(bitmap.pixel(x: 5, y: 5) == Color(red: 0, green: 0, blue: 0))
    }

    @Test func hugeRadiiAndOffsetsDrawWithoutTrapping() throws {
        let bitmap = try drawing(40, 40) { ctx, _ in
            var c = ctx
            c.addFilter(.shadow(color: .black, radius: 1e300, x: 1e300, y: -1e300))
            c.addFilter(.blur(radius: 1e300))
            c.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(.red))
        }
        #expect(bitmap.drawingIssue == nil)
        // Spread over a million pixels, the square leaves nothing visible.
        #expect(bitmap.pixel(x: 20, y: 20) == Color(red: 1, green: 1, blue: 1))
        let scratch = try TemporaryDirectory("drawing")
        let page = scratch.file("huge.pdf")
        try Bitmap.writeVector(to: page, format: .pdf, size: CGSize(width: 20000, height: 20000)) { ctx, _ in
            var c = ctx
            c.addFilter(.blur(radius: 5))
            c.fill(Path(CGRect(x: 19000, y: 100, width: 500, height: 300)), with: .color(.blue))
        }
        #expect(try Data(contentsOf: page).count > 0)
    }

    // MARK: - Vector stills and the video path

    @Test func aPDFRasterizesOnlyTheFilteredDrawing() throws {
        let scratch = try TemporaryDirectory("drawing")
        let blurred = scratch.file("blurred.pdf"), plain = scratch.file("plain.pdf")
        try Bitmap.writeVector(to: blurred, format: .pdf, size: CGSize(width: 100, height: 60)) { ctx, _ in
            ctx.fill(Path(CGRect(x: 5, y: 5, width: 20, height: 20)), with: .color(.green))
            var c = ctx
            c.addFilter(.blur(radius: 3))
            c.fill(Path(ellipseIn: CGRect(x: 40, y: 10, width: 30, height: 30)), with: .color(.blue))
        }
        try Bitmap.writeVector(to: plain, format: .pdf, size: CGSize(width: 100, height: 60)) { ctx, _ in
            ctx.fill(Path(CGRect(x: 5, y: 5, width: 20, height: 20)), with: .color(.green))
            ctx.fill(Path(ellipseIn: CGRect(x: 40, y: 10, width: 30, height: 30)), with: .color(.blue))
        }
        let withBlur = String(decoding: try Data(contentsOf: blurred), as: UTF8.self)
        let without = String(decoding: try Data(contentsOf: plain), as: UTF8.self)
        #expect(withBlur.contains("/Subtype /Image"))
        #expect(!without.contains("/Subtype /Image"))
    }

    @Test func aMovingBlurredParticleInAReusedBitmapEqualsFullRedraws() throws {
        func frame(_ i: Int) -> (inout GraphicsContext, CGSize) -> Void {
            { ctx, _ in
                var c = ctx
                c.addFilter(.blur(radius: 3))
                c.addFilter(.shadow(color: .black, radius: 2, x: 4, y: 6))
                c.fill(Path(ellipseIn: CGRect(x: 10 + Double(i) * 13, y: 20 + Double(i % 3) * 9, width: 14, height: 14)),
                       with: .color(.orange))
            }
        }
        var reused = try Bitmap(width: 200, height: 90)
        for i in 0..<12 {
            reused.draw(background: .white, frame(i))
            var fresh = try Bitmap(width: 200, height: 90)
            fresh.draw(background: .white, frame(i))
            let same = reused.withUnsafeBytes { a, _ in fresh.withUnsafeBytes { b, _ in a.elementsEqual(b) } }
            #expect(same, "frame \(i)")
            // The blur reaches out, yet the frame's marks stay near the particle.
            #expect(reused.dirtyTiles.count < reused.dirtyTiles.columns * reused.dirtyTiles.rows / 2)
        }
    }
}
