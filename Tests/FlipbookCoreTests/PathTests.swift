import Foundation
import Testing
@testable import FlipbookCore

@Suite("Path")
struct PathTests {
    /// Length measured independently of the trimming code: dense sampling of each element.
    private func length(_ path: Path) -> CGFloat {
        var total: CGFloat = 0
        var start = CGPoint.zero, current = CGPoint.zero
        func walk(_ f: (CGFloat) -> CGPoint) {
            var previous = current
            for i in 1...4000 {
                let p = f(CGFloat(i) / 4000)
                total += hypot(p.x - previous.x, p.y - previous.y)
                previous = p
            }
        }
        path.forEach { element in
            let p0 = current
            switch element {
            case .move(let p): start = p; current = p
            case .line(let p): total += hypot(p.x - p0.x, p.y - p0.y); current = p
            case .quadCurve(let p, let c):
                walk { t in
                    let u = 1 - t
                    return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
                }
                current = p
            case .curve(let p, let c1, let c2):
                walk { t in
                    let u = 1 - t
                    let x = u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                    let y = u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
                    return CGPoint(x: x, y: y)
                }
                current = p
            case .closeSubpath: total += hypot(start.x - p0.x, start.y - p0.y); current = start
            }
        }
        return total
    }

    // MARK: Building

    @Test func emptyPath() {
        let path = Path()
        #expect(path.isEmpty)
        #expect(path.currentPoint == nil)
        #expect(path.boundingRect.isNull)
        #expect(!path.contains(.zero))
    }

