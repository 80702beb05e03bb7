import Foundation

// The ring's blend, done with Cairo's own bytes and rounding so that translucent rings come out as
// Cairo draws them (the geometry aside).
extension FastRing {
    /// The colour as Cairo hands it to pixman: premultiplied, rounded to 16 bits, then truncated to 8
    /// (`_cairo_color_double_to_short`, then pixman's solid fill). Using the same bytes matters for
    /// translucent colours: the truncation darkens them by up to a level, a few percent of their ink,
    /// which over 1,000 overlapping rings was a visible bias.
    struct Colour {
        /// Red and blue, green and alpha, one per 16-bit half of each lane.
        let sourceRB: SIMD4<UInt32>, sourceAG: SIMD4<UInt32>
        /// The alpha byte in every 16-bit lane.
        let alpha16: SIMD8<UInt16>

        init(r: Double, g: Double, b: Double, a: Double) {
            let alpha = min(max(a, 0), 1)
            func byte(_ v: Double) -> UInt32 { UInt32(min(max(v, 0), 1) * alpha * 65535 + 0.5) >> 8 }
            sourceRB = SIMD4(repeating: byte(r) << 16 | byte(b))
            let alphaByte = UInt32(alpha * 65535 + 0.5) >> 8
            alpha16 = SIMD8(repeating: UInt16(alphaByte))
            sourceAG = SIMD4(repeating: alphaByte << 16 | byte(g))
        }
    }

    /// Pixman's `over_n_8_8888` (what Cairo runs for a solid colour and an 8-bit coverage mask), so
    /// both round alike: the source scaled by the mask `m` (`x·m / 255`, rounded), plus the destination
    /// scaled by `255 − alpha·m / 255` (rounded), both precomputed in `masks` by
    /// ``masks(firstX:y:_:_:_:)``. Coverage 0 leaves a pixel exactly as it was. Channels are
    /// paired in 32-bit lanes and multiplied as 16-bit lanes, since x86-64's baseline SSE2 has no
    /// 32-bit lane multiply.
    @inline(__always)
    static func blend(_ d: SIMD4<UInt32>, _ masks: Masks, _ colour: Colour) -> SIMD4<UInt32> {
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF)
        @inline(__always)
        func multiply(_ x: SIMD4<UInt32>, _ y: SIMD8<UInt16>) -> SIMD4<UInt32> {
            let t = unsafeBitCast(x, to: SIMD8<UInt16>.self) &* y &+ 128
            // t / 255 rounded, exact for products up to 255 × 255 (no lane overflows 16 bits).
            return unsafeBitCast((t &+ (t &>> 8)) &>> 8, to: SIMD4<UInt32>.self)
        }
        let m16 = masks.coverage, keep16 = masks.keep
        let rb = multiply(d & mask, keep16) &+ multiply(colour.sourceRB, m16)
        let ag = multiply((d &>> 8) & mask, keep16) &+ multiply(colour.sourceAG, m16)
        return rb | (ag &<< 8)
    }
}
