import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("The small-fill fast path agrees with Cairo")
struct FastFillTests {
    /// Small translucent shapes, drawn once on the fast path (no clip) and once through Cairo (a clip
    /// that keeps everything forces Cairo), must match to within anti-aliasing differences.
    @Test func fastPathMatchesCairo() throws {
        func scene(_ context: inout GraphicsContext, clipped: Bool) {
            var ctx = context
            if clipped { ctx.clip(to: Path(CGRect(x: -10, y: -10, width: 200, height: 200))) }
            for i in 0..<60 {
                var piece = ctx
                piece.opacity = 0.4 + Double(i % 5) * 0.15
                piece.translateBy(x: CGFloat(10 + (i * 37) % 140), y: CGFloat(10 + (i * 53) % 100))
                piece.rotate(by: .degrees(Double(i) * 23))
                let rect = CGRect(x: -6, y: -4, width: 12, height: 8)
                let path = i % 3 == 0 ? Path(ellipseIn: rect) : Path(rect)
                piece.fill(path, with: .color(Color(hue: Double(i) / 60, saturation: 0.8, brightness: 0.9)))
            }
        }
        let fast = try drawing(160, 120, background: Color(white: 0.5, opacity: 0.5)) { context, _ in scene(&context, clipped: false) }
        let cairo = try drawing(160, 120, background: Color(white: 0.5, opacity: 0.5)) { context, _ in scene(&context, clipped: true) }
        let difference = try #require(compareImages(fast, cairo))
        #expect(difference.pixelsBeyondLoose == 0, "max difference \(difference.maximum)")
        #expect(Double(difference.pixelsBeyondStrict) < Double(difference.pixelCount) * 0.05)
    }

    @Test func translucentFillOverTranslucentPixels() throws {
        let image = try drawing(8, 8, background: Color(red: 0, green: 0, blue: 1, opacity: 0.5)) { context, size in
            var ctx = context
            ctx.opacity = 0.5
            ctx.fill(Path(CGRect(x: 2, y: 2, width: 4, height: 4)), with: .color(red: 1, green: 0, blue: 0))
        }
        // Source-over: alpha 0.5 + 0.5 × 0.5 = 0.75; red 0.5 / 0.75, blue 0.25 / 0.75.
        let p = image.pixel(x: 3, y: 3)
        #expect(close(p.opacity, 0.75) && close(p.red, 2.0 / 3, 3 / 255) && close(p.blue, 1.0 / 3, 3 / 255))
        #expect(close(image.pixel(x: 0, y: 0).opacity, 0.5) && image.pixel(x: 0, y: 0).blue == 1)
    }

    @Test func shapesCrossingTheEdgeAndInsideLayers() throws {
        let image = try drawing(20, 20) { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: -5, y: -5, width: 12, height: 12)), with: .color(.black))
            var ctx = context
            ctx.opacity = 0.5
            ctx.drawLayer { layer in
                layer.fill(Path(CGRect(x: 10, y: 10, width: 6, height: 6)), with: .color(.black))
            }
        }
        #expect(image.pixel(x: 0, y: 0) == Color(white: 0))
        #expect(close(image.pixel(x: 12, y: 12).red, 0.5))
        #expect(image.pixel(x: 18, y: 18) == .white)
    }

    /// The fill's working memory starts small and grows (points past 64, cells past 1,024) within a
    /// frame; what a shape draws must not depend on what the shapes before it left there.
    @Test func shapesDrawTheSameAfterTheScratchMemoryGrows() throws {
        // A convex polygon of 400 points, 110 px across: the points and the cells both outgrow the
        // start, and it still takes the fast path.
        let polygon = Path { p in
            p.addLines((0..<400).map { k in
                let angle = Double(k) / 400 * 2 * .pi
                return CGPoint(x: 60.3 + 55 * cos(angle), y: 60.7 + 55 * sin(angle))
            })
            p.closeSubpath()
        }
        let shapes = [Path(CGRect(x: 30.3, y: 130.6, width: 9.5, height: 6.25)), polygon,
                      Path(ellipseIn: CGRect(x: 90.5, y: 125.25, width: 20, height: 12)),
                      Path(CGRect(x: 35.1, y: 128.2, width: 7.5, height: 11.5))]
        let colors: [Color] = [.orange, .blue, .green, .purple]
        func draw(_ indices: [Int], into bitmap: inout Bitmap) {
            bitmap.draw(background: nil) { context, _ in
                for i in indices {
                    var ctx = context
                    ctx.opacity = 0.7
                    ctx.fill(shapes[i], with: .color(colors[i]))
                }
            }
        }
        // All in one frame (one working memory), and each in a frame of its own (a fresh one each).
        var together = try drawing(160, 160) { _, _ in }
        draw(Array(shapes.indices), into: &together)
        var apart = try drawing(160, 160) { _, _ in }
        for i in shapes.indices { draw([i], into: &apart) }
        #expect(together.withUnsafeBytes { bytes, _ in Array(bytes) } == apart.withUnsafeBytes { bytes, _ in Array(bytes) })
        // The polygon is drawn over the white, with anti-aliased edges: red falls to 0.3 inside (blue at
        // 0.7 opacity) and lies between on its rim.
        #expect(together.pixel(x: 60, y: 60).red < 0.35)
        #expect((0..<20).contains { x in
            let red = together.pixel(x: x, y: 61).red
            return red > 0.4 && red < 0.95
        })
    }
}

