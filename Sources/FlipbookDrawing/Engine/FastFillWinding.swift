// Where the fast fill's coverage model stops being exact: overlapping windings.
extension FastFillRasterizer {
    /// The accumulated area may exceed full coverage by this much through Float rounding alone (sums
    /// of up to 130 cells); anything beyond means some area winds twice or more.
    static let overlapThreshold: Float = 1 + 1.0 / 512

    /// Whether the accumulated signed area counts some part of the shape twice or more (a ring that
    /// crosses itself, such as a pentagram filled non-zero): then the clamp `min(|area|, 1)` would
    /// overstate the coverage of edge pixels where that part meets the outside — coincident circles'
    /// rims came out up to 109 levels darker than Cairo's, whose coverage is the area where the
    /// winding is non-zero — so such fills go to Cairo. (Paths of several rings never get here.)
    ///
    /// Not caught: overlaps under a pixel wide everywhere, and a figure-eight's crossing, where lobes
    /// winding +1 and −1 share a pixel and cancel; both err only in the pixels where that happens.
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

    /// Whether the flattened outline (`count` points, rings separated by NaN) is one convex ring: such
    /// a shape winds at most once everywhere, so the per-pixel check above can be skipped — the case
    /// for rectangles and ellipses, most of what this path draws. Convex here means every turn goes the
    /// same way and the edges' x and y directions each change sign at most twice (which rules out
    /// stars, whose turns also agree). Rounding can make a convex outline fail the test; it then only
    /// costs the per-pixel check.
    static func isSingleConvexRing(_ px: UnsafeBufferPointer<Float>, _ py: UnsafeBufferPointer<Float>,
                                   count: Int) -> Bool {
        // One ring: the only NaN is the separator at the end. The ring repeats its first point last.
        guard count >= 4, px[count - 1].isNaN else { return false }
        let points = count - 1
        var turn: Float = 0
        var xFlips = 0, yFlips = 0
        var lastDx: Float = 0, lastDy: Float = 0
        // The turn at the first point comes from the ring's last edge, which ends there.
        var currentX = px[0], currentY = py[0]
        var edgeDx = currentX - px[points - 2], edgeDy = currentY - py[points - 2]
        for i in 1..<points {
            let x = px[i], y = py[i]
            if x.isNaN { return false }
            let dx = x - currentX, dy = y - currentY
            if dx == 0 && dy == 0 { continue }
            let cross = edgeDx * dy - edgeDy * dx
            if cross != 0 {
                if turn == 0 { turn = cross } else if (turn > 0) != (cross > 0) { return false }
            }
            if dx != 0 {
                if lastDx != 0 && (lastDx > 0) != (dx > 0) { xFlips += 1 }
                lastDx = dx
            }
            if dy != 0 {
                if lastDy != 0 && (lastDy > 0) != (dy > 0) { yFlips += 1 }
                lastDy = dy
            }
            edgeDx = dx
            edgeDy = dy
            currentX = x
            currentY = y
        }
        return xFlips <= 2 && yFlips <= 2
    }
}
