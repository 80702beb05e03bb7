import FlipbookDrawing
import Foundation
import Testing

@Suite("Canvas pixels and value semantics")
struct CanvasPixelTests {
    @Test func halfOpaqueRedOverWhite() throws {
        let image = try drawing(8, 8) { context, size in
            var ctx = context
            ctx.opacity = 0.5
            ctx.fill(Path(CGRect(origin: .zero, size: size)), with: .color(red: 1, green: 0, blue: 0))
        }
        let p = image.pixel(x: 4, y: 4)
        #expect(close(p.red, 1) && close(p.green, 0.5) && close(p.blue, 0.5) && p.opacity == 1)
    }

    @Test func colourAlphaAndContextOpacityMultiply() throws {
        let image = try drawing(4, 4, background: .clear) { context, size in
            var ctx = context
            ctx.opacity = 0.5
            ctx.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color.blue.opacity(0.5)))
        }
        #expect(close(image.pixel(x: 1, y: 1).opacity, 0.25))
    }

    @Test func defaultStrokeCoversOnePixelColumn() throws {
        let image = try drawing(21, 10) { context, _ in
            context.stroke(Path { p in
                p.move(to: CGPoint(x: 10.5, y: 0))
                p.addLine(to: CGPoint(x: 10.5, y: 10))
            }, with: .color(.black))
        }
        for y in 0..<10 {
            #expect(image.pixel(x: 10, y: y) == Color(white: 0))
            #expect(image.pixel(x: 9, y: y) == Color(white: 1))
            #expect(image.pixel(x: 11, y: y) == Color(white: 1))
        }
    }

    @Test func copiesCarryTheirOwnState() throws {
        let image = try drawing(40, 20) { context, _ in
            var copy = context
            copy.translateBy(x: 20, y: 0)
            copy.opacity = 0.5
            copy.blendMode = .multiply
            copy.clip(to: Path(CGRect(x: 0, y: 0, width: 10, height: 20)))
            copy.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
            // The original is untouched by the copy's changes: no transform, opacity 1, no clip.
            #expect(context.transform == .identity && context.opacity == 1 && context.blendMode == .normal)
            context.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
        }
        #expect(image.pixel(x: 5, y: 5) == Color(white: 0))       // original: opaque, unclipped
        #expect(image.pixel(x: 15, y: 5) == Color(white: 0))
        #expect(close(image.pixel(x: 25, y: 5).red, 0.5))          // copy: half black inside its clip
        #expect(image.pixel(x: 35, y: 5) == Color(white: 1))       // copy's clip cut this off
    }

    @Test func rotateByNinetyDegreesTurnsXIntoY() throws {
        let image = try drawing(40, 40) { context, _ in
            var ctx = context
            ctx.translateBy(x: 20, y: 20)
            ctx.rotate(by: .degrees(90))
            ctx.fill(Path(CGRect(x: 0, y: -2, width: 16, height: 4)), with: .color(.black))
        }
        #expect(image.pixel(x: 20, y: 30) == Color(white: 0))  // below the origin
        #expect(image.pixel(x: 30, y: 20) == Color(white: 1))  // not to its right
    }

    @Test func clipBoundingRectIsInUserSpace() throws {
        var bitmap = try Bitmap(width: 100, height: 80)
        bitmap.draw(scale: 2) { context, size in
            #expect(size == CGSize(width: 50, height: 40))
            #expect(context.clipBoundingRect == CGRect(x: 0, y: 0, width: 50, height: 40))
            var ctx = context
            ctx.clip(to: Path(CGRect(x: 10, y: 10, width: 20, height: 10)))
            ctx.translateBy(x: 10, y: 10)
            let r = ctx.clipBoundingRect
            #expect(abs(r.minX - 0) < 0.01 && abs(r.minY - 0) < 0.01 && abs(r.width - 20) < 0.01 && abs(r.height - 10) < 0.01)
            var empty = ctx
            empty.clip(to: Path(CGRect(x: 100, y: 100, width: 5, height: 5)))
            #expect(empty.clipBoundingRect.isNull)
            var inverse = context
            inverse.clip(to: Path(CGRect(x: 10, y: 10, width: 20, height: 10)), options: .inverse)
            #expect(inverse.clipBoundingRect == CGRect(x: 0, y: 0, width: 50, height: 40))
        }
    }

    @Test func backgroundReplacesEverything() throws {
        var bitmap = try Bitmap(width: 4, height: 4)
        bitmap.draw(background: .red) { _, _ in }
        #expect(bitmap.pixel(x: 0, y: 0) == Color(red: 1, green: 59 / 255, blue: 48 / 255))
        bitmap.draw(background: .clear) { _, _ in }
        #expect(bitmap.pixel(x: 2, y: 2) == .clear)
        bitmap.draw(background: Color.blue.opacity(0.5)) { _, _ in }
        #expect(close(bitmap.pixel(x: 1, y: 1).opacity, 0.5))
    }

    @Test func drawingIsCopyOnWrite() throws {
        var original = try drawing(4, 4) { _, _ in }
        let copy = original
        original.draw { context, size in context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black)) }
        #expect(original.pixel(x: 1, y: 1) == Color(white: 0))
        #expect(copy.pixel(x: 1, y: 1) == Color(white: 1))
    }

    @Test func plusDarkerFollowsAppleFormula() throws {
        let image = try drawing(20, 10, background: .clear) { context, _ in
            context.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(Color(white: 0.6)))
            context.fill(Path(CGRect(x: 10, y: 0, width: 10, height: 10)), with: .color(red: 1, green: 0, blue: 0))
            var ctx = context
            ctx.blendMode = .plusDarker
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(Color(white: 0.8)))
            ctx.fill(Path(CGRect(x: 10, y: 0, width: 10, height: 10)), with: .color(red: 0, green: 0, blue: 1))
        }
        // max(0, 1 − ((1 − 0.6) + (1 − 0.8))) = 0.4; blue over red is black.
        let grey = image.pixel(x: 5, y: 5)
        #expect(close(grey.red, 0.4, 2 / 255) && grey.opacity == 1)
        #expect(image.pixel(x: 15, y: 5) == Color(white: 0))
    }

    @Test func plusLighterAdds() throws {
        let image = try drawing(4, 4, background: Color(white: 0.25)) { context, size in
            var ctx = context
            ctx.blendMode = .plusLighter
            ctx.fill(Path(CGRect(origin: .zero, size: size)), with: .color(Color(white: 0.5)))
        }
        #expect(close(image.pixel(x: 1, y: 1).red, 0.75, 2 / 255))
    }

    @Test func layerOpacityAppliesOnceToTheWhole() throws {
        let image = try drawing(10, 10) { context, size in
            var ctx = context
            ctx.opacity = 0.5
            ctx.drawLayer { layer in
                layer.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
                layer.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
            }
        }
        #expect(close(image.pixel(x: 5, y: 5).red, 0.5))
    }

    @Test func layerContentSeesOpacityOneAndNormalBlend() throws {
        _ = try drawing(4, 4) { context, _ in
            var ctx = context
            ctx.opacity = 0.3
            ctx.blendMode = .multiply
            ctx.translateBy(x: 1, y: 2)
            ctx.drawLayer { layer in
                #expect(layer.opacity == 1 && layer.blendMode == .normal)
                #expect(layer.transform == CGAffineTransform(translationX: 1, y: 2))
            }
        }
    }

    struct Boom: Error {}

    @Test func layerErrorsPropagateAndDrawingContinues() throws {
        var bitmap = try Bitmap(width: 10, height: 10)
        #expect(throws: Boom.self) {
            try bitmap.draw(background: .white) { context, size in
                try context.drawLayer { layer in
                    layer.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.black))
                    throw Boom()
                }
            }
        }
        bitmap.draw { context, size in
            context.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 10)), with: .color(.blue))
        }
        #expect(bitmap.pixel(x: 2, y: 2) == .blue)
        #expect(bitmap.drawingIssue == nil)
    }

    @Test func escapedContextDrawsNothing() throws {
        var escaped: GraphicsContext?
        var bitmap = try Bitmap(width: 4, height: 4)
        bitmap.draw(background: .white) { context, _ in escaped = context }
        escaped?.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.black))
        #expect(bitmap.pixel(x: 1, y: 1) == .white)
    }

    @Test func conicStartsAtThreeOClockAndTurnsClockwise() throws {
        let image = try drawing(64, 64) { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .conicGradient(
                Gradient(colors: [.black, .white]), center: CGPoint(x: 32, y: 32)))
        }
        // Brightness grows with the clockwise angle from 3 o'clock: 6 o'clock (¼) < 9 (½) < 12 (¾).
        let six = image.pixel(x: 32, y: 60).red, nine = image.pixel(x: 4, y: 32).red, twelve = image.pixel(x: 32, y: 4).red
        #expect(close(six, 0.25, 0.03) && close(nine, 0.5, 0.03) && close(twelve, 0.75, 0.03))
    }

    @Test func copyModeReplacesOnlyInsideTheShape() throws {
        let image = try drawing(10, 10) { context, _ in
            var ctx = context
            ctx.blendMode = .copy
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 10)), with: .color(Color.red.opacity(0.5)))
        }
        #expect(close(image.pixel(x: 2, y: 2).opacity, 0.5))
        #expect(image.pixel(x: 7, y: 2) == .white)
    }

    @Test func imagesAreOnePointPerPixel() throws {
        let sprite = try drawing(4, 2, background: .black) { _, _ in }
        let image = try drawing(20, 20, scale: 2) { context, _ in
            context.draw(sprite, at: CGPoint(x: 5, y: 5), anchor: .topLeading)
        }
        // 4×2 points at scale 2 are 8×4 pixels from (10, 10).
        #expect(image.pixel(x: 10, y: 10) == Color(white: 0))
        #expect(image.pixel(x: 17, y: 13) == Color(white: 0))
        #expect(image.pixel(x: 18, y: 10) == .white)
        #expect(image.pixel(x: 10, y: 14) == .white)
    }
}
