@testable import FlipbookCore
@testable import FlipbookDrawing
import Foundation
import Testing

/// The shapes a path keeps alone: `Path(_ rect:)`'s rectangle and `Path(ellipseIn:)`'s ellipse.
enum KeptShape: CaseIterable {
    case rectangle, ellipse

    /// The path the initializer makes.
    func kept(_ rect: CGRect) -> Path {
        switch self {
        case .rectangle: Path(rect)
        case .ellipse: Path(ellipseIn: rect)
        }
    }

    /// The same shape, added to an empty path one element at a time.
    func built(_ rect: CGRect) -> Path {
        var path = Path()
        switch self {
        case .rectangle: path.addRect(rect)
        case .ellipse: path.addEllipse(in: rect)
        }
        return path
    }

    /// What the path keeps instead of elements, if anything.
    func keptRect(of path: Path) -> CGRect? {
        switch self {
        case .rectangle: path.rectangle
        case .ellipse: path.ellipse
        }
    }

    /// The rectangle kept for `rect`.
    func keptRect(for rect: CGRect) -> CGRect {
        self == .rectangle ? rect.standardized : rect
    }

    var elementCount: Int { self == .rectangle ? 5 : 6 }
}

/// `Path(_ rect:)` and `Path(ellipseIn:)` keep their rectangle without a heap buffer until the path
/// changes; every reading of it, and every change after it, must be what the same elements built one
/// by one give.
@Suite("A rectangle or ellipse path kept alone")
struct KeptShapePathTests {
    let rects = [CGRect(x: 1, y: 2, width: 10, height: 20), CGRect(x: 11, y: 22, width: -10, height: -20),
                 CGRect(x: -0.0, y: 0, width: 0, height: 0), CGRect(x: 3.25, y: -7.5, width: 1e-9, height: 4e6)]

    func elements(_ path: Path) -> [Path.Element] {
        var out: [Path.Element] = []
        path.forEach { out.append($0) }
        return out
    }

    @Test(arguments: KeptShape.allCases)
    func readsAsItsElements(shape: KeptShape) {
        for rect in rects {
            let kept = shape.kept(rect), reference = shape.built(rect)
            #expect(shape.keptRect(of: kept) == shape.keptRect(for: rect))
            #expect(reference.rectangle == nil && reference.ellipse == nil)
            #expect(kept == reference && kept.elements == reference.elements)
            #expect(elements(kept) == elements(reference) && elements(kept).count == shape.elementCount)
            #expect(kept.isFinite && kept.isFinite == reference.isFinite)
            #expect(!kept.isEmpty && kept.currentPoint == reference.currentPoint)
            #expect(kept.boundingRect == reference.boundingRect)
            #expect(kept.description == reference.description)
            #expect(kept.contains(CGPoint(x: rect.midX, y: rect.midY)) == reference.contains(CGPoint(x: rect.midX, y: rect.midY)))
        }
    }

    /// A segment after the closed rectangle starts a new subpath at its first corner; a move replaces
    /// nothing; a transform and a trim see the rectangle's elements.
    @Test(arguments: KeptShape.allCases)
    func changesStartFromItsElements(shape: KeptShape) {
        func built(_ rect: CGRect) -> Path { shape.built(rect) }
        for rect in rects {
            var kept = shape.kept(rect), reference = built(rect)
            kept.addLine(to: CGPoint(x: 50, y: 60))
            reference.addLine(to: CGPoint(x: 50, y: 60))
            #expect(kept == reference && shape.keptRect(of: kept) == nil && elements(kept).count == shape.elementCount + 2)
            var moved = shape.kept(rect), movedReference = built(rect)
            moved.move(to: CGPoint(x: 5, y: 5))
            movedReference.move(to: CGPoint(x: 5, y: 5))
            #expect(moved == movedReference && moved.currentPoint == CGPoint(x: 5, y: 5))
            var closed = shape.kept(rect)
            closed.closeSubpath()
            #expect(closed == built(rect))
            let t = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: -2)
            #expect(shape.kept(rect).applying(t) == built(rect).applying(t))
            #expect(shape.kept(rect).trimmedPath(from: 0.2, to: 0.7) == built(rect).trimmedPath(from: 0.2, to: 0.7))
            var added = Path()
            added.addPath(shape.kept(rect))
            #expect(added == built(rect))
        }
    }

    /// A non-finite rectangle is reported like the same elements built by hand.
    @Test(arguments: KeptShape.allCases)
    func nonFiniteRectanglesAreReportedAlike(shape: KeptShape) {
        for bad in [CGRect(x: 0, y: CGFloat.nan, width: 4, height: 4), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)] {
            let problem = PathEmitter.problem(in: shape.kept(bad))
            #expect(problem == PathEmitter.problem(in: shape.built(bad)))
            #expect(problem != nil)
            #expect(!shape.kept(bad).isFinite && !shape.built(bad).isFinite)
        }
        #expect(PathEmitter.problem(in: Path(CGRect(x: 0, y: CGFloat.nan, width: 4, height: 4)))
            == "the path has a non-finite coordinate (nan) in element 0")
        #expect(PathEmitter.problem(in: shape.kept(rects[0])) == nil)
    }

    /// Filled and stroked, with the fast paths and through Cairo, the kept shape draws the same
    /// bytes as the built one.
    @Test(arguments: KeptShape.allCases)
    func drawsTheSameBytes(shape: KeptShape) throws {
        for fast in [true, false] {
            let images = try [true, false].map { kept in
                try drawing(64, 48) { context, _ in
                    context.allowsFastPaths = fast
                    for (i, rect) in rects.prefix(2).enumerated() {
                        var ctx = context
                        ctx.translateBy(x: 8 + CGFloat(i) * 20, y: 6)
                        ctx.rotate(by: .degrees(17 + Double(i) * 40))
                        ctx.opacity = 0.7
                        let path = kept ? shape.kept(rect) : shape.built(rect)
                        ctx.fill(path, with: .color(.red))
                        ctx.stroke(path, with: .color(.blue), lineWidth: 1.5)
                    }
                    // Unrotated squares: an ellipse that is a circle takes the ring and disc paths.
                    let square = CGRect(x: 40.3, y: 20.6, width: 17, height: 17)
                    let path = kept ? shape.kept(square) : shape.built(square)
                    context.fill(path, with: .color(.green.opacity(0.5)))
                    context.stroke(path, with: .color(.black), lineWidth: 2)
                }
            }
            #expect(images[0].withUnsafeBytes { a, _ in images[1].withUnsafeBytes { b, _ in a.elementsEqual(b) } })
        }
    }
}
