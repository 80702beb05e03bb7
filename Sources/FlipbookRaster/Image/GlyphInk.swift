// Glyph images rasterised as white ink (a symbol's confetti image, before it is tinted).
extension TargetPixels {
    /// Writes `whiteInk` (an image of the same size drawn in white, so that each pixel's alpha is its
    /// coverage) into these pixels in the colour `(r, g, b)` at opacity `a`, premultiplied; each
    /// component is in `0...1`.
    package func tint(_ whiteInk: TargetPixels, r: Double, g: Double, b: Double, a: Double) {
        for y in 0..<height {
            let from = UnsafeRawPointer(whiteInk.data + y * whiteInk.rowBytes).assumingMemoryBound(to: UInt32.self)
            let to = UnsafeMutableRawPointer(data + y * rowBytes).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                // White ink: the alpha byte is the coverage.
                let coverage = Double(from[x] >> 24) / 255 * a
                func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
                to[x] = byte(coverage) << 24 | byte(r * coverage) << 16 | byte(g * coverage) << 8 | byte(b * coverage)
            }
        }
    }

    /// Whether any pixel is not grey: white ink stays r = g = b = alpha when premultiplied.
    package var hasColour: Bool {
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * rowBytes).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                let a = p >> 24, r = p >> 16 & 0xFF, g = p >> 8 & 0xFF, b = p & 0xFF
                if r != a || g != a || b != a { return true }
            }
        }
        return false
    }
}
