import Foundation

#if !canImport(CoreGraphics)
/// A 2D affine transform with Core Graphics' fields, initializers and composition order
/// (Linux Foundation does not provide it).
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`. As in Core Graphics,
/// `t1.concatenating(t2)` applies `t1` first and then `t2`, and the `translatedBy`, `scaledBy`
/// and `rotated` methods *prepend* their operation: the new operation acts first, in the
/// user space that `self` maps from.
public struct CGAffineTransform: Hashable, Sendable {
    /// The x-scale entry: how much x contributes to the new x.
    public var a: CGFloat
    /// How much x contributes to the new y.
    public var b: CGFloat
    /// How much y contributes to the new x.
    public var c: CGFloat
    /// The y-scale entry: how much y contributes to the new y.
    public var d: CGFloat
    /// The translation in x.
    public var tx: CGFloat
    /// The translation in y.
    public var ty: CGFloat

    /// The identity transform.
    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    /// A transform with the given matrix entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// A transform that moves points by `(x, y)`.
    public init(translationX x: CGFloat, y: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A transform that scales x by `sx` and y by `sy` about the origin.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A transform that rotates by `angle` radians about the origin.
    ///
    /// With y pointing down (as in Flipbook and SwiftUI), a positive angle turns clockwise on
    /// screen: a rotation by π/2 maps `(1, 0)` to `(0, 1)`.
    public init(rotationAngle angle: CGFloat) {
        let (sine, cosine) = CGAffineTransform.sinCos(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform()

    /// Whether this is exactly the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// A transform that first translates by `(tx, ty)` and then applies `self`.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// A transform that first scales by `(sx, sy)` and then applies `self`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A transform that first rotates by `angle` radians and then applies `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The transform that applies `self` first and then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// The inverse transform, or `self` unchanged when the matrix is singular (as Core Graphics does).
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        let result = CGAffineTransform(
            a: d / determinant,
            b: -b / determinant,
            c: -c / determinant,
            d: a / determinant,
            tx: (c * ty - d * tx) / determinant,
            ty: (b * tx - a * ty) / determinant)
        // A determinant that is tiny but non-zero can still overflow the entries.
        return result.isFinite ? result : self
    }

    // Exact values at multiples of π/2, so that rotating by 90° yields 0 rather than 6e-17.
    private static func sinCos(_ angle: CGFloat) -> (CGFloat, CGFloat) {
        let quarterTurns = angle / (.pi / 2)
        // Whole when it converts to an integer and back unchanged, which is one instruction where
        // `rounded()` is a call into libm; from 2⁵² on every Double is whole.
        if quarterTurns.isFinite, abs(quarterTurns) >= 0x1p52 || Double(Int64(quarterTurns)) == quarterTurns {
            switch Int(quarterTurns.truncatingRemainder(dividingBy: 4)) {
            case 0: return (0, 1)
            case 1, -3: return (1, 0)
            case 2, -2: return (0, -1)
            default: return (-1, 0)
            }
        }
        return (sin(angle), cos(angle))
    }
}

/// Encoded as the array `[a, b, c, d, tx, ty]`, as Foundation does on Apple platforms.
extension CGAffineTransform: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(
            a: try container.decode(CGFloat.self), b: try container.decode(CGFloat.self),
            c: try container.decode(CGFloat.self), d: try container.decode(CGFloat.self),
            tx: try container.decode(CGFloat.self), ty: try container.decode(CGFloat.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for value in [a, b, c, d, tx, ty] { try container.encode(value) }
    }
}

extension CGPoint {
    /// The point mapped by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by the linear part of `t` (translation does not apply to sizes).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the four transformed corners of this rectangle,
    /// as Core Graphics computes it. The null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || t.isIdentity { return self }
        let first = CGPoint(x: minX, y: minY).applying(t)
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        // The same comparisons as `min()` and `max()`, so NaN corners behave as before.
        for corner in [CGPoint(x: maxX, y: minY), CGPoint(x: maxX, y: maxY), CGPoint(x: minX, y: maxY)] {
            let p = corner.applying(t)
            if p.x < x0 { x0 = p.x }
            if x1 < p.x { x1 = p.x }
            if p.y < y0 { y0 = p.y }
            if y1 < p.y { y1 = p.y }
        }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
#endif

extension CGAffineTransform {
    /// Whether all six entries are finite (neither NaN nor infinite).
    ///
    /// A transform built from a NaN or infinite value maps every point to garbage; the canvas
    /// checks this before handing the matrix to Cairo.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}
