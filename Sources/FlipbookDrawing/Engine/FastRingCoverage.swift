import Foundation

// The ring's coverage model. Each pixel's coverage is the exact area of the pixel inside each edge,
// the edge taken as a straight line across the pixel: the box filter of a half-plane, which is what
// Cairo's area-sampling rasterizer approximates. The ring's radius follows the slight outward bulge of
// the four-cubic circle that `Path(ellipseIn:)` gives Cairo (0.027 % of the radius, 0.1 px at 400 px),
// so the fast ring lands where Cairo's does. Against the exact coverage of that stroke it is within the
// reference tolerance (FastRingTests); Cairo itself is a few levels off at edges (it flattens the
// curve into chords and samples 15 sub-rows per pixel).
extension FastRing {
    struct Geometry {
        let outer: Float, inner: Float, radius: Float
        /// Whether no pixel can meet both edges (see ``computeMasks(_:firstX:y:_:_:)``).
        let isWide: Bool

        init(outer: Float, inner: Float, radius: Float) {
            self.outer = outer
            self.inner = inner
            self.radius = radius
            isWide = outer - inner >= 1.5
        }
    }

    /// For four pixels in a row, the first centred `firstX` from the circle's centre horizontally and
    /// `y` (≥ 0) vertically, writes each pixel's 8-bit coverage mask `m` to `masks[0..<4]` and the
    /// destination's weight `255 − alpha·m / 255` to `masks[4..<8]`, each repeated in both 16-bit
    /// halves for ``blend(_:_:_:)``.
    ///
    /// Written per pixel with a fixed count of four so that LLVM's SLP vectoriser turns it into
    /// four-lane SSE code: the same computation written with `SIMD4<Float>` came out half scalar
    /// (the generic `squareRoot`, `pointwiseMin/Max` and shifts are per-lane loops) and took about
    /// 25 % more instructions.
    @inline(__always)
    static func computeMasks(_ masks: UnsafeMutablePointer<UInt32>, firstX: Float, y: Float, _ g: Geometry,
                             _ colour: Colour) {
        let y2 = y * y
        for i in 0..<4 {
            let px = firstX + Float(i)
            let ax = abs(px)
            let d = (px * px + y2).squareRoot()
            let inverse = 1 / (d + 1e-6)
            // The edge normal is the radial direction; its larger and smaller components, as fractions.
            // The smaller gets 1/64 added so the area formula never divides by zero; that widens an
            // axis-aligned edge's ramp by 1/64 px, under half a level of coverage.
            let larger = ax > y ? ax : y
            let major = larger * inverse
            let minor = (ax + y - larger) * inverse + 1.0 / 64
            // The bulge is a function of the angle from the nearest axis, through sin 2θ = 2·major·minor.
            let q = 2 * major * minor
            let bulge = g.radius * q * q * (bulgeC2 + q * (bulgeC3 + q * bulgeC4))
            let edgeWidth = major + minor
            let scale = 0.125 / (major * minor)
            let outside = g.outer + bulge - d, inside = d - g.inner - bulge
            var cover: Float
            if g.isWide {
                // A pixel's footprint across an edge is at most √2 wide, so in a ring at least that wide
                // no pixel meets both edges: the nearer one decides.
                cover = halfPlane(outside < inside ? outside : inside, major, minor, edgeWidth, scale)
            } else {
                cover = halfPlane(outside, major, minor, edgeWidth, scale) - halfPlane(-inside, major, minor, edgeWidth, scale)
            }
            cover = cover > 0 ? cover : 0
            cover = cover < 1 ? cover : 1
            // Adding 1.5 × 2²³ rounds to an integer held in the low mantissa bits (0...255 here).
            let m = (cover * 255 + 12_582_912).bitPattern & 0x1FF
            let t = colour.alphaByte &* m &+ 128
            let keep = 255 &- ((t &+ (t &>> 8)) &>> 8)
            masks[i] = m | m &<< 16
            masks[4 + i] = keep | keep &<< 16
        }
    }

    /// The area of a unit pixel on the inner side of a straight edge at signed distance `s` from its
    /// centre (positive inside), for an edge normal with components `major ≥ minor`: the box filter of
    /// a half-plane, written as a second difference of `max(t, 0)²` (here `(t + |t|)²`, four times
    /// that, which `scale` = 1 / (8·major·minor) undoes). Not clamped: callers clamp to 0...1.
    @inline(__always)
    static func halfPlane(_ s: Float, _ major: Float, _ minor: Float, _ edgeWidth: Float, _ scale: Float) -> Float {
        let t = s + 0.5 * edgeWidth
        let t1 = t - major, t2 = t - minor, t3 = t - edgeWidth
        let g0 = t + abs(t), g1 = t1 + abs(t1), g2 = t2 + abs(t2), g3 = t3 + abs(t3)
        return (g0 * g0 - g1 * g1 - g2 * g2 + g3 * g3) * scale
    }

    // ε(q) = q²(c2 + c3·q + c4·q²), q = sin 2θ: the four-cubic unit circle's radius minus 1, fitted to
    // within 2.4e-6 (0.001 px at a radius of 400 px); at most 0.000 28.
    static let bulgeC2: Float = 0.002_473_83
    static let bulgeC3: Float = -0.003_440_21
    static let bulgeC4: Float = 0.000_967_71
    static let bulgeMaximum = 0.000_28
}
