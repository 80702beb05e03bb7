import FlipbookDrawing
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Clips, layers, transforms, opacity and images match their reference images")
struct CompositionReferenceTests {
    @Test func clip() throws {
        let image = try drawing(96, 64) { context, size in
            var ctx = context
            ctx.clip(to: Path(ellipseIn: CGRect(x: 4, y: 4, width: 56, height: 56)))
            drawStripes(&ctx, size: size, color: .blue)
            ctx.clip(to: Path(CGRect(x: 32, y: 0, width: 64, height: 40)))
            ctx.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color.red.opacity(0.6)))
            // The original context is not clipped.
            context.fill(Path(CGRect(x: 70, y: 44, width: 20, height: 14)), with: .color(.green))
        }
        assertMatchesReference(image, named: "clip")
    }

    @Test func inverseClipWinding() throws {
        // A self-intersecting star: with the winding rule its centre is inside, so the inverse clip
        // excludes the centre too.
        let star = Path { p in
            for i in 0..<5 {
                let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                let point = CGPoint(x: 32 + 26 * cos(angle), y: 32 + 26 * sin(angle))
                if i == 0 { p.move(to: point) } else { p.addLine(to: point) }
            }
            p.closeSubpath()
        }
        let image = try drawing(64, 64) { context, size in
            var ctx = context
            ctx.clip(to: star, options: .inverse)
            drawStripes(&ctx, size: size, color: .purple)
            ctx.stroke(Path(ellipseIn: CGRect(x: 12, y: 12, width: 40, height: 40)), with: .color(.orange), lineWidth: 4)
        }
        assertMatchesReference(image, named: "clip-inverse-winding")
    }

    @Test func inverseClipEvenOdd() throws {
        let star = Path { p in
            for i in 0..<5 {
                let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                let point = CGPoint(x: 32 + 26 * cos(angle), y: 32 + 26 * sin(angle))
                if i == 0 { p.move(to: point) } else { p.addLine(to: point) }
            }
            p.closeSubpath()
        }
        let image = try drawing(64, 64) { context, size in
            var ctx = context
            ctx.clip(to: star, style: FillStyle(eoFill: true), options: .inverse)
            drawStripes(&ctx, size: size, color: .purple)
            ctx.stroke(Path(ellipseIn: CGRect(x: 12, y: 12, width: 40, height: 40)), with: .color(.orange), lineWidth: 4)
        }
        assertMatchesReference(image, named: "clip-inverse-evenodd")
    }

    @Test func nestedLayers() throws {
        let image = try drawing(112, 64) { context, size in
            drawStripes(&context, size: size)
            // Left: two overlapping discs at opacity 0.5 one by one: the overlap is darker.
            var loose = context
            loose.opacity = 0.5
            loose.fill(Path(ellipseIn: CGRect(x: 4, y: 8, width: 32, height: 32)), with: .color(.blue))
            loose.fill(Path(ellipseIn: CGRect(x: 20, y: 24, width: 32, height: 32)), with: .color(.blue))
            // Right: the same in a layer at opacity 0.5: uniform, with a nested multiply layer inside.
            var layered = context
            layered.opacity = 0.5
            layered.drawLayer { layer in
                layer.fill(Path(ellipseIn: CGRect(x: 60, y: 8, width: 32, height: 32)), with: .color(.blue))
                layer.fill(Path(ellipseIn: CGRect(x: 76, y: 24, width: 32, height: 32)), with: .color(.blue))
                var inner = layer
                inner.blendMode = .multiply
                inner.opacity = 0.8
                inner.drawLayer { nested in
                    nested.fill(Path(CGRect(x: 64, y: 28, width: 40, height: 8)), with: .color(.yellow))
                    nested.fill(Path(CGRect(x: 80, y: 20, width: 8, height: 24)), with: .color(.yellow))
                }
            }
        }
        assertMatchesReference(image, named: "layers")
    }

    @Test func transformOrder() throws {
        let image = try drawing(96, 64) { context, _ in
            let bar = Path(CGRect(x: 0, y: -3, width: 24, height: 6))
            // Translate then rotate: rotates about the translated origin (24, 32).
            var a = context
            a.translateBy(x: 24, y: 32)
            a.rotate(by: .degrees(45))
            a.fill(bar, with: .color(.blue))
            // Rotate then translate: the translation itself is rotated.
            var b = context
            b.rotate(by: .degrees(30))
            b.translateBy(x: 56, y: 0)
            b.fill(bar, with: .color(.red))
            // rotate(by: 90°) turns +x into +y: this bar points down from (80, 8).
            var c = context
            c.translateBy(x: 80, y: 8)
            c.rotate(by: .degrees(90))
            c.scaleBy(x: 2, y: 1)
            c.fill(bar, with: .color(.green))
            c.concatenate(CGAffineTransform(translationX: 0, y: 8))
            c.fill(bar, with: .color(.orange))
        }
        assertMatchesReference(image, named: "transform-order")
    }

    @Test func opacityOfSolidFills() throws {
        let image = try drawing(96, 64) { context, _ in
            for (index, opacity) in [1.0, 0.75, 0.5, 0.25].enumerated() {
                var ctx = context
                ctx.opacity = opacity
                ctx.fill(Path(CGRect(x: 4 + CGFloat(index) * 22, y: 4, width: 20, height: 56)), with: .color(.purple))
                ctx.fill(Path(CGRect(x: 0, y: 24 + CGFloat(index) * 4, width: 96, height: 4)),
                         with: .color(Color.green.opacity(0.5)))
            }
        }
        assertMatchesReference(image, named: "opacity")
    }

    static func sprite() throws -> Bitmap {
        try drawing(16, 12, background: .clear) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 6)), with: .color(.red))
            context.fill(Path(CGRect(x: 8, y: 0, width: 8, height: 6)), with: .color(.green))
            context.fill(Path(CGRect(x: 0, y: 6, width: 8, height: 6)), with: .color(.blue))
            context.fill(Path(ellipseIn: CGRect(x: 8, y: 6, width: 8, height: 6)), with: .color(.black))
        }
    }

    @Test func drawingBitmaps() throws {
        let sprite = try Self.sprite()
        let image = try drawing(96, 64) { context, _ in
            context.draw(sprite, at: CGPoint(x: 4, y: 4), anchor: .topLeading)
            context.draw(sprite, at: CGPoint(x: 32, y: 10))
            context.draw(sprite, at: CGPoint(x: 92, y: 4), anchor: .topTrailing)
            context.draw(sprite, in: CGRect(x: 4, y: 24, width: 32, height: 24))
            var ctx = context
            ctx.opacity = 0.5
            ctx.translateBy(x: 64, y: 40)
            ctx.rotate(by: .degrees(30))
            ctx.draw(sprite, in: CGRect(x: -16, y: -12, width: 32, height: 24))
        }
        assertMatchesReference(image, named: "bitmap-draw")
    }

    /// The same scene in points at 1×, 2× and 3×.
    @Test(arguments: [1, 2, 3])
    func scaleFactor(_ scale: Int) throws {
        let image = try drawing(40 * scale, 30 * scale, scale: CGFloat(scale)) { context, size in
            #expect(size == CGSize(width: 40, height: 30))
            context.fill(Path(roundedRect: CGRect(x: 4, y: 4, width: 20, height: 14), cornerRadius: 4), with: .color(.blue))
            context.stroke(Path(ellipseIn: CGRect(x: 20, y: 8, width: 16, height: 16)), with: .color(.red), lineWidth: 1)
            var ctx = context
            ctx.translateBy(x: 12, y: 24)
            ctx.rotate(by: .degrees(20))
            ctx.fill(Path(CGRect(x: -6, y: -2, width: 12, height: 4)), with: .color(.green))
        }
        assertMatchesReference(image, named: "scale-\(scale)x")
    }
}
