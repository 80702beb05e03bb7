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

    /// The 8-bit coverage masks of four pixels in a row and the matching destination weights.
    struct Masks {
        /// Each pixel's coverage `m` (0...255), repeated in both 16-bit halves of its lane.
        var coverage: SIMD8<UInt16>
        /// Each pixel's destination weight `255 − alpha·m / 255` (rounded as pixman does), likewise.
        var keep: SIMD8<UInt16>
    }

    /// The masks of four pixels in a row, the first centred `firstX` from the circle's centre
    /// horizontally and `y` (≥ 0) vertically, for ``blend(_:_:_:)``. All four lanes at once with the
    /// operations of `Lanes` (``FourLanes``): every implementation gives the same bits.
    @inline(__always)
    static func masks<Lanes: FourLanes>(firstX: Float, y: Float, _ g: Geometry, _ colour: Colour,
                                        _: Lanes.Type) -> Masks {
        let px = SIMD4<Float>(repeating: firstX) + SIMD4(0, 1, 2, 3)
        let ax = Lanes.magnitude(px), ay = SIMD4<Float>(repeating: y)
        let d = Lanes.squareRoot(px * px + ay * ay)
        let inverse = 1 / (d + 1e-6)
        // The edge normal is the radial direction; its larger and smaller components, as fractions.
        // The smaller gets 1/64 added so the area formula never divides by zero; that widens an
        // axis-aligned edge's ramp by 1/64 px, under half a level of coverage.
        let major = Lanes.maximum(ax, ay) * inverse
        let minor = Lanes.minimum(ax, ay) * inverse + 1.0 / 64
        let product = major * minor
        // The bulge is a function of the angle from the nearest axis, through sin 2θ = 2·major·minor.
        let q = product + product
        let bulge = g.radius * (q * q) * (bulgeC2 + q * (bulgeC3 + q * bulgeC4))
        let edgeWidth = major + minor
        let scale = 0.5 / product
        let outside = (g.outer + bulge) - d, inside = (d - g.inner) - bulge
        var cover: SIMD4<Float>
        if g.isWide {
            // A pixel's footprint across an edge is at most √2 wide, so in a ring at least that wide
            // no pixel meets both edges: the nearer one decides.
            cover = halfPlane(Lanes.minimum(outside, inside), major, minor, edgeWidth, scale, Lanes.self)
        } else {
            cover = halfPlane(outside, major, minor, edgeWidth, scale, Lanes.self)
                - halfPlane(-inside, major, minor, edgeWidth, scale, Lanes.self)
        }
        cover = Lanes.minimum(Lanes.maximum(cover, .zero), .one)
        let m = Lanes.roundedToInteger(cover * 255)
        let m16 = unsafeBitCast(m | m &<< 16, to: SIMD8<UInt16>.self)
        let t = m16 &* colour.alpha16 &+ 128
        return Masks(coverage: m16, keep: 255 &- ((t &+ (t &>> 8)) &>> 8))
    }

    /// The area of a unit pixel on the inner side of a straight edge at signed distance `s` from its
    /// centre (positive inside), for an edge normal with components `major ≥ minor`: the box filter of
    /// a half-plane, written as a second difference of `max(t, 0)²`, which `scale` = 1 / (2·major·minor)
    /// normalises. Not clamped: callers clamp to 0...1.
    @inline(__always)
    static func halfPlane<Lanes: FourLanes>(_ s: SIMD4<Float>, _ major: SIMD4<Float>, _ minor: SIMD4<Float>,
                                            _ edgeWidth: SIMD4<Float>, _ scale: SIMD4<Float>,
                                            _: Lanes.Type) -> SIMD4<Float> {
        let t = s + 0.5 * edgeWidth
        let g0 = Lanes.maximum(t, .zero), g1 = Lanes.maximum(t - major, .zero)
        let g2 = Lanes.maximum(t - minor, .zero), g3 = Lanes.maximum(t - edgeWidth, .zero)
        return (((g0 * g0 - g1 * g1) - g2 * g2) + g3 * g3) * scale
    }

    // ε(q) = q²(c2 + c3·q + c4·q²), q = sin 2θ: the four-cubic unit circle's radius minus 1, fitted to
    // within 2.4e-6 (0.001 px at a radius of 400 px); at most 0.000 28.
    static let bulgeC2: Float = 0.002_473_83
    static let bulgeC3: Float = -0.003_440_21
    static let bulgeC4: Float = 0.000_967_71
    static let bulgeMaximum = 0.000_28
}
