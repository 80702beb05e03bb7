import FlipbookCore
import Foundation

extension FilterImage {
    /// The image's alpha times `colour` (premultiplied), moved by (`dx`, `dy`) pixels (bilinear for
    /// fractions): a shadow before its blur.
    package func alphaShifted(dx: Double, dy: Double, colour color: SIMD4<Float>) -> FilterImage {
        let w = width, h = height
        var out = FilterImage(width: w, height: h)
        // The offset is the user's, times the scale: a shift past the image leaves nothing, so it is
        // clamped to just beyond it (and a non-finite one to no shift) before it becomes an Int.
        func reach(_ d: Double, _ size: Int) -> Double { d.isFinite ? min(max(d, -Double(size) - 1), Double(size) + 1) : 0 }
        let dx = reach(dx, w), dy = reach(dy, h)
        let ix = Int(saturating: dx, rounded: .down), iy = Int(saturating: dy, rounded: .down)
        let fx = Float(dx - Double(ix)), fy = Float(dy - Double(iy))
        let weights: [(Int, Int, Float)] = [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)),
                                            (0, 1, (1 - fx) * fy), (1, 1, fx * fy)]
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for (ox, oy, weight) in weights where weight > 0 {
                    let sx = ix + ox, sy = iy + oy
                    for y in max(0, sy)..<max(max(0, sy), min(h, h + sy)) {
                        let from = (y - sy) * w, to = y * w
                        for x in max(0, sx)..<max(max(0, sx), min(w, w + sx)) {
                            dst[to + x] += (weight * src[from + x - sx].w) * color
                        }
                    }
                }
            }
        }
        out.clampToUnit()  // the four weights add up to 1 only within rounding
        return out
    }
}