    @Test func rectRunsClockwiseFromTopLeft() {
        let path = Path(CGRect(x: 1, y: 2, width: 10, height: 20))
        #expect(elements(path) == [
            .move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 11, y: 2)),
            .line(to: CGPoint(x: 11, y: 22)), .line(to: CGPoint(x: 1, y: 22)), .closeSubpath,
        ])
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        #expect(path.boundingRect == CGRect(x: 1, y: 2, width: 10, height: 20))
        // A negative-size rectangle is standardized first.
        #expect(Path(CGRect(x: 11, y: 22, width: -10, height: -20)) == path)
    }

    @Test func ellipseStartsAtRightMiddleAndRunsClockwiseOnScreen() throws {
        let path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50))
        let list = elements(path)
        #expect(list.count == 6)
        #expect(list.first == .move(to: CGPoint(x: 100, y: 25)))
        #expect(list.last == .closeSubpath)
        // The first quarter ends at the bottom middle: clockwise on a y-down screen.
        guard case .curve(let end, _, _) = list[1] else { Issue.record("expected a curve"); return }
        #expect(end == CGPoint(x: 50, y: 50))
        #expect(near(path.boundingRect, CGRect(x: 0, y: 0, width: 100, height: 50)))
    }

    @Test func circleStaysOnTheCircle() {
        let path = Path(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100))
        // The midpoint of each cubic quarter is within 0.03 % of the radius.
        for segment in path.subpaths[0].segments {
            let mid = segment.point(at: 0.5)
            #expect(abs(hypot(mid.x, mid.y) - 50) < 50 * 0.0003)
        }
    }

    @Test func roundedRect() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let path = Path(roundedRect: rect, cornerRadius: 10)
        let list = elements(path)
        #expect(list.count == 10)
        #expect(list.first == .move(to: CGPoint(x: 10, y: 0)))
        #expect(list[1] == .line(to: CGPoint(x: 90, y: 0)))
        #expect(near(path.boundingRect, rect))
        #expect(path.contains(CGPoint(x: 50, y: 20)))
        #expect(path.contains(CGPoint(x: 4, y: 20)))
        // The very corner is cut off by the rounding.
        #expect(!path.contains(CGPoint(x: 1, y: 1)))
        #expect(!path.contains(CGPoint(x: 99, y: 39)))
        // Radii are clamped to half the side: a huge radius gives a capsule.
        let capsule = Path(roundedRect: rect, cornerSize: CGSize(width: 500, height: 500))
        #expect(near(capsule.boundingRect, rect))
        #expect(capsule.contains(CGPoint(x: 50, y: 20)))
        #expect(!capsule.contains(CGPoint(x: 2, y: 2)))
        #expect(Path(roundedRect: rect, cornerRadius: 0) == Path(rect))
    }

    @Test func closureBuilderAndLines() {
        let path = Path { p in
            p.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
            p.closeSubpath()
        }
        #expect(elements(path) == [
            .move(to: .zero), .line(to: CGPoint(x: 10, y: 0)), .line(to: CGPoint(x: 10, y: 10)), .closeSubpath,
        ])
        var empty = Path()
        empty.addLines([])
        #expect(empty.isEmpty)
    }

    @Test func segmentWithoutCurrentPointIsIgnored() {
        var path = Path()
        path.addLine(to: CGPoint(x: 5, y: 5))
        path.addCurve(to: .zero, control1: .zero, control2: .zero)
        path.closeSubpath()
        #expect(path.isEmpty)
    }

    @Test func segmentAfterCloseStartsAtTheClosedSubpathsStart() {
        var path = Path()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addLine(to: CGPoint(x: 5, y: 1))
        path.closeSubpath()
        #expect(path.currentPoint == CGPoint(x: 1, y: 1))
        path.addLine(to: CGPoint(x: 1, y: 9))
        #expect(elements(path).suffix(2) == [.move(to: CGPoint(x: 1, y: 1)), .line(to: CGPoint(x: 1, y: 9))])
        #expect(path.currentPoint == CGPoint(x: 1, y: 9))
    }

    @Test func rectsAndAddPathWithTransform() {
        var path = Path()
        path.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(elements(path).count == 10)
        #expect(path.boundingRect == CGRect(x: 0, y: 0, width: 6, height: 6))
        var moved = Path()
        moved.addPath(path, transform: CGAffineTransform(translationX: 10, y: 0))
        #expect(moved.boundingRect == CGRect(x: 10, y: 0, width: 6, height: 6))
        #expect(moved == path.offsetBy(dx: 10, dy: 0))
        #expect(path.applying(CGAffineTransform(scaleX: 2, y: 3)).boundingRect == CGRect(x: 0, y: 0, width: 12, height: 18))
        #expect(path.applying(.identity) == path)
    }

    // MARK: Arcs

    @Test func arcWithClockwiseFalseLooksClockwiseOnScreen() throws {
        var path = Path()
        path.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        // A quarter turn toward increasing angles: (10,0) → (0,10), passing through the lower right.
        #expect(elements(path).count == 2)
        let mid = path.subpaths[0].segments[0].point(at: 0.5)
        #expect(mid.x > 0 && mid.y > 0)
        #expect(near(hypot(mid.x, mid.y), 10, 0.01))
        let end = try #require(path.currentPoint)
        #expect(near(end.x, 0, 1e-9) && near(end.y, 10, 1e-9))
        #expect(near(path.boundingRect, CGRect(x: 0, y: 0, width: 10, height: 10), 1e-9))
    }

    @Test func arcWithClockwiseTrueTakesTheOtherWayRound() throws {
        var path = Path()
        path.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
        // Toward decreasing angles: 0° → −270°, through the top (y < 0) — counter-clockwise on screen.
        #expect(elements(path).count == 4)
        let firstMid = path.subpaths[0].segments[0].point(at: 0.5)
        #expect(firstMid.x > 0 && firstMid.y < 0)
        #expect(near(path.boundingRect, CGRect(x: -10, y: -10, width: 20, height: 20), 1e-9))
        let arcLength = length(path)
        #expect(abs(arcLength / (2 * .pi * 10 * 0.75) - 1) < 3e-4)
    }

    @Test func arcJoinsAnOpenSubpathWithALine() {
        var path = Path()
        path.move(to: CGPoint(x: -20, y: 0))
        path.addArc(center: .zero, radius: 10, startAngle: .degrees(180), endAngle: .degrees(360), clockwise: false)
        let list = elements(path)
        #expect(list[1] == .line(to: CGPoint(x: -10, y: 0 + 10 * sin(CGFloat.pi))))
        #expect(list.count == 4)
        // 180° → 360° increasing passes through 270°, the top of the circle (y = −10).
        #expect(near(path.boundingRect.minY, -10, 1e-9) && near(path.boundingRect.maxY, 0, 1e-9))
    }

    @Test func fullTurnArcIsACircle() {
        var path = Path()
        path.addArc(center: CGPoint(x: 5, y: 5), radius: 5, startAngle: .zero, endAngle: .degrees(720), clockwise: false)
        #expect(elements(path).count == 5)
        #expect(near(path.boundingRect, CGRect(x: 0, y: 0, width: 10, height: 10), 1e-9))
        var same = Path()
        same.addArc(center: .zero, radius: 5, startAngle: .degrees(30), endAngle: .degrees(30), clockwise: false)
        #expect(elements(same).count == 1)
    }

    @Test func relativeArcFollowsTheSignOfDelta() {
        var positive = Path()
        positive.addRelativeArc(center: .zero, radius: 10, startAngle: .zero, delta: .degrees(90))
        #expect(positive.subpaths[0].segments[0].point(at: 0.5).y > 0)
        var negative = Path()
        negative.addRelativeArc(center: .zero, radius: 10, startAngle: .zero, delta: .degrees(-90))
        #expect(negative.subpaths[0].segments[0].point(at: 0.5).y < 0)
        var long = Path()
        long.addRelativeArc(center: .zero, radius: 1, startAngle: .zero, delta: .degrees(540))
        #expect(elements(long).count == 7)
        // Cubic quarter arcs run about 0.014 % longer than the true circle.
        let longLength = length(long)
        #expect(abs(longLength / (3 * .pi) - 1) < 3e-4)
    }

    @Test func tangentArcRoundsACorner() throws {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 10)
        let list = elements(path)
        #expect(list.count == 3)
        #expect(list[1] == .line(to: CGPoint(x: 90, y: 0)))
        let end = try #require(path.currentPoint)
        #expect(near(end.x, 100, 1e-9) && near(end.y, 10, 1e-9))
        // The corner's arc bulges toward (100, 0) but stays on the circle around (90, 10).
        let mid = path.subpaths[0].segments[1].point(at: 0.5)
        #expect(near(hypot(mid.x - 90, mid.y - 10), 10, 0.01))
        #expect(mid.x > 95 && mid.y < 5)
        // Collinear points give a plain line to the first tangent point.
        var straight = Path()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        #expect(elements(straight) == [.move(to: .zero), .line(to: CGPoint(x: 10, y: 0))])
    }

    // MARK: Bounds

    @Test func curveBoundsIncludeExtremaButNotControlPoints() {
        var path = Path()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        let bounds = path.boundingRect
        // The cubic's apex is at t = 0.5: y = 3/4 · 100.
        #expect(near(bounds, CGRect(x: 0, y: 0, width: 100, height: 75)))
        var quad = Path()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: -10))
        #expect(near(quad.boundingRect, CGRect(x: 0, y: -5, width: 10, height: 5)))
        // An overshooting cubic reaches past its end point in x.
        var overshoot = Path()
        overshoot.move(to: .zero)
        overshoot.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 30, y: 0), control2: CGPoint(x: 30, y: 0))
        #expect(overshoot.boundingRect.maxX > 10)
        #expect(overshoot.boundingRect.maxX < 30)
    }

    // MARK: Hit testing

    @Test func windingVersusEvenOddOnNestedRects() {
        var sameDirection = Path()
        sameDirection.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        sameDirection.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let hole = CGPoint(x: 50, y: 50), ring = CGPoint(x: 10, y: 10), outside = CGPoint(x: 150, y: 50)
        #expect(sameDirection.contains(hole))
        #expect(!sameDirection.contains(hole, eoFill: true))
        #expect(sameDirection.contains(ring) && sameDirection.contains(ring, eoFill: true))
        #expect(!sameDirection.contains(outside) && !sameDirection.contains(outside, eoFill: true))

        // The inner square drawn the other way round cancels the winding: a hole under both rules.
        var opposite = Path()
        opposite.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        opposite.addLines([CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25)])
        opposite.closeSubpath()
        #expect(!opposite.contains(hole))
        #expect(!opposite.contains(hole, eoFill: true))
    }

    @Test func pentagramCentreIsInsideOnlyUnderNonZero() {
        var star = Path()
        let points = (0..<5).map { i -> CGPoint in
            let angle = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            return CGPoint(x: 50 + 40 * cos(angle), y: 50 + 40 * sin(angle))
        }
        star.addLines(points)
        star.closeSubpath()
        #expect(star.contains(CGPoint(x: 50, y: 50)))
        #expect(!star.contains(CGPoint(x: 50, y: 50), eoFill: true))
        // A point in one of the star's tips is inside under both rules.
        let tip = CGPoint(x: 50, y: 15)
        #expect(star.contains(tip) && star.contains(tip, eoFill: true))
        #expect(!star.contains(CGPoint(x: 5, y: 5)))
    }

    @Test func circleContainment() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(circle.contains(CGPoint(x: 50, y: 50)))
        #expect(circle.contains(CGPoint(x: 50, y: 0.5)))
        #expect(circle.contains(CGPoint(x: 99.5, y: 50)))
        #expect(!circle.contains(CGPoint(x: 3, y: 3)))
        #expect(!circle.contains(CGPoint(x: 50, y: 100.5)))
        #expect(!circle.contains(CGPoint(x: CGFloat.nan, y: 50)))
        // An open subpath is filled as if closed.
        var open = Path()
        open.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        #expect(open.contains(CGPoint(x: 2, y: 2)))
        #expect(!open.contains(CGPoint(x: 8, y: 8)))
    }

    // MARK: Trimming

    @Test func trimmedLineSpansTheMiddleHalf() {
        var line = Path()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 100, y: 0))
        let middle = line.trimmedPath(from: 0.25, to: 0.75)
        #expect(elements(middle) == [.move(to: CGPoint(x: 25, y: 0)), .line(to: CGPoint(x: 75, y: 0))])
        #expect(line.trimmedPath(from: 0, to: 1) == line)
        #expect(line.trimmedPath(from: -3, to: 7) == line)
        #expect(line.trimmedPath(from: 0.6, to: 0.6).isEmpty)
        #expect(line.trimmedPath(from: 0.8, to: 0.2).isEmpty)
        #expect(Path().trimmedPath(from: 0.1, to: 0.9).isEmpty)
    }

    @Test func halfACircleHasHalfTheCircumference() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let circumference = length(circle)
        #expect(near(circumference, 100 * .pi, 0.05))
        let half = circle.trimmedPath(from: 0, to: 0.5)
        #expect(near(length(half), circumference / 2, 0.01))
        // From the right-middle clockwise on screen through the bottom to the left-middle.
        #expect(near(half.boundingRect, CGRect(x: 0, y: 50, width: 100, height: 50), 0.01))
        let end = half.currentPoint!
        #expect(near(end.x, 0, 0.01) && near(end.y, 50, 0.01))
        let quarter = circle.trimmedPath(from: 0.1, to: 0.35)
        #expect(near(length(quarter), circumference / 4, 0.01))
    }

    @Test func trimKeepsAWholeClosedSubpathClosed() {
        var twoSquares = Path()
        twoSquares.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        twoSquares.addRect(CGRect(x: 20, y: 0, width: 10, height: 10))
        // The first square is exactly the first half of the total length.
        let first = twoSquares.trimmedPath(from: 0, to: 0.5)
        #expect(first == Path(CGRect(x: 0, y: 0, width: 10, height: 10)))
        // Part of a closed square: the closing edge (length 30...40 of 80) becomes an explicit line.
        let closingEdge = twoSquares.trimmedPath(from: 0.375, to: 0.5)
        #expect(elements(closingEdge) == [.move(to: CGPoint(x: 0, y: 10)), .line(to: CGPoint(x: 0, y: 0))])
        let across = twoSquares.trimmedPath(from: 0.4375, to: 0.5625)
        #expect(elements(across) == [
            .move(to: CGPoint(x: 0, y: 5)), .line(to: CGPoint(x: 0, y: 0)),
            .move(to: CGPoint(x: 20, y: 0)), .line(to: CGPoint(x: 25, y: 0)),
        ])
    }

    // MARK: Finiteness and description

    @Test func nonFinitePathsAreDetected() throws {
        var path = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(path.isFinite)
        #expect(path.firstNonFiniteElement() == nil)
        path.move(to: CGPoint(x: 1, y: 1))
        path.addCurve(to: CGPoint(x: 2, y: 2), control1: CGPoint(x: CGFloat.nan, y: 0), control2: .zero)
        #expect(!path.isFinite)
        let bad = try #require(path.firstNonFiniteElement())
        #expect(bad.index == 6)
        guard case .curve = bad.element else { Issue.record("expected the curve"); return }
        var infinite = Path()
        infinite.addArc(center: .zero, radius: .infinity, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        #expect(!infinite.isFinite)
    }

    @Test func descriptionUsesSwiftUIsPostfixForm() {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10.5, y: 0))
        path.addQuadCurve(to: CGPoint(x: 1, y: 2), control: CGPoint(x: 3, y: 4))
        path.closeSubpath()
        #expect(path.description == "0 0 m 10.5 0 l 3 4 1 2 q h")
    }
}
