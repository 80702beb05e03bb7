import Foundation

/// Where premultiplied ARGB32 pixels are not transparent: per band of ``bandHeight`` rows, the
/// columns from the first to the last non-zero pixel of any of its rows.
///
/// A picture drawn into a buffer of its own (a Lottie frame) is copied or composited onto the frame
/// over its ink alone, and only the ink's tiles are marked drawn, so that what the frame's next clear
/// and its conversion to video touch is what was drawn, not the whole box.
package struct PixelInk: Equatable {
    /// The rows of a band: the dirty tiles' side, so the bands' spans mark tiles exactly.
    package static let bandHeight = DirtyTiles.size

    /// One band's ink: rows `rows`, columns `columns`, relative to the pixels scanned.
    package struct Band: Equatable {
        package var rows: Range<Int>
        package var columns: Range<Int>
    }

    /// The bands holding ink, top to bottom.
    package private(set) var bands: [Band] = []

    /// The ink of the `width × height` pixels at `pixels`, rows `rowBytes` apart.
    package init(pixels: UnsafeRawPointer, width: Int, height: Int, rowBytes: Int) {
        var top = 0
        while top < height {
            let rows = top..<min(top + Self.bandHeight, height)
            var first = width, last = -1
            for row in rows {
                let line = pixels + row * rowBytes
                let words = line.assumingMemoryBound(to: UInt32.self)
                // From the left up to the band's leftmost ink so far, then from the right down to its
                // rightmost: the columns already inside the band's span are never read. Clear pixels
                // are skipped eight at a time.
                var x = 0
                while x + 8 <= first, Self.clearOctet(line + 4 * x) { x += 8 }
                while x < first, words[x] == 0 { x += 1 }
                if x == width { continue }
                if x < first { first = x }
                var end = width
                while end - 8 > last, Self.clearOctet(line + 4 * (end - 8)) { end -= 8 }
                end -= 1
                while end > last, words[end] == 0 { end -= 1 }
                if end > last { last = end }
            }
            if first <= last { bands.append(Band(rows: rows, columns: first..<(last + 1))) }
            top = rows.upperBound
        }
    }

    /// Whether the eight pixels at `pixels` are all transparent.
    @inline(__always)
    private static func clearOctet(_ pixels: UnsafeRawPointer) -> Bool {
        let a = pixels.loadUnaligned(as: UInt64.self), b = pixels.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let c = pixels.loadUnaligned(fromByteOffset: 16, as: UInt64.self), d = pixels.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        return (a | b | c | d) == 0
    }

    /// Copies the ink of the scanned pixels at `source` (rows `sourceRowBytes` apart) into `target`
    /// with its top-left at target pixel (`x`, `y`): what compositing them over transparent pixels
    /// gives. Each band must lie within the target.
    package func copy(from source: UnsafeRawPointer, sourceRowBytes: Int, to target: TargetPixels, x: Int, y: Int) {
        for band in bands {
            let bytes = 4 * band.columns.count
            for row in band.rows {
                let from = source + row * sourceRowBytes + 4 * band.columns.lowerBound
                let to = target.data + (y + row) * target.rowBytes + 4 * (x + band.columns.lowerBound)
                UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: bytes)
            }
        }
    }

    /// The bands as target pixels, with the scanned pixels' top-left at (`x`, `y`).
    package func rects(x: Int, y: Int) -> [PixelRect] {
        bands.map { PixelRect(x: x + $0.columns.lowerBound, y: y + $0.rows.lowerBound,
                              width: $0.columns.count, height: $0.rows.count) }
    }
}
