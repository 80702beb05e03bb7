import Foundation

/// The colour filters' matrices, from the W3C Filter Effects Module Level 1 (§9.6 `feColorMatrix`
/// and §12 the CSS filter functions), which SwiftUI's filters of the same names follow.
///
/// `saturate` and `hueRotate` use the specification's three-digit luminance weights 0.213, 0.715,
/// 0.072 (Rec. 709 luma rounded), `luminanceToAlpha` its 0.2125, 0.7154, 0.0721, and CSS
/// `grayscale()` the exact Rec. 709 weights 0.2126, 0.7152, 0.0722 — each exactly as specified, so
/// that a picture matches a browser's or Core Image's to the 8-bit step. They apply to the
/// gamma-encoded sRGB components (SwiftUI's default working space) unless the filter is added with
/// ``CairoCanvas/FilterOptions/linearColor``.
enum StandardColorMatrix {
    static func brightness(_ amount: Double) -> ColorMatrix {
        var m = ColorMatrix()
        m.r5 = Float(amount)
        m.g5 = Float(amount)
        m.b5 = Float(amount)
        return m
    }

    static func contrast(_ amount: Double) -> ColorMatrix {
        var m = ColorMatrix()
        let k = Float(amount), offset = Float(0.5 * (1 - amount))
        (m.r1, m.g2, m.b3) = (k, k, k)
        (m.r5, m.g5, m.b5) = (offset, offset, offset)
        return m
    }

    /// `feColorMatrix type="saturate"`.
    static func saturation(_ s: Double) -> ColorMatrix {
        rows([
            [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s],
        ])
    }

    /// CSS `grayscale(amount)`, amount clamped to `0...1`.
    static func grayscale(_ amount: Double) -> ColorMatrix {
        let t = 1 - min(max(amount, 0), 1)
        return rows([
            [0.2126 + 0.7874 * t, 0.7152 - 0.7152 * t, 0.0722 - 0.0722 * t],
            [0.2126 - 0.2126 * t, 0.7152 + 0.2848 * t, 0.0722 - 0.0722 * t],
            [0.2126 - 0.2126 * t, 0.7152 - 0.7152 * t, 0.0722 + 0.9278 * t],
        ])
    }

    /// `feColorMatrix type="hueRotate"` by `angle` radians.
    static func hueRotation(_ angle: Double) -> ColorMatrix {
        let c = cos(angle), s = sin(angle)
        return rows([
            [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
            [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
            [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072],
        ])
    }

    /// CSS `invert(amount)`, amount clamped to `0...1`.
    static func colorInvert(_ amount: Double) -> ColorMatrix {
        var m = ColorMatrix()
        let t = Float(min(max(amount, 0), 1)), k = 1 - 2 * t
        (m.r1, m.g2, m.b3) = (k, k, k)
        (m.r5, m.g5, m.b5) = (t, t, t)
        return m
    }

    /// `feColorMatrix type="luminanceToAlpha"`.
    static var luminanceToAlpha: ColorMatrix {
        var m = ColorMatrix()
        (m.r1, m.g2, m.b3, m.a4) = (0, 0, 0, 0)
        (m.a1, m.a2, m.a3) = (0.2125, 0.7154, 0.0721)
        return m
    }

    /// A matrix acting on the colour components by the 3×3 `rows`, alpha unchanged.
    private static func rows(_ rows: [[Double]]) -> ColorMatrix {
        var m = ColorMatrix()
        (m.r1, m.r2, m.r3) = (Float(rows[0][0]), Float(rows[0][1]), Float(rows[0][2]))
        (m.g1, m.g2, m.g3) = (Float(rows[1][0]), Float(rows[1][1]), Float(rows[1][2]))
        (m.b1, m.b2, m.b3) = (Float(rows[2][0]), Float(rows[2][1]), Float(rows[2][2]))
        return m
    }
}
