import FlipbookCore
import Foundation

// Points along a path's outline, for tests that check where an outline runs rather than which
// elements build it.

/// The point at parameter `t` of the cubic from `p0` through `c1`, `c2` to `p3`.
func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
}

/// `steps` points along each segment of `path` (its ends included), closing lines too.
func outlinePoints(_ path: Path, steps: Int = 64) -> [CGPoint] {
    var points: [CGPoint] = []
    var current = CGPoint.zero, start = CGPoint.zero
    func line(to p: CGPoint) {
        for i in 1...steps {
            let t = CGFloat(i) / CGFloat(steps)
            points.append(CGPoint(x: current.x + t * (p.x - current.x), y: current.y + t * (p.y - current.y)))
        }
        current = p
    }
    path.forEach { element in
        switch element {
        case .move(let p):
            points.append(p); current = p; start = p
        case .line(let p):
            line(to: p)
        case .quadCurve(let p, let c):
            let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
            let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
            for i in 1...steps { points.append(cubicPoint(current, c1, c2, p, CGFloat(i) / CGFloat(steps))) }
            current = p
        case .curve(let p, let c1, let c2):
            for i in 1...steps { points.append(cubicPoint(current, c1, c2, p, CGFloat(i) / CGFloat(steps))) }
            current = p
        case .closeSubpath:
            line(to: start)
        }
    }
    return points
}

/// The distance from `point` to the nearest point of the polyline through `points`.
func distance(from point: CGPoint, toPolyline points: [CGPoint]) -> CGFloat {
    var best = CGFloat.infinity
    for (a, b) in zip(points, points.dropFirst()) {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(max(((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared, 0), 1) : 0
        best = min(best, hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy)))
    }
    return best
}

/// The length of a one-subpath outline, summed over fine chords (a second subpath's move would
/// count as length).
func outlineLength(_ path: Path) -> CGFloat {
    let points = outlinePoints(path, steps: 512)
    var length: CGFloat = 0
    for (a, b) in zip(points, points.dropFirst()) { length += hypot(b.x - a.x, b.y - a.y) }
    return length
}
