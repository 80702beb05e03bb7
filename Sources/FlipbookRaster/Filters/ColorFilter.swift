import Foundation

/// Per-pixel colour filters on a ``FilterImage``.
package enum ColorFilter {
    /// Maps each pixel's un-premultiplied components `c` to `(rows.0 · c, rows.1 · c, rows.2 · c,
    /// rows.3 · c) + bias` (in linear light when `linear`), clamps them to `0...1` and premultiplies
    /// again.
    package static func apply(rows: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>), bias: SIMD4<Float>,
                              linear: Bool, to image: inout FilterImage) {
        let one = SIMD4<Float>(repeating: 1)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for i in pixels.indices {
                let p = pixels[i]
                var c = p.w > 0 ? SIMD4<Float>(p.x / p.w, p.y / p.w, p.z / p.w, p.w) : .zero
                if linear { c = SIMD4(toLinear(c.x), toLinear(c.y), toLinear(c.z), c.w) }
                var r = SIMD4<Float>((rows.0 * c).sum(), (rows.1 * c).sum(), (rows.2 * c).sum(), (rows.3 * c).sum()) + bias
                r = r.clamped(lowerBound: .zero, upperBound: one)
                if linear { r = SIMD4(toSRGB(r.x), toSRGB(r.y), toSRGB(r.z), r.w) }
                pixels[i] = SIMD4(r.x * r.w, r.y * r.w, r.z * r.w, r.w)
            }
        }
    }

    /// Each pixel whose alpha is within `min...max` becomes `color` (premultiplied); every other
    /// pixel becomes transparent.
    package static func alphaThreshold(min low: Float, max high: Float, color: SIMD4<Float>, image: inout FilterImage) {
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for i in pixels.indices {
                let a = pixels[i].w
                pixels[i] = a >= low && a <= high ? color : .zero
            }
        }
    }

    /// The sRGB transfer function, inverted (IEC 61966-2-1).
    static func toLinear(_ c: Float) -> Float {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// The sRGB transfer function.
    static func toSRGB(_ c: Float) -> Float {
        c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }
}
