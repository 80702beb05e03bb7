/// One palette for a whole GIF, cut from the clip's own colours, and the frames mapped onto it.
///
/// A fixed web palette bands every gradient and shifts brand colours; a palette from the clip keeps
/// them. One palette for all frames (rather than one per frame) keeps flat areas from flickering as
/// the palette changes. Colours are counted on a 5-bit-per-channel grid (32768 cells) and the
/// palette is cut from it by median cut, each entry the exact mean colour of its cell group.
///
/// Frames are counted first (``count(_:)``), all of them, then mapped (``indexer()``).
package struct GIFPalette {
    /// Whether pixels under half alpha become the transparent entry (else alpha is ignored).
    private let keepsAlpha: Bool
    private var counts = [Int](repeating: 0, count: 32_768)
    private var sums = [SIMD3<Double>](repeating: .zero, count: 32_768)
    private var sawTransparency = false

    package init(keepsAlpha: Bool) {
        self.keepsAlpha = keepsAlpha
    }

    /// Counts the colours of a frame of straight RGBA pixels.
    package mutating func count(_ pixels: [UInt8]) {
        for i in stride(from: 0, to: pixels.count, by: 4) {
            if keepsAlpha, pixels[i + 3] < 128 {
                sawTransparency = true
                continue
            }
            let r = pixels[i], g = pixels[i + 1], b = pixels[i + 2]
            let cell = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
            counts[cell] += 1
            sums[cell] += SIMD3(Double(r), Double(g), Double(b))
        }
    }

    /// The palette: at most 255 opaque colours and, when any pixel was transparent, one transparent
    /// entry (the last), as `0xAARRGGBB`.
    package func colours() -> [UInt32] {
        let room = sawTransparency ? 255 : 256
        var colours = medianCut(limit: room).map { c -> UInt32 in
            0xFF00_0000 | UInt32(c.x.rounded()) << 16 | UInt32(c.y.rounded()) << 8 | UInt32(c.z.rounded())
        }
        if colours.isEmpty { colours = [0xFF00_0000] }
        if sawTransparency { colours.append(0x0000_0000) }
        return colours
    }

    /// What maps the counted frames onto the palette.
    package func indexer() -> GIFPaletteIndexer {
        GIFPaletteIndexer(colours: colours(), transparent: sawTransparency)
    }

    /// Median cut over the occupied cells: splits the box with the most pixels times its longest
    /// side at the pixel-weighted median of that side, until `limit` boxes or single cells remain.
    private func medianCut(limit: Int) -> [SIMD3<Double>] {
        struct Cell { var rgb: SIMD3<Int>; var index: Int }
        var boxes: [[Cell]] = []
        let occupied = counts.indices.filter { counts[$0] > 0 }.map {
            Cell(rgb: SIMD3($0 >> 10 & 31, $0 >> 5 & 31, $0 & 31), index: $0)
        }
        if occupied.isEmpty { return [] }
        boxes.append(occupied)
        func score(_ box: [Cell]) -> (Int, Int) {
            var low = SIMD3<Int>(repeating: 31), high = SIMD3<Int>(repeating: 0), pixels = 0
            for c in box { low = pointwiseMin(low, c.rgb); high = pointwiseMax(high, c.rgb); pixels += counts[c.index] }
            let extent = high &- low
            let axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2)
            return (box.count > 1 ? pixels * (extent[axis] + 1) : 0, axis)
        }
        while boxes.count < limit {
            var bestIndex = -1, bestScore = 0, bestAxis = 0
            for (i, box) in boxes.enumerated() {
                let (s, axis) = score(box)
                if s > bestScore { bestScore = s; bestIndex = i; bestAxis = axis }
            }
            guard bestIndex >= 0 else { break }
            let sorted = boxes[bestIndex].sorted { ($0.rgb[bestAxis], $0.index) < ($1.rgb[bestAxis], $1.index) }
            let total = sorted.reduce(0) { $0 + counts[$1.index] }
            var running = 0, cut = 1
            for (i, c) in sorted.enumerated() {
                running += counts[c.index]
                if running * 2 >= total { cut = max(1, min(sorted.count - 1, i + 1)); break }
            }
            boxes[bestIndex] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        return boxes.map { box in
            var sum = SIMD3<Double>.zero, n = 0
            for c in box { sum += sums[c.index]; n += counts[c.index] }
            return sum / Double(max(n, 1))
        }
    }
}

