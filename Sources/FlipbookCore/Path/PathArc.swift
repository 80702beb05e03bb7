import Foundation

extension Path {
    /// Adds an arc of a circle, approximated by cubic Béziers of at most 90° each.
    ///
    /// Angles are measured from the positive x-axis and, because y grows downward, increase
    /// clockwise on screen (90° points straight down).
    ///
    /// The `clockwise` flag has SwiftUI's (and Core Graphics') meaning, which is defined in a y-up
    /// coordinate system: `clockwise: true` sweeps toward *decreasing* angles, which on a y-down
    /// screen looks **counter-clockwise**; `clockwise: false` sweeps toward increasing angles and
    /// looks clockwise on screen. Apple documents this: "because SwiftUI by default uses a
    /// vertically-flipped coordinate system … specifying a clockwise arc results in a
    /// counterclockwise arc after the transformation is applied." So
    /// `addArc(center: c, radius: r, startAngle: .zero, endAngle: .degrees(90), clockwise: true)`
    /// draws the long 270° arc through the top of the circle.
    ///
    /// A sweep of a full turn or more in the chosen direction draws a full circle. If the path has an
    /// open subpath, a line joins its current point to the arc's start; otherwise the arc starts a new
    /// subpath.
    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        let start = startAngle.radians, end = endAngle.radians
        let fullTurn = 2 * Double.pi
        var sweep: Double
        if clockwise {
            // Toward decreasing angles, by less than a turn unless asked for a whole turn or more.
            let raw = start - end
            sweep = raw >= fullTurn ? fullTurn : PathArcMath.positiveRemainder(raw, fullTurn)
            sweep = -sweep
        } else {
            let raw = end - start
            sweep = raw >= fullTurn ? fullTurn : PathArcMath.positiveRemainder(raw, fullTurn)
        }
        appendArc(center: center, radius: radius, start: start, sweep: sweep, transform: transform)
    }

    /// Adds an arc of a circle that starts at `startAngle` and sweeps by `delta`.
    ///
    /// A positive `delta` sweeps toward increasing angles, which on a y-down screen looks clockwise
    /// (SwiftUI calls it counter-clockwise "in user space coordinates", meaning y-up). Sweeps longer
    /// than a turn wind around the circle more than once.
    public mutating func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
        transform: CGAffineTransform = .identity
    ) {
        appendArc(
            center: center, radius: radius, start: startAngle.radians, sweep: delta.radians,
            transform: transform)
    }

    /// Adds a line toward `tangent1End` that turns into an arc of the given radius tangent to both
    /// the line from the current point to `tangent1End` and the line from `tangent1End` to
    /// `tangent2End` (PostScript's `arct`, used for rounded polygon corners).
    ///
    /// The arc ends on the second line, which becomes the current point; `tangent2End` itself is not
    /// reached. When the three points are collinear, coincide, or `radius` is zero, this adds a line to
    /// `tangent1End` instead. Ignored when the path has no current point.
    public mutating func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        // Work in untransformed space (the current point is stored transformed).
        guard let transformedCurrent = currentPoint else { return }
        let inverse = transform.inverted()
        let p0 = transform.isIdentity ? transformedCurrent : transformedCurrent.applying(inverse)
        let p1 = tangent1End, p2 = tangent2End
        let (u1x, u1y) = (Double(p0.x - p1.x), Double(p0.y - p1.y))
        let (u2x, u2y) = (Double(p2.x - p1.x), Double(p2.y - p1.y))
        let length1 = hypot(u1x, u1y), length2 = hypot(u2x, u2y)
        let cross = (u1x * u2y - u1y * u2x) / (length1 * length2)
        let r = Double(radius)
        guard length1 > 0, length2 > 0, r > 0, abs(cross) > 1e-12, cross.isFinite else {
            addLine(to: p1.applying(transform))
            return
        }
        let (v1x, v1y) = (u1x / length1, u1y / length1)
        let (v2x, v2y) = (u2x / length2, u2y / length2)
        // The corner's opening angle θ; tangent points sit r / tan(θ/2) from the corner along each leg.
        let cosine = max(-1, min(1, v1x * v2x + v1y * v2y))
        let theta = acos(cosine)
        let legDistance = r / tan(theta / 2)
        let centerDistance = r / sin(theta / 2)
        let (bx, by) = (v1x + v2x, v1y + v2y)
        let bisectorLength = hypot(bx, by)
        let center = CGPoint(
            x: Double(p1.x) + bx / bisectorLength * centerDistance,
            y: Double(p1.y) + by / bisectorLength * centerDistance)
        let t1 = CGPoint(x: Double(p1.x) + v1x * legDistance, y: Double(p1.y) + v1y * legDistance)
        let t2 = CGPoint(x: Double(p1.x) + v2x * legDistance, y: Double(p1.y) + v2y * legDistance)
        addLine(to: t1.applying(transform))
        let startAngle = atan2(Double(t1.y - center.y), Double(t1.x - center.x))
        let endAngle = atan2(Double(t2.y - center.y), Double(t2.x - center.x))
        // The arc is the minor one (π − θ), so the shortest signed sweep is the right one.
        var sweep = endAngle - startAngle
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        let circle = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
        appendUnitArc(start: startAngle, sweep: sweep, mapping: circle.concatenating(transform), connect: false)
    }

    private mutating func appendArc(
        center: CGPoint, radius: CGFloat, start: Double, sweep: Double, transform: CGAffineTransform
    ) {
        let circle = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
        appendUnitArc(start: start, sweep: sweep, mapping: circle.concatenating(transform), connect: true)
    }

    /// Adds an arc of the unit circle mapped by `mapping` (which places, sizes and tilts it, so the
    /// same code serves circles and SVG's rotated ellipses), in cubic pieces of at most 90°.
    ///
    /// With `connect`, the arc's start joins an open subpath with a line or starts a new subpath;
    /// without it, the arc continues from the current point (the SVG parser has already placed it there).
    package mutating func appendUnitArc(
        start: Double, sweep: Double, mapping: CGAffineTransform, connect: Bool
    ) {
        func point(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y).applying(mapping) }
        if connect {
            let first = point(cos(start), sin(start))
            if currentPoint == nil || elements.last == .closeSubpath {
                move(to: first)
            } else {
                addLine(to: first)
            }
        }
        guard sweep.isFinite, start.isFinite, sweep != 0 else { return }
        // Pieces of at most 90° keep the cubic within 0.03 % of the true circle; the small
        // tolerance keeps an exact quarter turn (give or take rounding) in one piece.
        let quarters = (abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)
        let count = Int(min(max(quarters, 1), 65536))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        for index in 0..<count {
            let a0 = start + step * Double(index)
            let a1 = index == count - 1 ? start + sweep : a0 + step
            let (s0, c0) = (sin(a0), cos(a0))
            let (s1, c1) = (sin(a1), cos(a1))
            addCurve(
                to: point(c1, s1),
                control1: point(c0 - k * s0, s0 + k * c0),
                control2: point(c1 + k * s1, s1 - k * c1))
        }
    }
}

/// Small numeric helpers shared by the path code.
package enum PathArcMath {
    /// Control-point distance for a quarter circle of radius 1: 4/3 · tan(π/8).
    package static let quarterKappa: CGFloat = CGFloat(4.0 / 3.0 * tan(Double.pi / 8))

    /// `value` modulo `modulus`, in `0..<modulus`.
    package static func positiveRemainder(_ value: Double, _ modulus: Double) -> Double {
        let r = value.truncatingRemainder(dividingBy: modulus)
        return r < 0 ? r + modulus : r
    }
}
