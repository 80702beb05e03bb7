import CCairo
import Foundation

/// Replays `Path` elements into a Cairo context, and checks them before they get there.
enum PathEmitter {
    /// Describes the first NaN or infinite coordinate in `path`, or returns `nil` when it is finite.
    @inline(__always)
    static func problem(in path: Path) -> String? {
        // A rectangle kept alone (Path(_ rect:)) is finite when its edges are; checked in line, without
        // building its elements. It is standardized, so its origin is its top-left corner (CGRect's
        // minX and maxX would standardize it again, a call into Foundation each).
        if let r = path.rectangle, r.origin.x.isFinite, r.origin.y.isFinite, (r.origin.x + r.size.width).isFinite,
           (r.origin.y + r.size.height).isFinite { return nil }
        return elementProblem(in: path)
    }

    private static func elementProblem(in path: Path) -> String? {
        func bad(_ p: CGPoint) -> CGFloat? {
            if !p.x.isFinite { return p.x }
            if !p.y.isFinite { return p.y }
            return nil
        }
        if path.ellipse != nil, path.isFinite { return nil }
        for (index, element) in path.elements.enumerated() {
            var value: CGFloat?
            switch element {
            case .move(let p), .line(let p):
                value = bad(p)
            case .quadCurve(let p, let c):
                value = bad(c) ?? bad(p)
            case .curve(let p, let c1, let c2):
                value = bad(c1) ?? bad(c2) ?? bad(p)
            case .closeSubpath:
                value = nil
            }
            if let value {
                return "the path has a non-finite coordinate (\(value)) in element \(index)"
            }
        }
        return nil
    }

    /// Replaces Cairo's current path with `path` (or appends to it when `appending`), in the current
    /// user space. The path must be finite.
    static func emit(_ path: Path, into cr: OpaquePointer, appending: Bool = false) {
        if !appending { cairo_new_path(cr) }
        var current = CGPoint.zero
        var start = CGPoint.zero
        path.forEach { element in
            switch element {
            case .move(let p):
                cairo_move_to(cr, Double(p.x), Double(p.y))
                current = p
                start = p
            case .line(let p):
                cairo_line_to(cr, Double(p.x), Double(p.y))
                current = p
            case .quadCurve(let p, let c):
                // The cubic with control points 2/3 of the way to the quadratic's control point.
                let c1x = current.x + (c.x - current.x) * 2 / 3, c1y = current.y + (c.y - current.y) * 2 / 3
                let c2x = p.x + (c.x - p.x) * 2 / 3, c2y = p.y + (c.y - p.y) * 2 / 3
                cairo_curve_to(cr, Double(c1x), Double(c1y), Double(c2x), Double(c2y), Double(p.x), Double(p.y))
                current = p
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .closeSubpath:
                cairo_close_path(cr)
                current = start
            }
        }
    }

    /// The box around every point and control point of `path` (a cheap superset of its area), or `nil`
    /// for an empty path.
    static func controlBounds(_ path: Path) -> CGRect? {
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        path.forEach { element in
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .closeSubpath: break
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
