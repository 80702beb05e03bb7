import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// The fast fill's coverage is the exact area of each pixel inside the shape: for thousands of random
/// rotated rectangles and convex quads (sub-pixel to large, at any angle and fractional position), an
/// opaque white fill's alpha must be within one level (the 8-bit rounding) of 255 × the area found by
/// clipping the polygon to the pixel's square. Each test runs both ways the fill finds coverage: in
/// windows of vector lanes (shapes up to 32 px wide) and in coverage cells (`windows` false).
@Suite("Fast-fill coverage equals the exact area",
       .slow("thousands of random shapes, each pixel's coverage against its exact area"))
struct CoverageAccuracyTests {
    static let width = 48, height = 40

    /// The area of `polygon` inside the unit square at (x, y): Sutherland–Hodgman clipping against
    /// the square's four sides, then the shoelace formula.
    static func area(of polygon: [CGPoint], inPixel x: Int, _ y: Int) -> Double {
        var points = polygon
        let x0 = Double(x), x1 = Double(x + 1), y0 = Double(y), y1 = Double(y + 1)
        // Each side as "inside" test and intersection with the side's line.
        let sides: [(CGPoint) -> Double] = [{ $0.x - x0 }, { x1 - $0.x }, { $0.y - y0 }, { y1 - $0.y }]
        for inside in sides {
            guard !points.isEmpty else { return 0 }
            var clipped: [CGPoint] = []
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                let da = inside(a), db = inside(b)
                if da >= 0 { clipped.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = da / (da - db)
                    clipped.append(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
                }
            }
            points = clipped
        }
        guard points.count >= 3 else { return 0 }
        var twice = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// Alpha bytes of an opaque white fill of `path` drawn through `transform` on transparency.
    static func alphas(_ path: Path, _ transform: CGAffineTransform, windows: Bool) throws -> [UInt8] {
        var bitmap = try Bitmap(width: width, height: height)
        bitmap.draw(background: .clear) { context, _ in
            context.allowsFillWindows = windows
            context.transform = transform
            context.fill(path, with: .color(.white))
        }
        return bitmap.withUnsafeBytes { bytes, rowBytes in
            (0..<(width * height)).map { i in bytes[(i / width) * rowBytes + (i % width) * 4 + 3] }
        }
    }

    /// Worst difference in levels between the drawn alpha and 255 × the exact area, over all pixels.
    static func worstError(_ corners: [CGPoint], _ transform: CGAffineTransform, windows: Bool) throws -> Double {
        var path = Path()
        path.addLines(corners)
        path.closeSubpath()
        let drawn = try alphas(path, transform, windows: windows)
        let device = corners.map { $0.applying(transform) }
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let expected = 255 * area(of: device, inPixel: x, y)
                worst = max(worst, abs(Double(drawn[y * width + x]) - expected))
            }
        }
        return worst
    }

    /// A `width` × `height` rectangle centred on the origin, and a random rotation about its centre and
    /// position that keep it inside the raster.
    static func placed(width w: Double, height h: Double, using rng: inout SplitMix)
        -> (corners: [CGPoint], transform: CGAffineTransform, angle: Double) {
        let reach = (w * w + h * h).squareRoot() / 2
        let cx = Double.random(in: reach...(Double(Self.width) - reach), using: &rng)
        let cy = Double.random(in: reach...(Double(Self.height) - reach), using: &rng)
        let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
        let corners = [CGPoint(x: -w / 2, y: -h / 2), CGPoint(x: w / 2, y: -h / 2),
                       CGPoint(x: w / 2, y: h / 2), CGPoint(x: -w / 2, y: h / 2)]
        return (corners, CGAffineTransform(translationX: cx, y: cy).rotated(by: angle), angle)
    }

    @Test(arguments: [true, false]) func rotatedRectangles(windows: Bool) throws {
        var rng = SplitMix(state: 255)
        for _ in 0..<600 {
            // Sizes from a hundredth of a pixel to most of the raster; kept inside the raster.
            let w = exp(Double.random(in: log(0.01)...log(30), using: &rng))
            let h = exp(Double.random(in: log(0.01)...log(30), using: &rng))
            let (corners, transform, angle) = Self.placed(width: w, height: h, using: &rng)
            let worst = try Self.worstError(corners, transform, windows: windows)
            #expect(worst <= 1.0, "\(w)×\(h) at (\(transform.tx), \(transform.ty)), \(angle) rad: \(worst) levels off")
        }
    }

    /// Coverage sums to exactly 1 inside a shape and exactly 0 outside it, not merely within the
    /// 8-bit rounding: at half opacity, 255 × 0.5 = 127.5 lies on a rounding tie, so the slightest
    /// shortfall would leave some inner pixels a level lighter than others.
    @Test(arguments: [true, false]) func translucentInteriorsAreFlatAndExteriorsUntouched(windows: Bool) throws {
        var rng = SplitMix(state: 1234)
        for _ in 0..<400 {
            let w = Double.random(in: 4...26, using: &rng), h = Double.random(in: 4...26, using: &rng)
            let (corners, transform, angle) = Self.placed(width: w, height: h, using: &rng)
            var path = Path()
            path.addLines(corners)
            path.closeSubpath()
            var bitmap = try Bitmap(width: Self.width, height: Self.height)
            bitmap.draw(background: .clear) { context, _ in
                context.allowsFillWindows = windows
                context.transform = transform
                context.opacity = 0.5
                context.fill(path, with: .color(.white))
            }
            let drawn = bitmap.withUnsafeBytes { bytes, rowBytes in
                (0..<(Self.width * Self.height)).map { i in bytes[(i / Self.width) * rowBytes + (i % Self.width) * 4 + 3] }
            }
            let device = corners.map { $0.applying(transform) }
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let area = Self.area(of: device, inPixel: x, y)
                    // 127.5 rounds half to even: 128.
                    if area > 1 - 1e-9 {
                        #expect(drawn[y * Self.width + x] == 128, "\(w)×\(h), \(angle) rad: (\(x), \(y)) inside")
                    } else if area == 0 {
                        #expect(drawn[y * Self.width + x] == 0, "\(w)×\(h), \(angle) rad: (\(x), \(y)) outside")
                    }
                }
            }
        }
    }

    @Test(arguments: [true, false]) func convexQuadsAndTriangles(windows: Bool) throws {
        var rng = SplitMix(state: 4096)
        for _ in 0..<600 {
            // Points on an ellipse in angular order make a convex polygon.
            let count = Int.random(in: 3...6, using: &rng)
            let rx = Double.random(in: 0.05...18, using: &rng), ry = Double.random(in: 0.05...18, using: &rng)
            let cx = Double.random(in: (rx + 0.5)...(Double(Self.width) - rx - 0.5), using: &rng)
            let cy = Double.random(in: (ry + 0.5)...(Double(Self.height) - ry - 0.5), using: &rng)
            let angles = (0..<count).map { _ in Double.random(in: 0..<(2 * .pi), using: &rng) }.sorted()
            let corners = angles.map { CGPoint(x: cx + rx * cos($0), y: cy + ry * sin($0)) }
            let worst = try Self.worstError(corners, .identity, windows: windows)
            #expect(worst <= 1.0, "\(corners): \(worst) levels off")
        }
    }

    /// Shapes across the raster's edges, on every side and at the corners, are drawn in windows over
    /// their visible parts with the same exact coverage (Cairo, which drew them before, is several
    /// levels off at edges), and shapes wholly off the raster draw nothing.
    @Test func shapesAcrossTheRastersEdges() throws {
        var rng = SplitMix(state: 77)
        var across = 0
        for _ in 0..<800 {
            let w = exp(Double.random(in: log(0.05)...log(24), using: &rng))
            let h = exp(Double.random(in: log(0.05)...log(24), using: &rng))
            let reach = (w * w + h * h).squareRoot() / 2
            // Centres up to a shape's reach beyond each edge: about half of them cross one.
            let cx = Double.random(in: -reach...(Double(Self.width) + reach), using: &rng)
            let cy = Double.random(in: -reach...(Double(Self.height) + reach), using: &rng)
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
            let corners = [CGPoint(x: -w / 2, y: -h / 2), CGPoint(x: w / 2, y: -h / 2),
                           CGPoint(x: w / 2, y: h / 2), CGPoint(x: -w / 2, y: h / 2)]
            let transform = CGAffineTransform(translationX: cx, y: cy).rotated(by: angle)
            let device = corners.map { $0.applying(transform) }
            if device.contains(where: { $0.x < 0 || $0.y < 0 || $0.x > Double(Self.width) || $0.y > Double(Self.height) }) {
                across += 1
            }
            let worst = try Self.worstError(corners, transform, windows: true)
            #expect(worst <= 1.0, "\(w)×\(h) at (\(cx), \(cy)), \(angle) rad: \(worst) levels off")
        }
        #expect(across > 250)
    }

    /// Degenerate shapes draw nothing and do not crash: zero width, a denormal height, collinear points.
    @Test(arguments: [true, false]) func degenerateShapes(windows: Bool) throws {
        let shapes: [[CGPoint]] = [
            [CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 20), CGPoint(x: 5, y: 20)],
            [CGPoint(x: 5, y: 5), CGPoint(x: 20, y: 5), CGPoint(x: 20, y: 5 + 1e-300), CGPoint(x: 5, y: 5 + 1e-300)],
            [CGPoint(x: 2, y: 2), CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 20)],
        ]
        for corners in shapes {
            var path = Path()
            path.addLines(corners)
            path.closeSubpath()
            #expect(try Self.alphas(path, .identity, windows: windows).allSatisfy { $0 == 0 })
        }
    }
}
