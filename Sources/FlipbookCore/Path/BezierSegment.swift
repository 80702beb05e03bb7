import Foundation

/// One drawable piece of a path with its start point made explicit: a line, quadratic or cubic.
///
/// Path elements only carry their end points; bounds, hit testing and trimming all need each
/// segment's full geometry, so ``Path/subpaths`` resolves the start points once.
struct BezierSegment: Equatable {
    enum Degree { case line, quad, cubic }

    var degree: Degree
    var start: CGPoint
    var control1: CGPoint
    var control2: CGPoint
    var end: CGPoint

    static func line(_ start: CGPoint, _ end: CGPoint) -> BezierSegment {
        BezierSegment(degree: .line, start: start, control1: start, control2: end, end: end)
    }

    static func quad(_ start: CGPoint, _ control: CGPoint, _ end: CGPoint) -> BezierSegment {
        BezierSegment(degree: .quad, start: start, control1: control, control2: control, end: end)
    }

    static func cubic(_ start: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ end: CGPoint) -> BezierSegment {
        BezierSegment(degree: .cubic, start: start, control1: c1, control2: c2, end: end)
    }

    /// The segment as the path element that draws it from its start point.
    var element: Path.Element {
        switch degree {
        case .line: return .line(to: end)
        case .quad: return .quadCurve(to: end, control: control1)
        case .cubic: return .curve(to: end, control1: control1, control2: control2)
        }
    }

    /// The point at parameter `t` in `0...1`.
    func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        switch degree {
        case .line:
            return CGPoint(x: u * start.x + t * end.x, y: u * start.y + t * end.y)
        case .quad:
            let (a, b, c) = (u * u, 2 * u * t, t * t)
            return CGPoint(
                x: a * start.x + b * control1.x + c * end.x,
                y: a * start.y + b * control1.y + c * end.y)
        case .cubic:
            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return CGPoint(
                x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                y: a * start.y + b * control1.y + c * control2.y + d * end.y)
        }
    }

    /// The two halves of the segment at parameter `t` (de Casteljau).
    func split(at t: CGFloat) -> (BezierSegment, BezierSegment) {
        func lerp(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
            CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
        }
        switch degree {
        case .line:
            let mid = lerp(start, end)
            return (.line(start, mid), .line(mid, end))
        case .quad:
            let a = lerp(start, control1), b = lerp(control1, end)
            let mid = lerp(a, b)
            return (.quad(start, a, mid), .quad(mid, b, end))
        case .cubic:
            let a = lerp(start, control1), b = lerp(control1, control2), c = lerp(control2, end)
            let ab = lerp(a, b), bc = lerp(b, c)
            let mid = lerp(ab, bc)
            return (.cubic(start, a, ab, mid), .cubic(mid, bc, c, end))
        }
    }

    /// The part of the segment between parameters `t0 <= t1`.
    func subsegment(from t0: CGFloat, to t1: CGFloat) -> BezierSegment {
        var piece = self
        if t1 < 1 { piece = piece.split(at: t1).0 }
        if t0 > 0 {
            // After cutting at t1, the old t0 sits at t0 / t1 of the remaining piece.
            piece = piece.split(at: t1 > 0 ? min(t0 / t1, 1) : 0).1
        }
        return piece
    }

    /// The tight axis-aligned bounds: the end points plus the curve's extrema in x and y.
    var bounds: CGRect {
        var minX = min(start.x, end.x), maxX = max(start.x, end.x)
        var minY = min(start.y, end.y), maxY = max(start.y, end.y)
        for t in extremaParameters() {
            let p = point(at: t)
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Parameters in `(0, 1)` where dx/dt or dy/dt is zero.
    private func extremaParameters() -> [CGFloat] {
        var result: [CGFloat] = []
        func keep(_ t: CGFloat) { if t > 0, t < 1 { result.append(t) } }
        switch degree {
        case .line:
            break
        case .quad:
            // B'(t) = 0  ⇔  t = (p0 − p1) / (p0 − 2p1 + p2)
            for (p0, p1, p2) in [(start.x, control1.x, end.x), (start.y, control1.y, end.y)] {
                let denominator = p0 - 2 * p1 + p2
                if denominator != 0 { keep((p0 - p1) / denominator) }
            }
        case .cubic:
            // B'(t)/3 = a t² + b t + c with the coefficients below.
            for (p0, p1, p2, p3) in [
                (start.x, control1.x, control2.x, end.x), (start.y, control1.y, control2.y, end.y),
            ] {
                let a = -p0 + 3 * p1 - 3 * p2 + p3
                let b = 2 * (p0 - 2 * p1 + p2)
                let c = p1 - p0
                if abs(a) < 1e-12 {
                    if b != 0 { keep(-c / b) }
                } else {
                    let discriminant = b * b - 4 * a * c
                    if discriminant >= 0 {
                        let root = discriminant.squareRoot()
                        keep((-b + root) / (2 * a))
                        keep((-b - root) / (2 * a))
                    }
                }
            }
        }
        return result
    }

    /// How many straight pieces approximate the curve within `tolerance` (Wang's formula),
    /// capped so that a wild control point cannot make us allocate millions of points.
    func flatteningSteps(tolerance: CGFloat) -> Int {
        func norm(_ x: CGFloat, _ y: CGFloat) -> CGFloat { (x * x + y * y).squareRoot() }
        let bound: CGFloat
        switch degree {
        case .line:
            return 1
        case .quad:
            let dd = norm(start.x - 2 * control1.x + end.x, start.y - 2 * control1.y + end.y)
            bound = 0.25 * dd
        case .cubic:
            let dd1 = norm(
                start.x - 2 * control1.x + control2.x, start.y - 2 * control1.y + control2.y)
            let dd2 = norm(
                control1.x - 2 * control2.x + end.x, control1.y - 2 * control2.y + end.y)
            bound = 0.75 * max(dd1, dd2)
        }
        let steps = (bound / tolerance).squareRoot().rounded(.up)
        guard steps.isFinite else { return 1 }
        return Int(min(max(steps, 1), 4096))
    }

    /// Points along the segment, excluding its start, within `tolerance` of the true curve.
    func flattened(tolerance: CGFloat) -> [CGPoint] {
        let steps = flatteningSteps(tolerance: tolerance)
        if steps == 1 { return [end] }
        var points: [CGPoint] = []
        points.reserveCapacity(steps)
        for index in 1..<steps { points.append(point(at: CGFloat(index) / CGFloat(steps))) }
        points.append(end)
        return points
    }
}

/// A subpath with its segments resolved; `closed` means the last segment is the closing line.
struct Subpath {
    var start: CGPoint
    var segments: [BezierSegment]
    var closed: Bool
}

extension Path {
    /// The path as subpaths of explicit segments. A closed subpath gets its closing line as a final
    /// segment (even when it has zero length, so trimming can tell closed from open).
    var subpaths: [Subpath] {
        var result: [Subpath] = []
        var current: Subpath?
        var point = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let to):
                if let finished = current { result.append(finished) }
                current = Subpath(start: to, segments: [], closed: false)
                point = to
            case .line(let to):
                current?.segments.append(.line(point, to))
                point = to
            case .quadCurve(let to, let control):
                current?.segments.append(.quad(point, control, to))
                point = to
            case .curve(let to, let control1, let control2):
                current?.segments.append(.cubic(point, control1, control2, to))
                point = to
            case .closeSubpath:
                if var closing = current {
                    closing.segments.append(.line(point, closing.start))
                    closing.closed = true
                    result.append(closing)
                    point = closing.start
                }
                current = nil
            }
        }
        if let finished = current { result.append(finished) }
        return result
    }
}
