import FlipbookRaster
import Foundation

extension ColorFilter {
    /// Maps each pixel's un-premultiplied components through `m` (in linear light when `linear`),
    /// clamps them to `0...1` and premultiplies again.
    static func apply(_ m: ColorMatrix, linear: Bool, to image: inout FilterImage) {
        let rows = (SIMD4<Float>(m.r1, m.r2, m.r3, m.r4), SIMD4<Float>(m.g1, m.g2, m.g3, m.g4),
                    SIMD4<Float>(m.b1, m.b2, m.b3, m.b4), SIMD4<Float>(m.a1, m.a2, m.a3, m.a4))
        apply(rows: rows, bias: SIMD4<Float>(m.r5, m.g5, m.b5, m.a5), linear: linear, to: &image)
    }

    /// Whether `m` turns a transparent pixel into a visible one (so the filter reaches everywhere).
    static func coloursTransparency(_ m: ColorMatrix) -> Bool {
        m.a5 > 0
    }
}

extension Color {
    /// The colour's premultiplied components, clamped to `0...1`.
    var premultipliedVector: SIMD4<Float> {
        let a = Float(min(max(opacity, 0), 1))
        func c(_ v: Double) -> Float { Float(min(max(v, 0), 1)) * a }
        return SIMD4(c(red), c(green), c(blue), a)
    }
}
