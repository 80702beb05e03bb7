// Where the fast fill's coverage model is exact: one ring that does not cross itself.
//
// The rasterizer accumulates signed area and clamps |area| to 1 per pixel. That is the coverage of
// the non-zero fill only where every point of a pixel winds 0 or 1 times (or 0 or −1). Where a part
// winds twice, its edge pixels come out too dark (coincident circles' rims were up to 109 levels
// darker than Cairo's); where lobes winding +1 and −1 share a pixel (a figure-eight's crossing), they
// cancel and the pixel comes out too light (155 levels). A single ring that does not cross itself
// winds 0 or ±1 everywhere, so the fast path takes only those; everything else goes to Cairo.
// Paths of several rings are declined while flattening (see `flatten`).
extension FastFillRasterizer {
    /// Non-convex rings with more edges than this are not checked for crossings (the check is
    /// quadratic) and go to Cairo. A star has 10 edges; a small heart flattens to a few dozen.
    static let crossingCheckEdgeLimit = 64

    /// Whether the flattened outline (`count` points ending with one NaN separator, the ring's first
    /// point repeated before it) is a single ring that never crosses or touches itself.
    static func isSimpleRing(_ px: UnsafeBufferPointer<Float>, _ py: UnsafeBufferPointer<Float>, count: Int) -> Bool {
        guard count >= 4, px[count - 1].isNaN else { return false }
        if isConvexRing(px, py, points: count - 1) { return true }
        return withUnsafeTemporaryAllocation(of: SIMD2<Float>.self, capacity: crossingCheckEdgeLimit + 2) { buffer in
            // The ring without repeated consecutive points, whose zero-length edges would "touch"
            // their neighbours' neighbours.
            var points = 0
            for i in 0..<(count - 1) {
                let p = SIMD2(px[i], py[i])
                if p.x.isNaN { return false }
                if points > 0 && buffer[points - 1] == p { continue }
                if points == crossingCheckEdgeLimit + 2 { return false }
                buffer[points] = p
                points += 1
            }
            return !hasCrossing(UnsafeBufferPointer(rebasing: buffer[..<points]))
        }
    }

    /// Whether two edges of the closed polyline `ring` (first point repeated last) that are not
    /// neighbours meet, touching included (which only sends a harmless shape to Cairo).
    private static func hasCrossing(_ ring: UnsafeBufferPointer<SIMD2<Float>>) -> Bool {
        let edges = ring.count - 1
        guard edges >= 3 else { return false }
        @inline(__always)
        func orientation(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ c: SIMD2<Float>) -> Float {
            (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        }
        for i in 0..<(edges - 2) {
            let a = ring[i], b = ring[i + 1]
            let low = pointwiseMin(a, b), high = pointwiseMax(a, b)
            // Edge 0 and the last edge are neighbours through the ring's first point.
            for j in (i + 2)..<(i == 0 ? edges - 1 : edges) {
                let c = ring[j], d = ring[j + 1]
                if any(pointwiseMax(c, d) .< low) || any(pointwiseMin(c, d) .> high) { continue }
                let d1 = orientation(c, d, a), d2 = orientation(c, d, b)
                let d3 = orientation(a, b, c), d4 = orientation(a, b, d)
                let straddlesCD = d1 == 0 || d2 == 0 || (d1 > 0) != (d2 > 0)
                let straddlesAB = d3 == 0 || d4 == 0 || (d3 > 0) != (d4 > 0)
                if straddlesCD && straddlesAB { return true }
            }
        }
        return false
    }

    /// Whether the first `points` points (the first repeated last) form a convex ring: every turn
    /// goes the same way and the edges' x direction changes sign at most twice, which rules out stars
    /// (whose turns also agree). Rectangles and ellipses, most of what this path draws, pass without
    /// the crossing check. Rounding can make a convex outline fail; it then takes the crossing check.
    private static func isConvexRing(_ px: UnsafeBufferPointer<Float>, _ py: UnsafeBufferPointer<Float>,
                                     points: Int) -> Bool {
        guard points >= 3 else { return true }
        var turn: Float = 0
        var xFlips = 0
        var lastDx: Float = 0
        // The turn at the first point comes from the ring's last edge, which ends there.
        var currentX = px[0], currentY = py[0]
        var edgeDx = currentX - px[points - 2], edgeDy = currentY - py[points - 2]
        for i in 1..<points {
            let x = px[i], y = py[i]
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
            edgeDx = dx
            edgeDy = dy
            currentX = x
            currentY = y
        }
        return xFlips <= 2
    }
}
