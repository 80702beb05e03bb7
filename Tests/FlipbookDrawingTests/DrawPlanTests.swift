import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

/// The plan draws the fast-path shapes band by band when the pixels are next needed; the pixels
/// must be exactly those of drawing each shape as it comes, whatever crosses a band's or the
/// frame's edge, and whatever Cairo draws in between.
@Suite("Shapes drawn band by band equal shapes drawn one by one")
struct DrawPlanTests {
    /// The raw bytes of a drawing made with the plan deferring (band by band) or not.
    func bytes(width: Int = 200, height: Int = 300, deferred: Bool,
               _ body: (inout GraphicsContext, CGSize) -> Void) throws -> [UInt8] {
        var bitmap = try Bitmap(width: width, height: height)
        bitmap.draw(background: Color(white: 0.9, opacity: 0.8)) { context, size in
            context.defersFastPaths = deferred
            body(&context, size)
        }
        #expect(bitmap.drawingIssue == nil)
        return bitmap.withUnsafeBytes { buffer, _ in Array(buffer) }
    }

    func expectSame(width: Int = 200, height: Int = 300, _ body: (inout GraphicsContext, CGSize) -> Void) throws {
        let banded = try bytes(width: width, height: height, deferred: true, body)
        let single = try bytes(width: width, height: height, deferred: false, body)
        let differing = zip(banded, single).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
        // The drawing is not empty: something was drawn over the background.
        #expect(Set(banded).count > 8)
    }

    /// Confetti of every size, some straddling the 64-row band edges, some crossing the frame's edges
    /// (those go to Cairo), at any rotation, translucent, overlapping, with rings among them.
    @Test func confettiAndRings() throws {
        var rng = SplitMix(state: 15)
        struct Piece { var x, y, w, h, angle, opacity: Double; var ring: Bool; var colour: Color }
        let pieces = (0..<1500).map { i in
            Piece(x: Double.random(in: -10..<210, using: &rng), y: i % 7 == 0
                      ? Double(64 * Int.random(in: 1...4, using: &rng)) + Double.random(in: -3...3, using: &rng)
                      : Double.random(in: -10..<310, using: &rng),
                  w: Double.random(in: 0.3..<30, using: &rng), h: Double.random(in: 0.3..<20, using: &rng),
                  angle: Double.random(in: 0..<360, using: &rng), opacity: Double.random(in: 0.2...1, using: &rng),
                  ring: i % 25 == 0,
                  colour: Color(hue: Double.random(in: 0..<1, using: &rng), saturation: 0.8, brightness: 0.9))
        }
        try expectSame { context, _ in
            for piece in pieces {
                var ctx = context
                ctx.opacity = piece.opacity
                ctx.translateBy(x: piece.x, y: piece.y)
                if piece.ring {
                    let r = 5 + piece.w * 3
                    ctx.stroke(Path(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r)),
                               with: .color(piece.colour), lineWidth: 1 + piece.h / 5)
                } else {
                    ctx.rotate(by: .degrees(piece.angle))
                    let rect = CGRect(x: -piece.w / 2, y: -piece.h / 2, width: piece.w, height: piece.h)
                    ctx.fill(piece.w > 20 ? Path(ellipseIn: rect) : Path(rect), with: .color(piece.colour))
                }
            }
        }
    }

    /// Cairo's drawing (a gradient, paths under a clip, a layer, a filtered group) lands between the
    /// planned shapes in program order, and a layer's planned shapes are in it when it is composited
    /// or filtered.
    @Test func interleavedWithCairoAndLayers() throws {
        try expectSame { context, size in
            for i in 0..<40 {
                let y = CGFloat(i * 7)
                context.fill(Path(CGRect(x: 10, y: y, width: 40, height: 12)), with: .color(.blue.opacity(0.6)))
                context.fill(Path(CGRect(x: 20, y: y + 3, width: 40, height: 12)),
                             with: .linearGradient(Gradient(colors: [.red, .yellow]), startPoint: CGPoint(x: 20, y: 0),
                                                   endPoint: CGPoint(x: 60, y: 0)))
                var clipped = context
                clipped.clip(to: Path(CGRect(x: 0, y: 0, width: 200, height: y + 6)))
                clipped.fill(Path(ellipseIn: CGRect(x: 30, y: y, width: 30, height: 16)), with: .color(.green.opacity(0.5)))
                context.fill(Path(CGRect(x: 40, y: y + 6, width: 30, height: 9)), with: .color(.purple.opacity(0.7)))
                context.drawLayer { layer in
                    layer.opacity = 0.5
                    layer.fill(Path(CGRect(x: 100, y: y, width: 20, height: 20)), with: .color(.orange))
                    layer.stroke(Path(ellipseIn: CGRect(x: 120, y: y, width: 30, height: 30)), with: .color(.black),
                                 lineWidth: 2)
                }
                context.fill(Path(CGRect(x: 110, y: y + 5, width: 20, height: 10)), with: .color(.mint.opacity(0.8)))
                // A filter reads its layer's pixels: the layer's planned shapes must be in them.
                var blurred = context
                blurred.addFilter(.blur(radius: 1.5))
                blurred.fill(Path(CGRect(x: 150, y: y, width: 12, height: 5)), with: .color(.red))
                blurred.stroke(Path(ellipseIn: CGRect(x: 160, y: y, width: 24, height: 24)), with: .color(.blue), lineWidth: 2)
            }
        }
    }

    /// A shape drawn alone, across a band edge, has the pixels it has when drawn with the plan off.
    @Test(arguments: [63.2, 63.9, 64.0, 127.5])
    func aShapeAcrossABandEdge(_ y: Double) throws {
        try expectSame(width: 64, height: 192) { context, _ in
            var ctx = context
            ctx.translateBy(x: 30, y: y)
            ctx.rotate(by: .degrees(33))
            ctx.fill(Path(CGRect(x: -9, y: -7, width: 18, height: 14)), with: .color(.red.opacity(0.7)))
        }
    }
}

/// SplitMix64: a fixed sequence of test shapes.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
