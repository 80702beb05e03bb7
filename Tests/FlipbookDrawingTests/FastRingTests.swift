@testable import FlipbookCore
@testable import FlipbookDrawing
@testable import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// The stroked-circle fast path (``FastRing``) against the exact picture and against Cairo.
///
/// Cairo itself is not exact: it flattens the four cubics into chords (up to 0.075 px inside the
/// curve) and samples coverage on 15 sub-rows per pixel, so an opaque black ring drawn by Cairo is up
/// to ~28 levels away from the exact area at some edge pixels. The fast ring is held to the reference
/// tolerance against the exact coverage, and to Cairo's own error bound against Cairo.
@Suite("The stroked-circle fast path")
struct FastRingTests {
    /// Draws the same strokes twice, with and without the canvas's fast paths.
    func both(_ width: Int, _ height: Int, scale: CGFloat = 1, background: Color? = .white,
              _ body: (inout GraphicsContext) -> Void) throws -> (fast: Bitmap, cairo: Bitmap) {
        let fast = try drawing(width, height, scale: scale, background: background) { context, _ in body(&context) }
        let cairo = try drawing(width, height, scale: scale, background: background) { context, _ in
            context.allowsFastPaths = false
            body(&context)
        }
        #expect(fast.drawingIssue == nil && cairo.drawingIssue == nil)
        return (fast, cairo)
    }

