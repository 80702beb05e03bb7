import FlipbookCore
import Foundation

/// A circle in device pixels, recognised in a path drawn through a transform.
package struct DeviceCircle {
    package var centerX: Double
    package var centerY: Double
    package var radius: Double
    /// Device pixels per user-space unit (the transform is a similarity).
    package var scale: Double

    /// The circle that `path` draws through `transform` (user space to device pixels), when `path` is
    /// exactly the four-cubic circle that `Path(ellipseIn:)` builds for a square and `transform` maps
    /// circles to circles; otherwise `nil`.
    ///
    /// Recognising the geometry (rather than marking paths) keeps `Path` small and lets any path with
    /// the same elements — built by hand, parsed, or transformed — take the ring fast path, which is
    /// correct because the pixels depend only on the elements.
    package init?(_ path: Path, transform: CGAffineTransform) {
        guard let e = Self.ellipsePoints(of: path) else { return nil }
        let start = e.start, left = e.left
        let bottom = e.bottom, c1 = e.c1, c2 = e.c2, c3 = e.c3, c4 = e.c4
        let top = e.top, c5 = e.c5, c6 = e.c6, end = e.end, c7 = e.c7, c8 = e.c8
        let cx = Double(start.x + left.x) / 2, cy = Double(start.y)
        let r = Double(start.x - left.x) / 2
        guard r > 0 else { return nil }
        let k = r * Double(PathArcMath.quarterKappa)
        // Points are recomputed from the centre and radius, so allow a few ulps of the coordinates.
        let slack = 1e-9 * max(1, r, abs(cx), abs(cy))
        func at(_ p: CGPoint, _ x: Double, _ y: Double) -> Bool {
            abs(Double(p.x) - x) <= slack && abs(Double(p.y) - y) <= slack
        }
        guard at(bottom, cx, cy + r), at(c1, cx + r, cy + k), at(c2, cx + k, cy + r),
              at(left, cx - r, cy), at(c3, cx - k, cy + r), at(c4, cx - r, cy + k),
              at(top, cx, cy - r), at(c5, cx - r, cy - k), at(c6, cx - k, cy - r),
              at(end, cx + r, cy), at(c7, cx + k, cy - r), at(c8, cx + r, cy - k)
        else { return nil }
        // Only axis-aligned similarities (scale, flips, translation): the cubic circle bulges a little
        // outward between its on-axis points, and the ring rasterizer models that bulge along the axes.
        let xx = Double(transform.a), yx = Double(transform.b), xy = Double(transform.c), yy = Double(transform.d)
        guard xy == 0, yx == 0, abs(xx) == abs(yy), xx != 0 else { return nil }
        centerX = xx * cx + Double(transform.tx)
        centerY = yy * cy + Double(transform.ty)
        scale = abs(xx)
        radius = r * scale
    }

    /// The points of a path shaped as `Path(ellipseIn:)` builds an ellipse (a move, four cubic curves,
    /// a close), or `nil`. A path kept as its ellipse gives them without building its elements.
    private static func ellipsePoints(of path: Path) -> Path.EllipsePoints? {
        if let rect = path.ellipse { return Path.ellipsePoints(in: rect, .identity) }
        let elements = path.elements
        guard elements.count == 6, case .move(let start) = elements[0], case .closeSubpath = elements[5],
              case .curve(let bottom, let c1, let c2) = elements[1],
              case .curve(let left, let c3, let c4) = elements[2],
              case .curve(let top, let c5, let c6) = elements[3],
              case .curve(let end, let c7, let c8) = elements[4]
        else { return nil }
        return Path.EllipsePoints(start: start, bottom: bottom, c1: c1, c2: c2, left: left, c3: c3, c4: c4,
                                  top: top, c5: c5, c6: c6, end: end, c7: c7, c8: c8)
    }
}
