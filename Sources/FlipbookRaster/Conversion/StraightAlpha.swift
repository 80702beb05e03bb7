/// Rows of straight-alpha BGRA bytes (what libswscale and libwebp write) made into Cairo's
/// premultiplied ARGB32 words, in place, rounding each channel to the nearest value.
package enum StraightAlpha {
    /// Premultiplies `height` rows of `width` pixels starting at `pixels`, `bytesPerRow` apart.
    package static func premultiplyBGRA(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        for y in 0..<height {
            let row = pixels + y * bytesPerRow
            let bytes = row.assumingMemoryBound(to: UInt8.self)
            let words = row.assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let a = UInt32(bytes[4 * x + 3])
                // Opaque pixels are already what Cairo wants; most video is opaque.
                if a == 255 { continue }
                let b = UInt32(bytes[4 * x]), g = UInt32(bytes[4 * x + 1]), r = UInt32(bytes[4 * x + 2])
                func pre(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                words[x] = a << 24 | pre(r) << 16 | pre(g) << 8 | pre(b)
            }
        }
    }
}
