import Foundation

/// How a rounded rectangle's corners are drawn, as SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable {
    /// Quarter-circle corners: the curvature jumps from zero to 1 / radius where the edge meets the corner.
    case circular
    /// Apple's continuous corners: the curve leaves each edge 1.52866483 radii before the corner and
    /// its curvature grows smoothly, so no kink shows where edge and corner meet.
    ///
    /// The curve is PaintCode's published reconstruction of the corner `UIBezierPath` and SwiftUI draw
    /// (three cubic Béziers joined by two short lines). Each corner may take a share of its two edges
    /// in proportion to its radius (half of each edge when the radii are equal); a corner whose share
    /// is shorter than the whole curve needs is blended toward the circular corner until it fits, down
    /// to a circular arc when the share is a single radius. So a radius of half the shorter side draws
    /// a capsule's round ends in both styles, and the radius asked for is kept rather than shrunk.
    case continuous
}
