import Foundation

/// A layer being filtered: premultiplied `(r, g, b, a)` pixels in `0...1`, row by row, in floating
/// point so that a chain of filters rounds once, when the result goes back to 8 bits.
package struct FilterImage {
    package let width: Int
    package let height: Int
    package var pixels: [SIMD4<Float>]

    package init(width: Int, height: Int, pixels: [SIMD4<Float>]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent image.
    package init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [SIMD4<Float>](repeating: .zero, count: width * height))
    }

    /// The pixels of a premultiplied ARGB32 image.
    package init(_ image: TargetPixels) {
        let width = image.width, height = image.height
        self.width = width
        self.height = height
        let data = image.data, stride = image.rowBytes, w = width
        var pixels = [SIMD4<Float>](repeating: .zero, count: width * height)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let p = row[x]
                    out[y * w + x] = SIMD4<Float>(Float((p >> 16) & 0xFF), Float((p >> 8) & 0xFF),
                                                  Float(p & 0xFF), Float(p >> 24)) * (1 / 255)
                }
            }
        }
        self.pixels = pixels
    }

    /// Clamps every component to `0...1` and each colour to at most its alpha, as premultiplied
    /// pixels are. Filters whose weights add up to 1 only within rounding call it, so that what the
    /// next filter sees (an alpha threshold's `a <= 1`) is never a unit in the last place outside.
    package mutating func clampToUnit() {
        pixels.withUnsafeMutableBufferPointer { pixels in
            for i in pixels.indices {
                let p = pixels[i]
                let a = min(max(p.w, 0), 1)
                let colour = SIMD4(p.x, p.y, p.z, a).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: a))
                pixels[i] = colour
            }
        }
    }

    /// Writes the pixels into a premultiplied ARGB32 image of the same size, rounded to 8 bits and kept
    /// premultiplied (no colour above its alpha).
    package func store(into image: TargetPixels) {
        let data = image.data, stride = image.rowBytes, w = width
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    // Adding ½ and truncating rounds to nearest, halves up (the values are not negative).
                    let v = (source[y * w + x] * 255 + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                    let a = UInt32(v.w)
                    let r = min(UInt32(v.x), a), g = min(UInt32(v.y), a), b = min(UInt32(v.z), a)
                    row[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
    }
}
