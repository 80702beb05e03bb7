import Foundation

#if canImport(QuartzCore)
import QuartzCore
#else
/// A 4×4 transform of space, as Core Animation's `CATransform3D`: a point `(x, y, z)` is the row
/// vector `(x, y, z, 1)`, multiplied on the right by the matrix and divided by its fourth component.
/// `m41`, `m42`, `m43` translate; `m34` gives perspective (Core Animation's `-1 / distance`).
///
/// Drawing is flat: give it to a context as `ProjectionTransform(transform)` through
/// ``CairoCanvas/Filter/projectionTransform(_:)``, which keeps what a flat picture sees of it (the
/// z row and column drop out, as in SwiftUI).
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The transform with these entries.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// All zeros, as Core Animation's `CATransform3D()`; the identity is ``CATransform3DIdentity``.
    public init() {
        self.init(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    /// The rows, top to bottom.
    var rows: [[CGFloat]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    /// The transform with `rows`.
    init(rows r: [[CGFloat]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                 m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Whether `a` and `b` are the same transform.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// A scale by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// A rotation by `angle` radians about the axis `(x, y, z)` (the identity for a zero axis); about z,
/// a positive angle turns +x towards +y, as `CGAffineTransform(rotationAngle:)` does.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (x, y, z) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), t = 1 - c
    return CATransform3D(m11: t * x * x + c, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
                         m21: t * x * y - s * z, m22: t * y * y + c, m23: t * y * z + s * x, m24: 0,
                         m31: t * x * z + s * y, m32: t * y * z - s * x, m33: t * z * z + c, m34: 0,
                         m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `t` after a translation by `(tx, ty, tz)`: the translation acts first, in `t`'s space.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// `t` after a scale by `(sx, sy, sz)`: the scale acts first.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// `t` after a rotation by `angle` radians about `(x, y, z)`: the rotation acts first.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// `a` followed by `b` (the product `a · b`).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let x = a.rows, y = b.rows
    return CATransform3D(rows: (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + x[i][$1] * y[$1][j] } } })
}

/// The inverse of `t`; `t` itself when it has none.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    // Gauss–Jordan elimination with partial pivoting on [t | I].
    var m = t.rows.enumerated().map { i, row in row + (0..<4).map { $0 == i ? CGFloat(1) : 0 } }
    for column in 0..<4 {
        guard let pivot = (column..<4).max(by: { abs(m[$0][column]) < abs(m[$1][column]) }),
              m[pivot][column] != 0, m[pivot][column].isFinite
        else { return t }
        m.swapAt(column, pivot)
        let p = m[column][column]
        m[column] = m[column].map { $0 / p }
        for row in 0..<4 where row != column {
            let f = m[row][column]
            m[row] = zip(m[row], m[column]).map { $0 - f * $1 }
        }
    }
    return CATransform3D(rows: m.map { Array($0[4...]) })
}

/// The affine transform `m` as a 3D one (acting in the plane z = 0).
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (m.a, m.b, m.c, m.d, m.tx, m.ty)
    return t
}

/// Whether `t` is exactly an affine transform of the plane.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0
        && t.m43 == 0 && t.m44 == 1
}

/// The affine part of `t` (exactly `t` when ``CATransform3DIsAffine(_:)``).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
#endif

extension ProjectionTransform {
    /// What a flat picture sees of the 3D transform `m`, as SwiftUI's `init(_:)`: its x, y and w rows
    /// and columns (z drops out, so `m34`'s perspective shows once a rotation about x or y brings it
    /// into `m14` or `m24`).
    ///
    /// ```swift
    /// var tumble = CATransform3DIdentity
    /// tumble.m34 = -1 / 500
    /// tumble = CATransform3DRotate(tumble, .pi / 4, 1, 0, 0)
    /// context.addFilter(.projectionTransform(ProjectionTransform(tumble)))
    /// ```
    public init(_ m: CATransform3D) {
        self.init()
        (m11, m12, m13) = (m.m11, m.m12, m.m14)
        (m21, m22, m23) = (m.m21, m.m22, m.m24)
        (m31, m32, m33) = (m.m41, m.m42, m.m44)
    }
}
