@testable import FlipbookCore
@testable import FlipbookDrawing
import Foundation
import Testing

/// `Path(_ rect:)` keeps its rectangle without a heap buffer until the path changes; every reading of
/// it, and every change after it, must be what the same elements built one by one give.
@Suite("A rectangle path kept alone")
struct RectanglePathTests {
    let rects = [CGRect(x: 1, y: 2, width: 10, height: 20), CGRect(x: 11, y: 22, width: -10, height: -20),
                 CGRect(x: -0.0, y: 0, width: 0, height: 0), CGRect(x: 3.25, y: -7.5, width: 1e-9, height: 4e6)]

    /// The same rectangle, added to an empty path one element at a time.
    func built(_ rect: CGRect) -> Path {
        var path = Path()
        path.addRect(rect)
        return path
    }

    func elements(_ path: Path) -> [Path.Element] {
        var out: [Path.Element] = []
        path.forEach { out.append($0) }
        return out
    }

    @Test func readsAsItsElements() {
        for rect in rects {
            let kept = Path(rect), reference = built(rect)
            #expect(kept.rectangle == rect.standardized)
            #expect(reference.rectangle == nil)
            #expect(kept == reference && kept.elements == reference.elements)
            #expect(elements(kept) == elements(reference) && elements(kept).count == 5)
            #expect(!kept.isEmpty && kept.currentPoint == reference.currentPoint)
            #expect(kept.boundingRect == reference.boundingRect)
            #expect(kept.description == reference.description)
            #expect(kept.contains(CGPoint(x: rect.midX, y: rect.midY)) == reference.contains(CGPoint(x: rect.midX, y: rect.midY)))
        }
    }

    /// A segment after the closed rectangle starts a new subpath at its first corner; a move replaces
    /// nothing; a transform and a trim see the rectangle's elements.
    @Test func changesStartFromItsElements() {
        for rect in rects {
            var kept = Path(rect), reference = built(rect)
            kept.addLine(to: CGPoint(x: 50, y: 60))
            reference.addLine(to: CGPoint(x: 50, y: 60))
            #expect(kept == reference && kept.rectangle == nil && elements(kept).count == 7)
            var moved = Path(rect), movedReference = built(rect)
            moved.move(to: CGPoint(x: 5, y: 5))
            movedReference.move(to: CGPoint(x: 5, y: 5))
            #expect(moved == movedReference && moved.currentPoint == CGPoint(x: 5, y: 5))
            var closed = Path(rect)
            closed.closeSubpath()
            #expect(closed == built(rect))
            let t = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: -2)
            #expect(Path(rect).applying(t) == built(rect).applying(t))
            #expect(Path(rect).trimmedPath(from: 0.2, to: 0.7) == built(rect).trimmedPath(from: 0.2, to: 0.7))
            var added = Path()
            added.addPath(Path(rect))
            #expect(added == built(rect))
        }
    }

    /// A non-finite rectangle is reported like the same elements built by hand.
    @Test func nonFiniteRectanglesAreReportedAlike() {
        let bad = CGRect(x: 0, y: CGFloat.nan, width: 4, height: 4)
        #expect(PathEmitter.problem(in: Path(bad)) == PathEmitter.problem(in: built(bad)))
        #expect(PathEmitter.problem(in: Path(bad)) != nil)
        #expect(PathEmitter.problem(in: Path(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))) != nil)
        #expect(PathEmitter.problem(in: Path(rects[0])) == nil)
    }

    /// Filled and stroked, with the fast paths and through Cairo, the kept rectangle draws the same
    /// bytes as the built one.
    @Test func drawsTheSameBytes() throws {
        for fast in [true, false] {
            let images = try [true, false].map { kept in
                try drawing(64, 48) { context, _ in
                    context.allowsFastPaths = fast
                    for (i, rect) in rects.prefix(2).enumerated() {
                        var ctx = context
                        ctx.translateBy(x: 8 + CGFloat(i) * 20, y: 6)
                        ctx.rotate(by: .degrees(17 + Double(i) * 40))
                        ctx.opacity = 0.7
                        let path = kept ? Path(rect) : built(rect)
                        ctx.fill(path, with: .color(.red))
                        ctx.stroke(path, with: .color(.blue), lineWidth: 1.5)
                    }
                }
            }
            #expect(images[0].withUnsafeBytes { a, _ in images[1].withUnsafeBytes { b, _ in a.elementsEqual(b) } })
        }
    }
}
