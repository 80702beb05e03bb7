import FlipbookCore
import Foundation
import Testing

@Suite("Continuous corners: Apple's smooth corner")
struct ContinuousCornerTests {
    /// PaintCode's published top-right corner of `UIBezierPath(roundedRect:cornerRadius:)` (iOS 7 and
    /// later), as printed, in radii from the corner: `x` leftwards from the right edge, `y` down from
    /// the top. https://www.paintcodeapp.com/news/code-for-ios-7-rounded-rectangles
    static let published: [(c1: CGPoint, c2: CGPoint, end: CGPoint)?] = [
        (CGPoint(x: 1.08849323, y: 0), CGPoint(x: 0.86840689, y: 0), CGPoint(x: 0.66993427, y: 0.06549600)),
        nil,  // a line to (0.63149399, 0.07491100)
        (CGPoint(x: 0.37282392, y: 0.16905899), CGPoint(x: 0.16906013, y: 0.37282401),
         CGPoint(x: 0.07491176, y: 0.63149399)),
        nil,  // a line to (0.06549600, 0.66993427)
        (CGPoint(x: 0, y: 0.86840689), CGPoint(x: 0, y: 1.08849323), CGPoint(x: 0, y: 1.52866483)),
    ]

    /// Points along the published corner of radius `radius` at the top-right of a rectangle whose
    /// right edge is `right` and top edge `top`.
    static func publishedCorner(radius: CGFloat, right: CGFloat, top: CGFloat) -> [CGPoint] {
        func place(_ p: CGPoint) -> CGPoint { CGPoint(x: right - p.x * radius, y: top + p.y * radius) }
        var current = CGPoint(x: 1.52866471, y: 0)
        var points: [CGPoint] = []
        let lineEnds = [1: CGPoint(x: 0.63149399, y: 0.07491100), 3: CGPoint(x: 0.06549600, y: 0.66993427)]
        for (index, piece) in published.enumerated() {
            let steps = 50
            for i in 0...steps {
                let t = CGFloat(i) / CGFloat(steps)
                if let piece {
                    points.append(place(cubicPoint(current, piece.c1, piece.c2, piece.end, t)))
                } else if let end = lineEnds[index] {
                    points.append(place(CGPoint(x: current.x + t * (end.x - current.x), y: current.y + t * (end.y - current.y))))
                }
            }
            current = piece?.end ?? lineEnds[index]!
        }
        return points
    }

    /// A corner's points mirrored into the top-right corner of `rect`.
    static func mirrored(_ points: [CGPoint], in rect: CGRect, flipX: Bool, flipY: Bool) -> [CGPoint] {
        points.map { p in
            CGPoint(x: flipX ? rect.minX + rect.maxX - p.x : p.x, y: flipY ? rect.minY + rect.maxY - p.y : p.y)
        }
    }

    @Test func everyCornerIsThePublishedCurveAtRadius100() {
        let rect = CGRect(x: 20, y: 10, width: 400, height: 340)
        let path = RoundedRectangle(cornerRadius: 100, style: .continuous).path(in: rect)
        // Without the opening move, so each corner's points run unbroken (the top-left corner's are
        // the last ones, ending where the outline started).
        let outline = Array(outlinePoints(path, steps: 50).dropFirst())
        let corner = Self.publishedCorner(radius: 100, right: rect.maxX, top: rect.minY)
        var worst: CGFloat = 0
        for (flipX, flipY) in [(false, false), (true, false), (false, true), (true, true)] {
            // The outline's points in this corner, where the curve leaves the edges 152.87 from it.
            let expected = Self.mirrored(corner, in: rect, flipX: flipX, flipY: flipY)
            let nearCorner = outline.filter { p in
                let (x, y) = (flipX ? rect.minX + rect.maxX - p.x : p.x, flipY ? rect.minY + rect.maxY - p.y : p.y)
                return x >= rect.maxX - 152.9 && y <= rect.minY + 152.9
            }
            #expect(nearCorner.count > 100)
            // The published curve lies on the outline, and the outline's corner on the published curve.
            for point in expected { worst = max(worst, distance(from: point, toPolyline: nearCorner)) }
            for point in nearCorner { worst = max(worst, distance(from: point, toPolyline: expected)) }
        }
        #expect(worst < 0.1, "the corner strays \(worst) px from the published curve")
    }

    @Test func theCurveLeavesEachEdgeAlongIt() {
        // The corner starts 1.52866483 radii before the corner, its first control point on the edge,
        // so the outline has no kink where the straight part ends.
        let rect = CGRect(x: 0, y: 0, width: 400, height: 400)
        let all = elements(RoundedRectangle(cornerRadius: 100).path(in: rect))
        guard case .line(let edgeEnd) = all[1] else {
            Issue.record("expected the top edge's line")
            return
        }
        #expect(near(edgeEnd, CGPoint(x: 400 - 152.866483, y: 0), 1e-9))
        guard case .curve(_, let c1, let c2) = all[2] else {
            Issue.record("expected the ease-in curve after the top edge")
            return
        }
        #expect(c1.y == 0 && c2.y == 0 && c1.x > 400 - 152.866483)
    }

    @Test func aCornerWithoutRoomBlendsTowardCircular() {
        // A 100-point square with radius 40: each corner may take half of each side (50 points) but
        // the whole curve needs 61; the corners meet at the middle of every side.
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        let path = RoundedRectangle(cornerRadius: 40).path(in: rect)
        let all = elements(path)
        #expect(all.first == .move(to: CGPoint(x: 50, y: 0)))
        let ends = all.compactMap { element -> CGPoint? in
            if case .curve(let p, _, _) = element { return p }
            return nil
        }
        for middle in [CGPoint(x: 100, y: 50), CGPoint(x: 50, y: 100), CGPoint(x: 0, y: 50), CGPoint(x: 50, y: 0)] {
            #expect(ends.contains { near($0, middle, 1e-9) })
        }
        #expect(near(path.boundingRect, rect))
    }
}
