import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Shapes match their reference images")
struct ShapeReferenceTests {
    @Test func filledAndStrokedRect() throws {
        let image = try drawing(96, 64) { context, _ in
            context.fill(Path(CGRect(x: 8, y: 8, width: 36, height: 48)), with: .color(.blue))
            context.stroke(Path(CGRect(x: 52.5, y: 8.5, width: 36, height: 47)), with: .color(.red))
            context.stroke(Path(CGRect(x: 60, y: 16, width: 20, height: 32)), with: .color(.green), lineWidth: 4)
        }
        assertMatchesReference(image, named: "rect")
    }

    @Test func ellipse() throws {
        let image = try drawing(96, 64) { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: 6, y: 6, width: 40, height: 52)), with: .color(.orange))
            context.stroke(Path(ellipseIn: CGRect(x: 52, y: 10, width: 38, height: 44)), with: .color(.purple), lineWidth: 3)
        }
        assertMatchesReference(image, named: "ellipse")
    }

    @Test func roundedRect() throws {
        let image = try drawing(96, 64) { context, _ in
            context.fill(Path(roundedRect: CGRect(x: 6, y: 6, width: 40, height: 52), cornerRadius: 10), with: .color(.teal))
            context.stroke(
                Path(roundedRect: CGRect(x: 54, y: 8, width: 36, height: 48), cornerSize: CGSize(width: 14, height: 6)),
                with: .color(.indigo), lineWidth: 2)
        }
        assertMatchesReference(image, named: "rounded-rect")
    }

    /// SwiftUI's `clockwise` is in a y-up sense: with y down, `clockwise: false` from 0° to 90° runs
    /// from 3 o'clock down to 6 o'clock (the short way), `clockwise: true` runs the long way round.
    @Test func arcsBothDirections() throws {
        let image = try drawing(128, 64) { context, _ in
            for (index, clockwise) in [false, true].enumerated() {
                let center = CGPoint(x: 32 + CGFloat(index) * 64, y: 32)
                var pie = Path()
                pie.move(to: center)
                pie.addArc(center: center, radius: 24, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: clockwise)
                pie.closeSubpath()
                context.fill(pie, with: .color(Color.blue.opacity(0.35)))
                var arc = Path()
                arc.addArc(center: center, radius: 24, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: clockwise)
                context.stroke(arc, with: .color(.black), lineWidth: 3)
                // The start point (3 o'clock) in red.
                context.fill(Path(ellipseIn: CGRect(x: center.x + 24 - 3, y: center.y - 3, width: 6, height: 6)), with: .color(.red))
            }
        }
        assertMatchesReference(image, named: "arcs")
    }

    @Test func quadAndCubicCurves() throws {
        let image = try drawing(128, 64) { context, _ in
            var quad = Path()
            quad.move(to: CGPoint(x: 8, y: 56))
            quad.addQuadCurve(to: CGPoint(x: 56, y: 56), control: CGPoint(x: 32, y: 4))
            context.stroke(quad, with: .color(.blue), lineWidth: 2)
            var cubic = Path()
            cubic.move(to: CGPoint(x: 72, y: 56))
            cubic.addCurve(to: CGPoint(x: 120, y: 56), control1: CGPoint(x: 72, y: 4), control2: CGPoint(x: 120, y: 20))
            context.stroke(cubic, with: .color(.red), lineWidth: 2)
            for control in [CGPoint(x: 32, y: 4), CGPoint(x: 72, y: 4), CGPoint(x: 120, y: 20)] {
                context.fill(Path(ellipseIn: CGRect(x: control.x - 2, y: control.y - 2, width: 4, height: 4)), with: .color(.gray))
            }
        }
        assertMatchesReference(image, named: "curves")
    }

    @Test func dashes() throws {
        let image = try drawing(128, 64) { context, _ in
            func line(_ y: CGFloat) -> Path {
                Path { p in
                    p.move(to: CGPoint(x: 8, y: y))
                    p.addLine(to: CGPoint(x: 120, y: y))
                }
            }
            context.stroke(line(8), with: .color(.black), style: StrokeStyle(lineWidth: 2, dash: [8, 4]))
            context.stroke(line(20), with: .color(.black), style: StrokeStyle(lineWidth: 2, dash: [8, 4], dashPhase: 4))
            context.stroke(line(32), with: .color(.blue), style: StrokeStyle(lineWidth: 4, lineCap: .round, dash: [0, 8]))
            context.stroke(line(44), with: .color(.red), style: StrokeStyle(lineWidth: 3, dash: [12, 4, 2, 4]))
            context.stroke(Path(ellipseIn: CGRect(x: 100, y: 50, width: 12, height: 12)),
                           with: .color(.green), style: StrokeStyle(lineWidth: 1, dash: [3]))
            context.stroke(line(56).applying(CGAffineTransform(scaleX: 0.7, y: 1)), with: .color(.purple),
                           style: StrokeStyle(lineWidth: 2, dash: [5, 0]))
        }
        assertMatchesReference(image, named: "dashes")
    }

    @Test func lineCaps() throws {
        let image = try drawing(96, 64) { context, _ in
            for (index, cap) in [CGLineCap.butt, .round, .square].enumerated() {
                let y = CGFloat(12 + index * 20)
                var line = Path()
                line.move(to: CGPoint(x: 24, y: y))
                line.addLine(to: CGPoint(x: 72, y: y))
                context.stroke(line, with: .color(.blue), style: StrokeStyle(lineWidth: 10, lineCap: cap))
                context.stroke(line, with: .color(.white), lineWidth: 1)
            }
            // The end points.
            context.stroke(Path { p in p.move(to: CGPoint(x: 24, y: 0)); p.addLine(to: CGPoint(x: 24, y: 64)) },
                           with: .color(.red), lineWidth: 1)
            context.stroke(Path { p in p.move(to: CGPoint(x: 72, y: 0)); p.addLine(to: CGPoint(x: 72, y: 64)) },
                           with: .color(.red), lineWidth: 1)
        }
        assertMatchesReference(image, named: "caps")
    }

    @Test func lineJoins() throws {
        let image = try drawing(144, 64) { context, _ in
            for (index, join) in [CGLineJoin.miter, .round, .bevel].enumerated() {
                let x = CGFloat(12 + index * 44)
                let corner = Path { p in
                    p.move(to: CGPoint(x: x, y: 52))
                    p.addLine(to: CGPoint(x: x + 14, y: 12))
                    p.addLine(to: CGPoint(x: x + 28, y: 52))
                }
                context.stroke(corner, with: .color(.teal), style: StrokeStyle(lineWidth: 8, lineJoin: join))
                context.stroke(corner, with: .color(.black), lineWidth: 1)
            }
        }
        assertMatchesReference(image, named: "joins")
    }

    @Test func miterLimit() throws {
        // A sharp corner: miter ratio 1/sin(θ/2) ≈ 5.8 for θ = 20°; limit 10 keeps the miter, 4 bevels it.
        let image = try drawing(96, 64) { context, _ in
            for (index, limit) in [CGFloat(10), 4].enumerated() {
                let x = CGFloat(12 + index * 44)
                let corner = Path { p in
                    p.move(to: CGPoint(x: x, y: 58))
                    p.addLine(to: CGPoint(x: x + 9, y: 20))
                    p.addLine(to: CGPoint(x: x + 18, y: 58))
                }
                context.stroke(corner, with: .color(.orange), style: StrokeStyle(lineWidth: 5, miterLimit: limit))
            }
        }
        assertMatchesReference(image, named: "miter-limit")
    }

    @Test func evenOddVersusWinding() throws {
        let star = Path { p in
            for i in 0..<5 {
                let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                let point = CGPoint(x: 28 + 24 * cos(angle), y: 32 + 24 * sin(angle))
                if i == 0 { p.move(to: point) } else { p.addLine(to: point) }
            }
            p.closeSubpath()
        }
        let image = try drawing(112, 64) { context, _ in
            context.fill(star, with: .color(.indigo))
            context.fill(star.offsetBy(dx: 56, dy: 0), with: .color(.indigo), style: FillStyle(eoFill: true))
        }
        assertMatchesReference(image, named: "fill-rules")
    }

    @Test func aliasedFill() throws {
        let image = try drawing(64, 64) { context, _ in
            context.fill(Path(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48)), with: .color(.black),
                         style: FillStyle(antialiased: false))
        }
        assertMatchesReference(image, named: "aliased")
        // Without anti-aliasing every pixel is either white or black.
        image.withUnsafeBytes { bytes, stride in
            for y in 0..<64 {
                for x in 0..<64 {
                    let v = bytes[y * stride + x * 4]
                    #expect(v == 0 || v == 255)
                }
            }
        }
    }

    @Test func svgIcon() throws {
        let heart = try #require(Path(svgPath:
            "M32,54 C10,40 4,28 12,18 C20,8 30,12 32,20 C34,12 44,8 52,18 C60,28 54,40 32,54 Z"))
        let check = try #require(Path(svgPath: "m20 34 l8 8 l16 -18"))
        let image = try drawing(64, 64) { context, _ in
            context.fill(heart, with: .color(.pink))
            context.stroke(check, with: .color(.white),
                           style: StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .round))
        }
        assertMatchesReference(image, named: "svg-icon")
    }
}