    /// The exact coverage of each pixel by the stroke of `Path(ellipseIn:)` for a circle: the band within
    /// `lineWidth / 2` of the four-cubic curve, whose radius at the pixel's angle is found by bisection on
    /// the cubic. Each pixel is cut into 256 sub-rows, and the band's extent along each is exact.
    func exactCoverage(_ width: Int, _ height: Int, centre: CGPoint, radius: Double, lineWidth: Double) -> [Double] {
        let k = 4.0 / 3.0 * tan(Double.pi / 8)
        func cubicRadius(atAngle angle: Double) -> Double {
            // The quarter from (1, 0) to (0, 1); the other quarters are its mirror images.
            func point(_ t: Double) -> (Double, Double) {
                let u = 1 - t
                return (u * u * u + 3 * u * u * t + 3 * u * t * t * k, 3 * u * u * t * k + 3 * u * t * t + t * t * t)
            }
            var low = 0.0, high = 1.0
            for _ in 0..<40 {
                let mid = (low + high) / 2
                let p = point(mid)
                if atan2(p.1, p.0) < angle { low = mid } else { high = mid }
            }
            let p = point((low + high) / 2)
            return radius * (p.0 * p.0 + p.1 * p.1).squareRoot()
        }
        /// The length of `lo..<hi` inside the x-interval where |x| lies within `inner...outer` at height `y`.
        func bandLength(y: Double, from lo: Double, to hi: Double, inner: Double, outer: Double) -> Double {
            guard abs(y) < outer else { return 0 }
            let xo = (outer * outer - y * y).squareRoot()
            let xi = abs(y) < inner ? (inner * inner - y * y).squareRoot() : 0
            func overlap(_ a: Double, _ b: Double) -> Double { max(0, min(hi, b) - max(lo, a)) }
            return overlap(-xo, -xi) + overlap(xi, xo)
        }
        let half = lineWidth / 2
        var coverage = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
                let r = cubicRadius(atAngle: atan2(abs(dy), abs(dx)))
                guard abs((dx * dx + dy * dy).squareRoot() - r) < half + 1 else { continue }
                var area = 0.0
                for row in 0..<256 {
                    let sy = dy - 0.5 + (Double(row) + 0.5) / 256
                    area += bandLength(y: sy, from: dx - 0.5, to: dx + 0.5, inner: max(0, r - half), outer: r + half)
                }
                coverage[y * width + x] = area / 256
            }
        }
        return coverage
    }

    /// Opaque black rings on white, from 20 px to far larger than the image, hairline to thick, centred
    /// inside and outside the image, at scale 1 and 2: every pixel within the reference tolerance of
    /// the exact coverage.
    @Test(arguments: [20.0, 47.3, 97.25, 180, 400])
    func fastRingMatchesTheExactCoverage(radius: Double) throws {
        let cases: [(width: Double, centre: CGPoint, scale: CGFloat)] = [
            (1, CGPoint(x: 100.3, y: 75.6), 1), (2, CGPoint(x: 3, y: 140), 1), (3.5, CGPoint(x: 210, y: -20), 1),
            (0.75, CGPoint(x: 64.2, y: 48.9), 2), (9, CGPoint(x: -radius * 0.7, y: 60.5), 1),
        ]
        for c in cases {
            let (w, h) = (200, 150)
            let image = try drawing(w, h, scale: c.scale) { context, _ in
                let rect = CGRect(x: c.centre.x - radius, y: c.centre.y - radius, width: 2 * radius, height: 2 * radius)
                context.stroke(Path(ellipseIn: rect), with: .color(.black), lineWidth: c.width)
            }
            let s = Double(c.scale)
            let exact = exactCoverage(w, h, centre: CGPoint(x: c.centre.x * s, y: c.centre.y * s), radius: radius * s,
                                      lineWidth: c.width * s)
            var beyondStrict = 0, beyondLoose = 0, maximum = 0
            for y in 0..<h {
                for x in 0..<w {
                    let expected = Int((255 * (1 - exact[y * w + x])).rounded())
                    let actual = Int((image.pixel(x: x, y: y).green * 255).rounded())
                    let difference = abs(actual - expected)
                    maximum = max(maximum, difference)
                    if difference > 2 { beyondStrict += 1 }
                    if difference > 32 { beyondLoose += 1 }
                }
            }
            #expect(beyondLoose == 0 && Double(beyondStrict) <= Double(w * h) * 0.001,
                    "radius \(radius), width \(c.width), centre \(c.centre), scale \(c.scale): max \(maximum), \(beyondStrict) beyond 2")
        }
    }

    /// Against Cairo, over many radii (small ones included), widths, positions and opacities: no pixel
    /// differs by more than Cairo's own error from the exact picture (≤ 32), the differences have no
    /// bias (the rings carry the same ink), and ripple-like strokes — translucent, over white — stay
    /// within the reference tolerance.
    @Test(arguments: [2.6, 4, 7.3, 15.5, 42, 97.25, 180, 400])
    func fastRingAgreesWithCairo(radius: Double) throws {
        let widths: [CGFloat] = [0.5, 1, 1.4, 2, 3.5, 9]
        let centres = [CGPoint(x: 100.3, y: 75.6), CGPoint(x: 3, y: 140), CGPoint(x: 210, y: -20),
                       CGPoint(x: -radius * 0.7, y: 60.5)]
        let colours: [Color] = [.black, Color(red: 0.46, green: 0.84, blue: 1), .purple.opacity(0.8)]
        for (i, width) in widths.enumerated() {
            for (j, centre) in centres.enumerated() {
                let colour = colours[(i + j) % colours.count]
                let opacity = [1, 0.5, 0.27][(i * 2 + j) % 3]
                let images = try both(200, 150) { context in
                    context.opacity = opacity
                    let rect = CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
                    context.stroke(Path(ellipseIn: rect), with: .color(colour), lineWidth: width)
                }
                let label = "radius \(radius), width \(width), centre \(centre), opacity \(opacity)"
                let difference = try #require(compareImages(images.fast, images.cairo))
                #expect(difference.pixelsBeyondLoose == 0, "\(label): max \(difference.maximum)")
                let (fastInk, cairoInk) = (ink(images.fast), ink(images.cairo))
                #expect(abs(fastInk - cairoInk) <= max(1, 0.01 * cairoInk), "\(label): ink \(fastInk) vs \(cairoInk)")
            }
        }
        // The ripple scene's strokes: a pastel at opacity 0.5, two points wide.
        let images = try both(200, 150) { context in
            context.opacity = 0.5
            let rect = CGRect(x: 100.3 - radius, y: 75.6 - radius, width: 2 * radius, height: 2 * radius)
            context.stroke(Path(ellipseIn: rect), with: .color(Color(red: 0.72, green: 0.92, blue: 1)), lineWidth: 2)
        }
        let difference = try #require(compareImages(images.fast, images.cairo))
        #expect(difference.isWithinTolerance, "ripple stroke, radius \(radius): max \(difference.maximum), \(difference.pixelsBeyondStrict) beyond 2")
    }

    /// The summed coverage of non-white pixels (how much the drawing darkened the image).
    func ink(_ image: Bitmap) -> Double {
        var total = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                total += 3 - p.red - p.green - p.blue
            }
        }
        return total
    }

    /// Inside a layer (an offset group surface), at scale 2 and under a similarity with a flip, the
    /// fast ring still lands where Cairo draws it.
    @Test func layersScalesAndFlipsAgreeWithCairo() throws {
        let images = try both(160, 120, scale: 2) { context in
            var ctx = context
            ctx.opacity = 0.6
            ctx.drawLayer { layer in
                layer.translateBy(x: 40, y: 30)
                layer.scaleBy(x: -1.5, y: 1.5)
                for i in 0..<6 {
                    let r = 4 + Double(i) * 5.5
                    layer.stroke(Path(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r)),
                                 with: .color(Color(hue: Double(i) / 6, saturation: 0.7, brightness: 0.8)), lineWidth: 1.5)
                }
            }
        }
        let difference = try #require(compareImages(images.fast, images.cairo))
        #expect(difference.pixelsBeyondLoose == 0, "max \(difference.maximum)")
        #expect(abs(ink(images.fast) - ink(images.cairo)) <= 0.01 * ink(images.cairo))
    }

    /// What the fast path must leave to Cairo — a rotation (the cubics' bulge would turn with it), a
    /// dash, a gradient, a clip, another blend mode, an ellipse, a ring too small to model — draws
    /// exactly what Cairo draws.
    @Test func ineligibleStrokesGoToCairo() throws {
        let circle = Path(ellipseIn: CGRect(x: -30, y: -30, width: 60, height: 60))
        let images = try both(160, 120) { context in
            var rotated = context
            rotated.translateBy(x: 40, y: 40)
            rotated.rotate(by: .degrees(30))
            rotated.stroke(circle, with: .color(.blue), lineWidth: 2)
            var moved = context
            moved.translateBy(x: 110, y: 70)
            moved.stroke(circle, with: .color(.red), style: StrokeStyle(lineWidth: 2, dash: [5, 3]))
            moved.stroke(circle, with: .linearGradient(Gradient(colors: [.green, .pink]), startPoint: .zero,
                                                       endPoint: CGPoint(x: 30, y: 30)), lineWidth: 4)
            var blended = moved
            blended.blendMode = .multiply
            blended.stroke(Path(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40)), with: .color(.orange), lineWidth: 3)
            var clipped = context
            clipped.clip(to: Path(CGRect(x: 0, y: 0, width: 80, height: 120)))
            clipped.stroke(Path(ellipseIn: CGRect(x: 20, y: 60, width: 70, height: 70)), with: .color(.black), lineWidth: 1)
            context.stroke(Path(ellipseIn: CGRect(x: 100, y: 10, width: 50, height: 30)), with: .color(.black), lineWidth: 1)
            context.stroke(Path(ellipseIn: CGRect(x: 10, y: 100, width: 8, height: 8)), with: .color(.black), lineWidth: 1)
        }
        #expect(images.fast.withUnsafeBytes { fast, _ in images.cairo.withUnsafeBytes { cairo, _ in fast.elementsEqual(cairo) } })
    }
}
