import Foundation

/// The radii of a rectangle's four corners, each as a size: `width` along the top and bottom edges,
/// `height` along the sides. The rounded shapes clamp them before building (see each shape), so the
/// two corners on an edge never take more than its length.
struct RoundedCorners: Equatable {
    var topLeading: CGSize
    var topTrailing: CGSize
    var bottomTrailing: CGSize
    var bottomLeading: CGSize

    /// The same radii at every corner.
    init(all size: CGSize) {
        topLeading = size; topTrailing = size; bottomTrailing = size; bottomLeading = size
    }

    init(topLeading: CGSize, topTrailing: CGSize, bottomTrailing: CGSize, bottomLeading: CGSize) {
        self.topLeading = topLeading
        self.topTrailing = topTrailing
        self.bottomTrailing = bottomTrailing
        self.bottomLeading = bottomLeading
    }

    /// A radius made safe to build with: not a number or negative is 0, and at most `limit`.
    static func clamp(_ radius: CGFloat, to limit: CGFloat) -> CGFloat {
        radius.isNaN || radius <= 0 ? 0 : min(radius, max(limit, 0))
    }
}

extension Path {
    /// Adds `rect` with its corners rounded in `style`, as one closed subpath running clockwise on
    /// screen from the end of the top-left corner (where `Path(roundedRect:cornerRadius:)` starts).
    /// Continuous corners share their edges as `RoundedCornerStyle.continuous` describes; PaintCode's
    /// reconstruction instead shrinks the radius until the whole curve fits.
    mutating func addRoundedRect(in rect: CGRect, corners: RoundedCorners, style: RoundedCornerStyle) {
        let r = rect.standardized
        let c = corners
        // How smooth each corner can be, from its share of the two edges it touches.
        func smoothness(_ corner: CGSize, horizontalNeighbour: CGSize, verticalNeighbour: CGSize) -> CGFloat {
            guard style == .continuous else { return 0 }
            func share(_ own: CGFloat, _ other: CGFloat, _ length: CGFloat) -> CGFloat {
                own + other > 0 ? length * own / (own + other) : length
            }
            let horizontal = CornerCurve.smoothness(
                room: share(corner.width, horizontalNeighbour.width, r.width), radius: corner.width)
            let vertical = CornerCurve.smoothness(
                room: share(corner.height, verticalNeighbour.height, r.height), radius: corner.height)
            return min(horizontal, vertical)
        }
        // Each corner: where it is, the directions back along the arriving edge and on along the
        // leaving one, and its radii along each.
        struct Placed {
            var corner: CGPoint, back: CGVector, on: CGVector, backRadius: CGFloat, onRadius: CGFloat
            var curve: CornerCurve
            func point(_ p: CGPoint) -> CGPoint {
                CGPoint(x: corner.x + p.x * backRadius * back.dx + p.y * onRadius * on.dx,
                        y: corner.y + p.x * backRadius * back.dy + p.y * onRadius * on.dy)
            }
            var isSharp: Bool { backRadius <= 0 || onRadius <= 0 }
            var end: CGPoint { isSharp ? corner : point(curve.easeOut.2) }
        }
        let placed = [
            Placed(corner: CGPoint(x: r.maxX, y: r.minY), back: CGVector(dx: -1, dy: 0), on: CGVector(dx: 0, dy: 1),
                   backRadius: c.topTrailing.width, onRadius: c.topTrailing.height,
                   curve: CornerCurve(smoothness: smoothness(
                       c.topTrailing, horizontalNeighbour: c.topLeading, verticalNeighbour: c.bottomTrailing))),
            Placed(corner: CGPoint(x: r.maxX, y: r.maxY), back: CGVector(dx: 0, dy: -1), on: CGVector(dx: -1, dy: 0),
                   backRadius: c.bottomTrailing.height, onRadius: c.bottomTrailing.width,
                   curve: CornerCurve(smoothness: smoothness(
                       c.bottomTrailing, horizontalNeighbour: c.bottomLeading, verticalNeighbour: c.topTrailing))),
            Placed(corner: CGPoint(x: r.minX, y: r.maxY), back: CGVector(dx: 1, dy: 0), on: CGVector(dx: 0, dy: -1),
                   backRadius: c.bottomLeading.width, onRadius: c.bottomLeading.height,
                   curve: CornerCurve(smoothness: smoothness(
                       c.bottomLeading, horizontalNeighbour: c.bottomTrailing, verticalNeighbour: c.topLeading))),
            Placed(corner: CGPoint(x: r.minX, y: r.minY), back: CGVector(dx: 0, dy: 1), on: CGVector(dx: 1, dy: 0),
                   backRadius: c.topLeading.height, onRadius: c.topLeading.width,
                   curve: CornerCurve(smoothness: smoothness(
                       c.topLeading, horizontalNeighbour: c.topTrailing, verticalNeighbour: c.bottomLeading))),
        ]
        // An edge with no straight part between its corners (a capsule's ends, a square corner's
        // start) adds no line: a zero-length line would only give trims and dashes a piece of nothing.
        func line(to point: CGPoint) {
            if currentPoint != point { addLine(to: point) }
        }
        move(to: placed[3].end)
        for (index, corner) in placed.enumerated() {
            if corner.isSharp {
                // A square last corner is where the subpath started: closing draws the line to it.
                if index < placed.count - 1 { line(to: corner.corner) }
                continue
            }
            let k = corner.curve
            line(to: corner.point(k.start))
            if !k.isCircular {
                addCurve(to: corner.point(k.easeIn.2), control1: corner.point(k.easeIn.0),
                         control2: corner.point(k.easeIn.1))
                addLine(to: corner.point(k.lineIn))
            }
            addCurve(to: corner.point(k.turn.2), control1: corner.point(k.turn.0), control2: corner.point(k.turn.1))
            if !k.isCircular {
                addLine(to: corner.point(k.lineOut))
                addCurve(to: corner.point(k.easeOut.2), control1: corner.point(k.easeOut.0),
                         control2: corner.point(k.easeOut.1))
            }
        }
        closeSubpath()
    }
}
