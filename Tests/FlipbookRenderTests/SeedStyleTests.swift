import Flipbook
import Foundation
import Testing

/// Drawing code in the style of the SwiftUI seeds compiles unchanged against `import Flipbook` and
/// draws what SwiftUI would.
@Suite("Seed-style drawing code")
struct SeedStyleTests {
    @Test("a particle drawn through a context copy: opacity, translate, clockwise rotation")
    func particle() throws {
        var bitmap = try Bitmap(width: 100, height: 100)
        let posX: CGFloat = 50, posY: CGFloat = 50, rotation = 30.0, w: CGFloat = 60, h: CGFloat = 10
        bitmap.draw(background: .white) { context, size in
            var ctx = context; ctx.opacity = 0.5; ctx.translateBy(x: posX, y: posY); ctx.rotate(by: .degrees(rotation)); ctx.fill(Path(CGRect(x: -w / 2, y: -h / 2, width: w, height: h)), with: .color(.purple))
            // The original context is untouched by the copy: this square lands at the top-left corner.
            context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.black))
        }
        // Purple at half opacity over white.
        let expected = Color.mix(.white, .purple, fraction: 0.5)
        let centre = bitmap.pixel(x: 50, y: 50)
        #expect(abs(centre.red - expected.red) < 0.01 && abs(centre.green - expected.green) < 0.01 && abs(centre.blue - expected.blue) < 0.01)
        // +30° turns clockwise on screen (y down): the bar's right end dips below the centre.
        let along = CGPoint(x: 50 + 25 * cos(CGFloat.pi / 6), y: 50 + 25 * sin(CGFloat.pi / 6))
        let mirrored = CGPoint(x: 50 + 25 * cos(CGFloat.pi / 6), y: 50 - 25 * sin(CGFloat.pi / 6))
        #expect(bitmap.pixel(x: Int(along.x), y: Int(along.y)) == centre)
        #expect(bitmap.pixel(x: Int(mirrored.x), y: Int(mirrored.y)) == .white)
        #expect(bitmap.pixel(x: 1, y: 1) == .black)
    }

    @Test("a ripple ring stroked with a translucent pastel, line width 2")
    func ripple() throws {
        var bitmap = try Bitmap(width: 100, height: 100)
        let rect = CGRect(x: 20, y: 20, width: 60, height: 60)
        bitmap.draw(background: .white) { context, size in
            context.stroke(Path(ellipseIn: rect), with: .color(Color(red: 0.46, green: 0.84, blue: 1).opacity(0.5)), lineWidth: 2)
        }
        // The ring at the rightmost point covers x in 79...81 fully (1 pt either side of x = 80).
        let ring = bitmap.pixel(x: 80, y: 50)
        #expect(abs(ring.red - (0.5 * 0.46 + 0.5)) < 0.01)
        #expect(abs(ring.green - (0.5 * 0.84 + 0.5)) < 0.01)
        #expect(abs(ring.blue - 1) < 0.01)
        #expect(bitmap.pixel(x: 50, y: 50) == .white)   // inside the ring
        #expect(bitmap.pixel(x: 83, y: 50) == .white)   // outside it
    }
}