/// Where parts of a shape wind twice, or with opposite signs, the fast fill's accumulated area misstates
/// edge coverage; such fills must still come out as Cairo draws them. Found by fuzzing the fast fill
/// against Cairo.
@Suite("Overlapping subpaths fill as Cairo fills them")
struct FastFillOverlapTests {
    static let circle = Path(ellipseIn: CGRect(x: 8.12109375, y: 8.12109375, width: 8.12109375, height: 8.12109375))

    static let shapes: [(String, Path)] = [
        ("three coincident circles", { var p = circle; p.addPath(circle); p.addPath(circle); return p }()),
        ("two circles and a point", { var p = circle; p.addPath(circle)
            p.addEllipse(in: CGRect(x: 8.12109375, y: 15.484375, width: 0, height: 0)); return p }()),
        ("overlapping rectangles", Path { p in
            p.addRect(CGRect(x: 2.3, y: 2.6, width: 10.2, height: 7.1))
            p.addRect(CGRect(x: 6.7, y: 5.2, width: 9.4, height: 9.9))
        }),
        ("an ellipse and a triangle crossing it", Path { p in
            p.addEllipse(in: CGRect(x: 8.0078125, y: 8.5703125, width: 10.1796875, height: 5.64453125))
            p.move(to: CGPoint(x: 18.1875, y: 11.392578125))
            p.addLine(to: CGPoint(x: 15.4296875, y: 2.13671875))
            p.addQuadCurve(to: CGPoint(x: 5.534e-321, y: 0), control: .zero)
        }),
        ("a ring looping across itself", Path { p in
            p.move(to: CGPoint(x: 19.546875, y: 19.546875))
            p.addQuadCurve(to: CGPoint(x: 19.546875, y: 19.546875), control: CGPoint(x: -1.16e-258, y: 19.546875))
            p.addLine(to: CGPoint(x: 9.703125, y: 8.6953125))
            p.addQuadCurve(to: CGPoint(x: 12.93359375, y: 5.08e-306), control: CGPoint(x: -3.13e-248, y: 19.546875))
            p.addQuadCurve(to: CGPoint(x: 23.546875, y: 19.546875), control: CGPoint(x: 19.546875, y: 19.546875))
            p.addQuadCurve(to: CGPoint(x: 19.546875, y: 19.546875), control: CGPoint(x: 19.546875, y: -15.453125))
            p.addQuadCurve(to: CGPoint(x: 3.109152e-317, y: 0), control: .zero)
        }),
        ("a pentagram", Path { p in
            for i in 0..<5 {
                let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                let point = CGPoint(x: 12 + 9 * cos(angle), y: 10 + 9 * sin(angle))
                if i == 0 { p.move(to: point) } else { p.addLine(to: point) }
            }
            p.closeSubpath()
        }),
    ]

    @Test(arguments: shapes)
    func matchesCairo(_ name: String, _ path: Path) throws {
        func image(fast: Bool) throws -> Bitmap {
            var bitmap = try Bitmap(width: 24, height: 20)
            bitmap.draw(background: .white) { context, _ in
                context.allowsFastPaths = fast
                context.fill(path, with: .color(.blue.opacity(0.8)))
            }
            return bitmap
        }
        let difference = try #require(compareImages(try image(fast: true), try image(fast: false)))
        #expect(difference.pixelsBeyondLoose == 0, "\(name): max difference \(difference.maximum)")
    }
}
