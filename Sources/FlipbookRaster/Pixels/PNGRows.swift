// A picture's pixels as a PNG's rows, before compression: straight colour, each row filtered.
extension FramePixels {
    /// Whether every pixel is opaque (the PNG then needs no alpha channel).
    package var isOpaque: Bool {
        // The alphas of a row ANDed together without a branch, which the compiler turns into vector
        // code: this scan runs alone before the strips, so its time is not shared among cores.
        for y in 0..<height {
            let row = (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            var alphas: UInt32 = 0xFF00_0000
            for x in 0..<width { alphas &= row[x] }
            if alphas != 0xFF00_0000 { return false }
        }
        return true
    }

    /// The rows as PNG samples, `channels` a pixel (3: RGB, 4: RGBA), straight colour, to be
    /// filtered strip by strip (``PNGRowSource``).
    package func pngRows(channels: Int) -> PNGRowSource {
        PNGRowSource(width: width, height: height, channels: channels) { y, row in
            unpremultiplyRow(y, into: row, channels: channels)
        }
    }

    /// Row `y` as straight samples, un-premultiplied exactly as Cairo's PNG writer does (cairo-png.c).
    private func unpremultiplyRow(_ y: Int, into out: UnsafeMutableBufferPointer<UInt8>, channels: Int) {
        let row = pixels + y * bytesPerRow
        for x in 0..<width {
            let word = row.load(fromByteOffset: 4 * x, as: UInt32.self)
            let a = word >> 24
            var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
            if a != 255 && a != 0 {
                r = (r * 255 + a / 2) / a
                g = (g * 255 + a / 2) / a
                b = (b * 255 + a / 2) / a
            } else if a == 0 {
                r = 0; g = 0; b = 0
            }
            let offset = x * channels
            out[offset] = UInt8(truncatingIfNeeded: r)
            out[offset + 1] = UInt8(truncatingIfNeeded: g)
            out[offset + 2] = UInt8(truncatingIfNeeded: b)
            if channels == 4 { out[offset + 3] = UInt8(truncatingIfNeeded: a) }
        }
    }
}

/// `height` rows of `width × channels` straight samples, each made by `makeRow(y, row)`, which is
/// called from several threads at once (each call writes only its own `row`).
///
/// Each row gets "Sub" (each byte minus the same channel of the pixel to its left) or "Up" (minus
/// the byte above), whichever leaves the smaller sum of absolute differences (libpng's heuristic,
/// on a sample of the row):
/// Sub turns flat runs into zeros, Up repeats rows that differ little from the one above (vertical
/// edges, gradients down the picture). Paeth and Average, which libpng also tries, cost more time
/// than drawn graphics repay.
package struct PNGRowSource {
    let width: Int
    let height: Int
    let channels: Int
    let makeRow: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void

    /// A filtered row's bytes: its filter type, then its samples.
    var filteredRowBytes: Int { 1 + width * channels }

    /// Rows `rows` filtered, each led by its filter type, written to `out` (`rows.count ×
    /// filteredRowBytes` bytes). The row above the first is made again, so strips are independent.
    func filter(_ rows: Range<Int>, into out: UnsafeMutablePointer<UInt8>) {
        let sampleBytes = width * channels
        var above = [UInt8](repeating: 0, count: sampleBytes), current = above
        if rows.lowerBound > 0 { above.withUnsafeMutableBufferPointer { makeRow(rows.lowerBound - 1, $0) } }
        for y in rows {
            current.withUnsafeMutableBufferPointer { makeRow(y, $0) }
            above.withUnsafeBufferPointer { up in
                current.withUnsafeBufferPointer { row in
                    filterPNGRow(row, above: up, channels: channels, into: out + (y - rows.lowerBound) * filteredRowBytes)
                }
            }
            swap(&above, &current)
        }
    }
}

/// Writes `row` filtered, led by its filter type, at `out`.
private func filterPNGRow(_ row: UnsafeBufferPointer<UInt8>, above: UnsafeBufferPointer<UInt8>, channels: Int,
                          into out: UnsafeMutablePointer<UInt8>) {
    // The sums of |byte| taken as signed, as libpng weighs a filter's output, over every 13th
    // byte (an odd step, so every channel is sampled): on the 4K storm still the sample chose as
    // well as every byte did, at a sixth of the cost.
    var sub = 0, up = 0
    for i in stride(from: channels, to: row.count, by: 13) {
        sub &+= Int(Int8(bitPattern: row[i] &- row[i - channels]).magnitude)
        up &+= Int(Int8(bitPattern: row[i] &- above[i]).magnitude)
    }
    if up < sub {
        out[0] = 2
        for i in 0..<row.count { out[1 + i] = row[i] &- above[i] }
    } else {
        out[0] = 1
        for i in 0..<channels where i < row.count { out[1 + i] = row[i] }
        if row.count > channels {
            for i in channels..<row.count { out[1 + i] = row[i] &- row[i - channels] }
        }
    }
}
