// Where the fast fill's coverage model stops being exact: overlapping windings.
extension FastFillRasterizer {
    /// The accumulated area may exceed full coverage by this much through Float rounding alone (sums
    /// of up to 130 cells); anything beyond means some area winds twice or more.
    static let overlapThreshold: Float = 1 + 1.0 / 512

    /// Whether the accumulated signed area counts some part of the shape twice or more (overlapping
    /// subpaths, a self-intersecting outline): then the clamp `min(|area|, 1)` would overstate the
    /// coverage of edge pixels — two coincident circles' rims came out up to 109 levels darker than
    /// Cairo's, whose coverage is the area where the winding is non-zero — so such fills go to Cairo.
    ///
    /// Overlaps that stay under a pixel wide everywhere can slip through; their error is bounded by
    /// the overlap's own area within a pixel.
    @inline(__always)
    static func windsMoreThanOnce(_ acc: UnsafePointer<Float>, stride: Int, width: Int, height: Int) -> Bool {
        for row in 0..<height {
            let line = acc + row * stride
            var sum: Float = 0, peak: Float = 0
            for column in 0..<width {
                sum += line[column]
                peak = max(peak, abs(sum))
            }
            if peak > overlapThreshold { return true }
        }
        return false
    }
}
