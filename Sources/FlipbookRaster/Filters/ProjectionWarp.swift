import FlipbookCore
import Foundation

/// Resamples a ``FilterImage`` through a projective transform, bilinearly, premultiplied.
package enum ProjectionWarp {
    /// The image `image` mapped by the transform whose inverse is `inverse` (output pixel centre →
    /// source position, in the image's pixels, `nil` where the transform sends nothing); `nil` inverse
    /// leaves nothing.
    package static func apply(inverse: ((CGPoint) -> CGPoint?)?, to image: inout FilterImage) {
        let w = image.width, h = image.height
        guard let inverse else {
            image = FilterImage(width: w, height: h)
            return
        }
        var out = [SIMD4<Float>](repeating: .zero, count: w * h)
        image.pixels.withUnsafeBufferPointer { src in
            func sample(_ x: Int, _ y: Int) -> SIMD4<Float> {
                x >= 0 && y >= 0 && x < w && y < h ? src[y * w + x] : .zero
            }
            for y in 0..<h {
                for x in 0..<w {
                    guard let p = inverse(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
                    let sx = Double(p.x) - 0.5, sy = Double(p.y) - 0.5
                    guard sx > -1, sy > -1, sx < Double(w), sy < Double(h) else { continue }
                    let x0 = Int(saturating: sx, rounded: .down), y0 = Int(saturating: sy, rounded: .down)
                    let fx = Float(sx - Double(x0)), fy = Float(sy - Double(y0))
                    let top = sample(x0, y0) * (1 - fx) + sample(x0 + 1, y0) * fx
                    let bottom = sample(x0, y0 + 1) * (1 - fx) + sample(x0 + 1, y0 + 1) * fx
                    out[y * w + x] = top * (1 - fy) + bottom * fy
                }
            }
        }
        image.pixels = out
        image.clampToUnit()  // the bilinear weights add up to 1 only within rounding
    }
}
