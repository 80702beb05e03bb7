import Foundation

extension Path {
    /// The path with every point (end points and control points) mapped by `transform`.
    ///
    /// Affine maps send Bézier curves to Bézier curves, so the result is exact.
    public func applying(_ transform: CGAffineTransform) -> Path {
        if transform.isIdentity { return self }
        var result = Path()
        result.addPath(self, transform: transform)
        return result
    }

    /// The path moved by `(dx, dy)`.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        applying(CGAffineTransform(translationX: dx, y: dy))
    }
}
