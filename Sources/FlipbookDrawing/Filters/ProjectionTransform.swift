import Foundation

/// A 3×3 projective transform of the plane, as SwiftUI's `ProjectionTransform`: a point `(x, y)` is
/// the row vector `(x, y, 1)`, multiplied on the right by the matrix and divided by its third
/// component. `m31`, `m32` translate; `m13`, `m23` give perspective. A new transform is the identity.
public struct ProjectionTransform: Hashable, Sendable {
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1

    /// The identity transform.
    public init() {}

    /// The affine transform `m` as a projective one.
    public init(_ m: CGAffineTransform) {
        m11 = m.a
        m12 = m.b
        m21 = m.c
        m22 = m.d
        m31 = m.tx
        m32 = m.ty
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == ProjectionTransform() }

    /// Whether the transform is affine (no perspective).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// The determinant of the 3×3 matrix.
    var determinant: CGFloat {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse transform, or `nil` when the matrix is singular or not finite.
    public func inverted() -> ProjectionTransform? {
        let det = determinant
        guard det.isFinite, det != 0 else { return nil }
        var r = ProjectionTransform()
        r.m11 = (m22 * m33 - m23 * m32) / det
        r.m12 = (m13 * m32 - m12 * m33) / det
        r.m13 = (m12 * m23 - m13 * m22) / det
        r.m21 = (m23 * m31 - m21 * m33) / det
        r.m22 = (m11 * m33 - m13 * m31) / det
        r.m23 = (m13 * m21 - m11 * m23) / det
        r.m31 = (m21 * m32 - m22 * m31) / det
        r.m32 = (m12 * m31 - m11 * m32) / det
        r.m33 = (m11 * m22 - m12 * m21) / det
        return r
    }

    /// Inverts the transform, as SwiftUI's `invert()`; `false` (leaving it as it was) when it has no
    /// inverse.
    @discardableResult
    public mutating func invert() -> Bool {
        guard let inverse = inverted() else { return false }
        self = inverse
        return true
    }

    /// The transform as an affine one when it has no perspective (its third column is `(0, 0, w)`,
    /// `w` not zero); `nil` otherwise.
    var affine: CGAffineTransform? {
        guard m13 == 0, m23 == 0, m33 != 0, m33.isFinite else { return nil }
        return CGAffineTransform(a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33, tx: m31 / m33, ty: m32 / m33)
    }

    /// `self` followed by `other`.
    public func concatenating(_ other: ProjectionTransform) -> ProjectionTransform {
        let a = self, b = other
        var r = ProjectionTransform()
        r.m11 = a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31
        r.m12 = a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32
        r.m13 = a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33
        r.m21 = a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31
        r.m22 = a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32
        r.m23 = a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33
        r.m31 = a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31
        r.m32 = a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32
        r.m33 = a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33
        return r
    }

    /// Maps `point`; `nil` when it lands at infinity (or behind the viewer).
    func apply(_ point: CGPoint) -> CGPoint? {
        let w = point.x * m13 + point.y * m23 + m33
        guard w > 0 else { return nil }
        return CGPoint(x: (point.x * m11 + point.y * m21 + m31) / w, y: (point.x * m12 + point.y * m22 + m32) / w)
    }

    /// Whether every entry is finite.
    var isFinite: Bool {
        [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy(\.isFinite)
    }
}
