import Foundation

/// One corner of a rounded rectangle, as the points of its pieces in the corner's own frame: `x` is the
/// distance from the corner along the edge the outline arrives by, `y` along the edge it leaves by,
/// both in corner radii.
///
/// The continuous corner is the published reconstruction of the corner Apple's
/// `UIBezierPath(roundedRect:cornerRadius:)` has drawn since iOS 7 (PaintCode, "Code for iOS 7 rounded
/// rectangles", https://www.paintcodeapp.com/news/code-for-ios-7-rounded-rectangles): the outline
/// leaves the straight edge 1.52866483 radii before the corner, eases in along a cubic, turns through
/// a cubic that stays within half a percent of the radius-1 circle, and eases out along the mirror
/// image of the first cubic; two short lines join the three. PaintCode's coefficients differ between
/// the two halves in the seventh decimal; here the first half is stated and the second mirrored, so
/// the corner is exactly symmetric.
///
/// The circular corner is written with the same pieces (the easing cubics and lines shrunk to
/// points), so a corner that has no room for the whole continuous curve can be blended toward it.
struct CornerCurve {
    /// How far along each edge the continuous corner reaches, in radii.
    static let continuousReach: CGFloat = 1.52866483

    /// The first easing cubic's control points and end, then the end of the line after it.
    private static let easeIn = (
        control1: CGPoint(x: 1.08849323, y: 0), control2: CGPoint(x: 0.86840689, y: 0),
        end: CGPoint(x: 0.66993427, y: 0.06549600), lineEnd: CGPoint(x: 0.63149399, y: 0.07491100))
    /// The middle cubic's first control point; its second is the mirror image.
    private static let turnControl = CGPoint(x: 0.37282392, y: 0.16905899)

    /// The start, where the corner leaves the arriving edge.
    let start: CGPoint
    /// The ease-in cubic, the line after it, the turn, the line after it and the ease-out cubic.
    let easeIn: (CGPoint, CGPoint, CGPoint)
    let lineIn: CGPoint
    let turn: (CGPoint, CGPoint, CGPoint)
    let lineOut: CGPoint
    let easeOut: (CGPoint, CGPoint, CGPoint)
    /// Whether the easing pieces have shrunk to points (a circular corner), so only the turn is drawn.
    let isCircular: Bool

    /// The corner blended from circular (`smoothness` 0) to the whole continuous curve (1); values
    /// outside 0...1 are clamped. It reaches `reach(smoothness:)` radii along each edge.
    init(smoothness: CGFloat) {
        let t = smoothness.isNaN ? 0 : min(max(smoothness, 0), 1)
        func mix(_ circular: CGPoint, _ continuous: CGPoint) -> CGPoint {
            CGPoint(x: circular.x + t * (continuous.x - circular.x), y: circular.y + t * (continuous.y - circular.y))
        }
        func mirror(_ p: CGPoint) -> CGPoint { CGPoint(x: p.y, y: p.x) }
        let k = PathArcMath.quarterKappa
        let arrive = CGPoint(x: 1, y: 0)
        let e = CornerCurve.easeIn
        start = mix(arrive, CGPoint(x: CornerCurve.continuousReach, y: 0))
        easeIn = (mix(arrive, e.control1), mix(arrive, e.control2), mix(arrive, e.end))
        lineIn = mix(arrive, e.lineEnd)
        turn = (mix(CGPoint(x: 1 - k, y: 0), CornerCurve.turnControl),
                mix(CGPoint(x: 0, y: 1 - k), mirror(CornerCurve.turnControl)),
                mirror(lineIn))
        lineOut = mirror(easeIn.2)
        easeOut = (mirror(easeIn.1), mirror(easeIn.0), mirror(start))
        isCircular = t == 0
    }

    /// How far a corner of the given smoothness reaches along each edge, in radii.
    static func reach(smoothness: CGFloat) -> CGFloat {
        let t = smoothness.isNaN ? 0 : min(max(smoothness, 0), 1)
        return 1 + t * (continuousReach - 1)
    }

    /// The smoothness of the widest corner that fits in `room` along an edge, for a radius of `radius`
    /// along it: 1 when the whole continuous curve fits, falling linearly to 0 (circular) when the
    /// room is a single radius.
    static func smoothness(room: CGFloat, radius: CGFloat) -> CGFloat {
        guard radius > 0 else { return 1 }
        let fraction = (room / radius - 1) / (continuousReach - 1)
        return fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    }
}
