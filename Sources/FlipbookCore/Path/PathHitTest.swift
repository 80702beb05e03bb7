import Foundation

extension Path {
    /// Whether `point` is inside the area the path would fill.
    ///
    /// Every subpath counts as closed, as when filling. With `eoFill: false` the non-zero winding
    /// rule decides, otherwise the even-odd rule. Curves are flattened to within 1/100 pt, far below
    /// what anti-aliasing can show.
    public func contains(_ point: CGPoint, eoFill: Bool = false) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        var winding = 0
        for subpath in subpaths {
            var previous = subpath.start
            func edge(to next: CGPoint) {
                winding += Path.windingContribution(from: previous, to: next, around: point)
                previous = next
            }
            for segment in subpath.segments {
                // A curve whose bounds miss the point's horizontal line cannot cross it: skip flattening.
                let box = segment.bounds
                if segment.degree == .line || (point.y >= box.minY && point.y < box.maxY && point.x <= box.maxX) {
                    for next in segment.flattened(tolerance: 0.01) { edge(to: next) }
                } else {
                    edge(to: segment.end)
                }
            }
            edge(to: subpath.start)
        }
        return eoFill ? winding % 2 != 0 : winding != 0
    }

    /// +1 or −1 when the edge crosses the horizontal ray from `point` toward +x, going down or up.
    private static func windingContribution(from a: CGPoint, to b: CGPoint, around point: CGPoint) -> Int {
        // Half-open in y so a ray through a vertex counts the crossing exactly once.
        if a.y <= point.y {
            if b.y > point.y, cross(a, b, point) > 0 { return 1 }
        } else if b.y <= point.y, cross(a, b, point) < 0 {
            return -1
        }
        return 0
    }

    /// > 0 when `p` is left of the directed edge a→b in y-up terms (right of it on a y-down screen).
    private static func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }
}
