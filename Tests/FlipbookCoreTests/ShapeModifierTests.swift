import FlipbookCore
import Foundation
import Testing

@Suite("Shape modifiers: offset, rotation, scale, transform, trim")
struct ShapeModifierTests {
    let rect = CGRect(x: 0, y: 0, width: 200, height: 100)

    @Test func offsetMovesThePath() {
        let moved = CGRect(x: 10, y: -20, width: 200, height: 100)
        #expect(near(Rectangle().offset(x: 10, y: -20).path(in: rect).boundingRect, moved))
        #expect(near(Rectangle().offset(CGSize(width: 10, height: -20)).path(in: rect).boundingRect, moved))
        #expect(near(Rectangle().offset(CGPoint(x: 10, y: -20)).path(in: rect).boundingRect, moved))
        #expect(near(Rectangle().offset(y: 5).path(in: rect).boundingRect, rect.offsetBy(dx: 0, dy: 5)))
        // An offset insettable shape stays insettable: inset, then moved.
        #expect(near(Circle().offset(x: 10).inset(by: 5).path(in: rect).boundingRect,
                     CGRect(x: 65, y: 5, width: 90, height: 90)))
    }

    @Test func rotationAboutTheCentreKeepsTheCentre() {
        let turned = Rectangle().rotation(.degrees(90)).path(in: rect)
        #expect(near(turned.boundingRect, CGRect(x: 50, y: -50, width: 100, height: 200)))
        // Positive angles turn clockwise on screen: the top-left corner goes to the top right.
        #expect(near(elements(turned).first.flatMap(movePoint) ?? .zero, CGPoint(x: 150, y: -50), 1e-9))
        let box = Rectangle().rotation(.degrees(37)).path(in: rect).boundingRect
        #expect(near(CGPoint(x: box.midX, y: box.midY), CGPoint(x: 100, y: 50), 1e-9))
    }

    @Test func rotationAboutAnAnchor() {
        let turned = Rectangle().rotation(.degrees(90), anchor: .topLeading).path(in: rect)
        #expect(near(turned.boundingRect, CGRect(x: -100, y: 0, width: 100, height: 200)))
        let insetTurned = Rectangle().rotation(.degrees(90)).inset(by: 10).path(in: rect)
        #expect(near(insetTurned.boundingRect, CGRect(x: 60, y: -40, width: 80, height: 180)))
    }

    @Test func scaleAboutAnAnchor() {
        let small = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(near(Rectangle().scale(2).path(in: small).boundingRect, CGRect(x: -50, y: -25, width: 200, height: 100)))
        #expect(near(Rectangle().scale(x: 2, anchor: .topLeading).path(in: small).boundingRect,
                     CGRect(x: 0, y: 0, width: 200, height: 50)))
        #expect(near(Rectangle().scale(x: 0.5, y: 2, anchor: .bottomTrailing).path(in: small).boundingRect,
                     CGRect(x: 50, y: -50, width: 50, height: 100)))
    }

    @Test func transformAppliesTheMatrix() {
        let t = CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 3, ty: 4)
        #expect(Rectangle().transform(t).path(in: rect) == Path(rect).applying(t))
    }

    @Test func trimKeepsThePartOfTheOutlineAsked() {
        let circle = Circle()
        let whole = outlineLength(circle.path(in: rect))
        let half = circle.trim(from: 0, to: 0.5).path(in: rect)
        #expect(near(outlineLength(half), whole / 2, 1e-3))
        // The circle starts at its rightmost point and runs clockwise: half way is its leftmost point.
        #expect(near(half.currentPoint ?? .zero, CGPoint(x: 50, y: 50), 1e-6))
        #expect(near(half.boundingRect, CGRect(x: 50, y: 50, width: 100, height: 50), 1e-6))
        #expect(circle.trim(from: 0.6, to: 0.2).path(in: rect).isEmpty)
        #expect(circle.trim().path(in: rect) == circle.path(in: rect))
    }

    func movePoint(_ element: Path.Element) -> CGPoint? {
        if case .move(let p) = element { return p }
        return nil
    }
}
