import Foundation

extension Path {
    /// The smallest rectangle containing every point the path passes through.
    ///
    /// This is the *tight* box, as `CGPath.boundingBoxOfPath`: curves contribute their extrema, not
    /// their control points, so a curve bulging past its end points is fully covered while its
    /// control points may lie outside. A lone move contributes its point. An empty path gives
    /// `CGRect.null`, as Core Graphics does.
    public var boundingRect: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        var any = false
        func include(_ r: CGRect) {
            any = true
            minX = min(minX, r.minX); minY = min(minY, r.minY)
            maxX = max(maxX, r.maxX); maxY = max(maxY, r.maxY)
        }
        for subpath in subpaths {
            include(CGRect(origin: subpath.start, size: .zero))
            for segment in subpath.segments { include(segment.bounds) }
        }
        guard any else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
