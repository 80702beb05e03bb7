import FlipbookDrawing
import Foundation

/// A function from progress in 0...1 to a value, usually from 0 to 1: how fast a keyframe moves along
/// its way (SwiftUI's type of the same name).
///
/// ```swift
/// let curve = UnitCurve.easeInOut
/// curve.value(at: 0.25)    // 0.129…
/// curve.inverse.value(at: curve.value(at: 0.25))    // 0.25
/// ```
public struct UnitCurve: Sendable, Hashable {
    // Every curve is a cubic Bézier or a circular arc, and so is its inverse (a Bézier's inverse swaps
    // its control points' x and y; an arc's inverse is the opposite arc), so inverses need no boxes.
    enum Storage: Sendable, Hashable {
        case linear
        case bezier(start: UnitPoint, end: UnitPoint)
        case circularEaseIn
        case circularEaseOut
        case circularEaseInOut
        /// The inverse of `circularEaseInOut`: fast at the ends, slow in the middle.
        case circularEaseOutIn
    }

    let storage: Storage

    init(_ storage: Storage) { self.storage = storage }

    /// Progress unchanged: a constant speed.
    public static let linear = UnitCurve(.linear)
    /// Starts slowly and speeds up: CSS's `ease-in`, `cubic-bezier(0.42, 0, 1, 1)`.
    public static let easeIn = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0),
                                                endControlPoint: UnitPoint(x: 1, y: 1))
    /// Starts quickly and slows down: CSS's `ease-out`, `cubic-bezier(0, 0, 0.58, 1)`.
    public static let easeOut = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0),
                                                 endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// Slow at both ends: CSS's `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInOut = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0),
                                                   endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// A quarter circle that starts slowly: `1 − √(1 − p²)`.
    public static let circularEaseIn = UnitCurve(.circularEaseIn)
    /// A quarter circle that ends slowly: `√(1 − (1 − p)²)`.
    public static let circularEaseOut = UnitCurve(.circularEaseOut)
    /// ``circularEaseIn`` for the first half and ``circularEaseOut`` for the second.
    public static let circularEaseInOut = UnitCurve(.circularEaseInOut)

    /// The cubic Bézier curve from (0, 0) to (1, 1) with these control points, as CSS's
    /// `cubic-bezier(x1, y1, x2, y2)`: x is progress, y the value. The control points' x are clamped to
    /// 0...1 so that the curve is a function of progress; y may leave 0...1 to overshoot.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        let clamp = { (p: UnitPoint) in UnitPoint(x: min(max(p.x, 0), 1), y: p.y) }
        return UnitCurve(.bezier(start: clamp(startControlPoint), end: clamp(endControlPoint)))
    }

    /// The curve's value at `progress`, which is clamped to 0...1.
    public func value(at progress: Double) -> Double {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        switch storage {
        case .linear:
            return p
        case .bezier(let start, let end):
            let bezier = CubicBezier(start: start, end: end)
            return bezier.y(at: bezier.parameter(forX: p))
        case .circularEaseIn:
            return 1 - (1 - p * p).squareRoot()
        case .circularEaseOut:
            return (1 - (1 - p) * (1 - p)).squareRoot()
        case .circularEaseInOut:
            return p < 0.5 ? UnitCurve.circularEaseIn.value(at: 2 * p) / 2
                : 0.5 + UnitCurve.circularEaseOut.value(at: 2 * p - 1) / 2
        case .circularEaseOutIn:
            return p < 0.5 ? UnitCurve.circularEaseOut.value(at: 2 * p) / 2
                : 0.5 + UnitCurve.circularEaseIn.value(at: 2 * p - 1) / 2
        }
    }

    /// The curve's slope at `progress` (clamped to 0...1): d value / d progress. Where the curve is
    /// vertical (a circular curve's steep end) it is `infinity`.
    public func velocity(at progress: Double) -> Double {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        switch storage {
        case .linear:
            return 1
        case .bezier(let start, let end):
            let bezier = CubicBezier(start: start, end: end)
            return bezier.slope(at: bezier.parameter(forX: p))
        case .circularEaseIn:
            // d/dp (1 − √(1 − p²)) = p / √(1 − p²)
            return p / (1 - p * p).squareRoot()
        case .circularEaseOut:
            return (1 - p) / (1 - (1 - p) * (1 - p)).squareRoot()
        case .circularEaseInOut:
            return p < 0.5 ? UnitCurve.circularEaseIn.velocity(at: 2 * p)
                : UnitCurve.circularEaseOut.velocity(at: 2 * p - 1)
        case .circularEaseOutIn:
            return p < 0.5 ? UnitCurve.circularEaseOut.velocity(at: 2 * p)
                : UnitCurve.circularEaseIn.velocity(at: 2 * p - 1)
        }
    }

    /// The curve whose value is this curve's inverse function: `inverse.value(at: value(at: p)) == p`
    /// (up to rounding) for a curve that only rises.
    public var inverse: UnitCurve {
        switch storage {
        case .linear: return self
        case .bezier(let start, let end):
            // Mirroring the curve in the diagonal swaps each point's x and y.
            return .bezier(startControlPoint: UnitPoint(x: start.y, y: start.x),
                           endControlPoint: UnitPoint(x: end.y, y: end.x))
        case .circularEaseIn: return .circularEaseOut
        case .circularEaseOut: return .circularEaseIn
        case .circularEaseInOut: return UnitCurve(.circularEaseOutIn)
        case .circularEaseOutIn: return .circularEaseInOut
        }
    }
}

/// The cubic Bézier from (0, 0) through control points to (1, 1), as polynomials in its parameter t.
struct CubicBezier {
    // B(t) = ((a t + b) t + c) t for each coordinate, with c = 3 P1, b = 3 (P2 − P1) − c, a = 1 − c − b.
    let ax, bx, cx, ay, by, cy: Double

    init(start: UnitPoint, end: UnitPoint) {
        cx = 3 * Double(start.x)
        bx = 3 * (Double(end.x) - Double(start.x)) - cx
        ax = 1 - cx - bx
        cy = 3 * Double(start.y)
        by = 3 * (Double(end.y) - Double(start.y)) - cy
        ay = 1 - cy - by
    }

    func x(at t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(at t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(at t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func dy(at t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The parameter t in 0...1 where x(t) = `x`: Newton's method from x itself, then bisection
    /// (x(t) rises on 0...1 because the control points' x lie in 0...1) when Newton strays.
    func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var t = x
        for _ in 0..<8 {
            let error = self.x(at: t) - x
            if abs(error) < 1e-14 { return t }
            let slope = dx(at: t)
            guard abs(slope) > 1e-9 else { break }
            let next = t - error / slope
            guard next >= 0, next <= 1 else { break }
            t = next
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<80 {
            let value = self.x(at: t)
            if abs(value - x) < 1e-15 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// dy/dx at parameter t. Where both derivatives vanish (a control point on the end point), the
    /// ratio of the next derivatives is the limit (l'Hôpital).
    func slope(at t: Double) -> Double {
        let dx = dx(at: t), dy = dy(at: t)
        if abs(dx) > 1e-12 { return dy / dx }
        if abs(dy) > 1e-12 { return dy > 0 ? .infinity : -.infinity }
        let ddx = 6 * ax * t + 2 * bx, ddy = 6 * ay * t + 2 * by
        if abs(ddx) > 1e-12 { return ddy / ddx }
        return abs(ax) > 1e-12 ? ay / ax : 1
    }
}