/// Maps frames of straight RGBA pixels onto a ``GIFPalette``'s colours.
///
/// Dithering: a pixel whose colour is in the palette is written as is, so flat graphics stay flat
/// and text stays crisp. Others get a 4×4 ordered (Bayer) dither, which, unlike error diffusion,
/// puts the same pattern at the same place in every frame, so still areas do not crawl.
package struct GIFPaletteIndexer {
    /// The palette's colours padded with opaque black to 256 entries, as libavutil wants them
    /// (`0xAARRGGBB`).
    package let palette: [UInt32]
    /// The transparent entry's index, when the palette has one.
    private let transparent: UInt8?
    /// The opaque entries' colours.
    private let entries: [SIMD3<Int>]
    /// The index of every colour that is in the palette (`0xRRGGBB`).
    private let exact: [UInt32: UInt8]
    /// The nearest entries found so far, by dithered colour (`0xRRGGBB`).
    private var nearestCache: [UInt32: UInt8] = [:]

    fileprivate init(colours: [UInt32], transparent hasTransparent: Bool) {
        transparent = hasTransparent ? UInt8(colours.count - 1) : nil
        let opaqueCount = colours.count - (hasTransparent ? 1 : 0)
        entries = colours.prefix(opaqueCount).map { SIMD3<Int>(Int($0 >> 16 & 0xFF), Int($0 >> 8 & 0xFF), Int($0 & 0xFF)) }
        var exact: [UInt32: UInt8] = [:]
        for (i, p) in colours.prefix(opaqueCount).enumerated() { exact[p & 0xFF_FFFF] = exact[p & 0xFF_FFFF] ?? UInt8(i) }
        self.exact = exact
        palette = colours + [UInt32](repeating: 0xFF00_0000, count: 256 - colours.count)
    }

    /// The nearest opaque entry to `c`, by a distance weighted by the eye's sensitivity.
    private mutating func nearest(_ c: SIMD3<Int>) -> UInt8 {
        let key = UInt32(c.x) << 16 | UInt32(c.y) << 8 | UInt32(c.z)
        if let hit = nearestCache[key] { return hit }
        var best = 0, bestDistance = Int.max
        for (i, e) in entries.enumerated() {
            let d = e &- c
            // Weighted by the eye's sensitivity (roughly 2:4:3 in sRGB).
            let distance = 2 * d.x * d.x + 4 * d.y * d.y + 3 * d.z * d.z
            if distance < bestDistance { bestDistance = distance; best = i }
        }
        nearestCache[key] = UInt8(best)
        return UInt8(best)
    }

    /// The palette index of every pixel of a `width × height` frame of straight RGBA pixels.
    package mutating func indices(of pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        // The 4×4 Bayer matrix, centred on zero, in steps of an eighth of a 5-bit cell.
        let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
        var indices = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                if let transparent, pixels[o + 3] < 128 {
                    indices[y * width + x] = transparent
                    continue
                }
                let rgb = UInt32(pixels[o]) << 16 | UInt32(pixels[o + 1]) << 8 | UInt32(pixels[o + 2])
                if let hit = exact[rgb] {
                    indices[y * width + x] = hit
                    continue
                }
                let offset = (bayer[(y & 3) * 4 + (x & 3)] - 8) / 2
                let c = SIMD3<Int>(Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2])) &+ SIMD3(repeating: offset)
                indices[y * width + x] = nearest(c.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255)))
            }
        }
        return indices
    }
}
