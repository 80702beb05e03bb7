import CCairo
import Foundation

/// Conic (angular) gradients as Cairo mesh patterns: a fan of thin wedge patches around the centre.
///
/// Location 0 lies in the direction `angle` from +x; locations grow with the angle, which with y
/// pointing down is clockwise on screen, as SwiftUI's conic gradient on iOS. Each wedge spans at most
/// 5° and wedges break at every stop, so the colour is piecewise linear in the angle exactly as the
/// stops describe. The wedges reach past the bounds of what is drawn.
enum ConicGradient {
    static let maximumSweep = Double.pi / 36

    static func makePattern(ramp: GradientRamp, center: CGPoint, angle: Angle, covering bounds: CGRect) -> OpaquePointer? {
        guard let pattern = cairo_pattern_create_mesh() else { return nil }
        guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else { return pattern }
        // A radius that reaches every corner of the drawn area.
        var radius = 1.0
        if !bounds.isNull, bounds.minX.isFinite, bounds.maxY.isFinite {
            for corner in [CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                           CGPoint(x: bounds.minX, y: bounds.maxY), CGPoint(x: bounds.maxX, y: bounds.maxY)] {
                radius = max(radius, Double(hypot(corner.x - center.x, corner.y - center.y)))
            }
        }
        radius = radius * 1.05 + 2

        // Break points: every stop location and enough in between to keep wedges narrow.
        var breaks: [Double] = [0, 1]
        for entry in ramp.entries where entry.location > 0 && entry.location < 1 {
            breaks.append(entry.location)
        }
        breaks.sort()
        var locations: [Double] = []
        for (a, b) in zip(breaks, breaks.dropFirst()) where b > a {
            let pieces = max(1, Int(saturating: (b - a) * 2 * .pi / maximumSweep, rounded: .up))
            for i in 0..<pieces { locations.append(a + (b - a) * Double(i) / Double(pieces)) }
        }
        locations.append(1)

        let cx = Double(center.x), cy = Double(center.y)
        let start = angle.radians
        for (t0, t1) in zip(locations, locations.dropFirst()) {
            // Colours just inside each end of the wedge, so a stop's colour jump lands on the boundary.
            let span = t1 - t0
            let c0 = ramp.color(at: t0 + span * 1e-9)
            let c1 = ramp.color(at: t1 - span * 1e-9)
            let a0 = start + t0 * 2 * .pi, a1 = start + t1 * 2 * .pi
            // The arc from a0 to a1 as one cubic Bézier.
            let k = 4.0 / 3.0 * tan((a1 - a0) / 4)
            let p0 = (cx + radius * cos(a0), cy + radius * sin(a0))
            let p1 = (cx + radius * cos(a1), cy + radius * sin(a1))
            let q0 = (p0.0 - k * radius * sin(a0), p0.1 + k * radius * cos(a0))
            let q1 = (p1.0 + k * radius * sin(a1), p1.1 - k * radius * cos(a1))
            cairo_mesh_pattern_begin_patch(pattern)
            cairo_mesh_pattern_move_to(pattern, cx, cy)
            cairo_mesh_pattern_line_to(pattern, p0.0, p0.1)
            cairo_mesh_pattern_curve_to(pattern, q0.0, q0.1, q1.0, q1.1, p1.0, p1.1)
            cairo_mesh_pattern_line_to(pattern, cx, cy)
            cairo_mesh_pattern_set_corner_color_rgba(pattern, 0, c0.r, c0.g, c0.b, c0.a)
            cairo_mesh_pattern_set_corner_color_rgba(pattern, 1, c0.r, c0.g, c0.b, c0.a)
            cairo_mesh_pattern_set_corner_color_rgba(pattern, 2, c1.r, c1.g, c1.b, c1.a)
            cairo_mesh_pattern_set_corner_color_rgba(pattern, 3, c1.r, c1.g, c1.b, c1.a)
            cairo_mesh_pattern_end_patch(pattern)
        }
        return pattern
    }
}
