import CFlipbookKernels
import Foundation

/// The running sum of a frame's sub-frames, byte by byte, for motion blur: each sub-frame's
/// premultiplied bytes are added as they are drawn (in any order, from any thread), and the frame is
/// their average, rounded to nearest.
///
/// Integer sums make the order of the additions irrelevant, so the average cannot depend on which
/// worker drew which sub-frame; and `count` equal bytes average to that byte exactly, so a picture
/// that does not move is the same with and without blur.
///
/// Only the tiles a sub-frame drew are added (``FramePixels/dirtyTiles``): the rest of it holds the
/// pixel it was cleared to (``clearPixel``, that of the first sub-frame cleared), which the average
/// counts once for each sub-frame that left a tile clear. A sub-frame cleared to another pixel, or
/// not known to be cleared, is added whole. The adding and the dividing are the C kernels
/// `flipbook_subframe_add` and `flipbook_subframe_average`.
package final class SubframeSum: @unchecked Sendable {
    // @unchecked: every mutable property below is touched only with `lock` held; `sums` is owned here
    // and freed in deinit.
    private let lock = NSLock()
    /// The most sub-frames a sum holds: 256 × 255 plus the rounding's 128 still fits its 16-bit sums.
    package static let maximumCount = 256

    package let width: Int
    package let height: Int
    /// How many sub-frames make the frame.
    package let count: Int
    private let kernel: InstructionSet
    /// `width × 4` sums per row, rows packed; a tile's sums are written by the first sub-frame that
    /// reaches it and read only where ``tiles`` says some sub-frame has.
    private let sums: UnsafeMutablePointer<UInt16>
    /// Per tile, row by row, how many sub-frames have been added to its sums.
    private var contributions: [UInt16]
    private var drawn: DirtyTiles
    private var reference: UInt32?
    private var added = 0

    /// A sum of `count` sub-frames of `width × height` pixels; `count` is clamped to 1...``maximumCount``.
    /// `kernel` is the instruction set the sums are added and averaged with (the same bytes on each).
    package init(width: Int, height: Int, count: Int, kernel: InstructionSet = .widest) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.count = min(max(count, 1), Self.maximumCount)
        self.kernel = kernel
        sums = .allocate(capacity: max(1, self.width * self.height * 4))
        drawn = DirtyTiles(width: self.width, height: self.height)
        contributions = [UInt16](repeating: 0, count: drawn.columns * drawn.rows)
    }

    deinit {
        sums.deallocate()
    }

    /// Whether every sub-frame has been added.
    package var isComplete: Bool {
        lock.lock()
        defer { lock.unlock() }
        return added >= count
    }

    /// The pixel the sub-frames' undrawn tiles hold, which the average holds outside ``tiles``; `nil`
    /// when every sub-frame was added whole (then ``tiles`` is every tile).
    package var clearPixel: UInt32? {
        lock.lock()
        defer { lock.unlock() }
        return reference
    }

    /// The tiles any sub-frame added so far drew: where ``writeAverage(into:bytesPerRow:)`` writes.
    package var tiles: DirtyTiles {
        lock.lock()
        defer { lock.unlock() }
        return drawn
    }

    /// Adds one sub-frame's pixels; returns how many have been added, this one included. A frame of
    /// another size than the sum's adds nothing: the average counts it as cleared to ``clearPixel``.
    @discardableResult
    package func add(_ frame: FramePixels) -> Int {
        lock.lock()
        defer { lock.unlock() }
        added += 1
        guard frame.width == width, frame.height == height, frame.bytesPerRow >= width * 4 else { return added }
        if reference == nil { reference = frame.clearPixel }
        var tiles = frame.dirtyTiles
        if frame.clearPixel == nil || frame.clearPixel != reference || tiles.width != width || tiles.height != height {
            tiles = DirtyTiles(width: width, height: height)
            tiles.markAll()
        }
        forEachSpan(of: tiles) { x, y, spanWidth, spanHeight, tileCount in
            var add = flipbook_subframe_add(
                pixels: (frame.pixels + y * frame.bytesPerRow + 4 * x).assumingMemoryBound(to: UInt8.self),
                pixelRowBytes: frame.bytesPerRow, sums: sums + y * width * 4 + 4 * x, sumRowLength: width * 4,
                bytes: 4 * spanWidth, rows: spanHeight, replaces: tileCount == 0)
            switch kernel {
            case .baseline: flipbook_subframe_add_portable(&add)
            case .avx2: flipbook_subframe_add_avx2(&add)
            case .avx512: flipbook_subframe_add_avx512(&add)
            }
        }
        tiles.forEachRun { x, y, spanWidth, _ in
            let row = y / DirtyTiles.size
            for column in (x / DirtyTiles.size)..<((x + spanWidth + DirtyTiles.size - 1) / DirtyTiles.size) {
                contributions[row * drawn.columns + column] += 1
            }
        }
        drawn.formUnion(tiles)
        return added
    }

    /// Writes the average of ``tiles``, each byte `(sum + count / 2) / count` with every sub-frame that
    /// left a tile clear counted as ``clearPixel``, into `pixels` (premultiplied ARGB32 rows
    /// `bytesPerRow` apart, the sum's size). The pixels outside ``tiles`` are left as they are.
    package func writeAverage(into pixels: UnsafeMutableRawBufferPointer, bytesPerRow: Int) {
        lock.lock()
        defer { lock.unlock() }
        let rowBytes = width * 4
        guard let base = pixels.baseAddress, bytesPerRow >= rowBytes, pixels.count >= bytesPerRow * max(height - 1, 0) + rowBytes
        else { return }
        // x / count as (x × m) >> 32 with m = ⌈2³² / count⌉: exact for every x below 2³² / count,
        // far above the largest sum (256 × 255 + 128).
        let divisor = UInt64(count)
        let multiplier = ((UInt64(1) << 32) + divisor - 1) / divisor
        let clear = reference ?? 0
        forEachSpan(of: drawn) { x, y, spanWidth, spanHeight, tileCount in
            // Each sub-frame not added here left these tiles holding the clear pixel.
            let missing = UInt32(count - Int(tileCount))
            func addend(_ byte: Int) -> UInt32 { missing * ((clear >> UInt32(8 * byte)) & 0xFF) + UInt32(count / 2) }
            var average = flipbook_subframe_average(
                sums: sums + y * rowBytes + 4 * x, sumRowLength: rowBytes,
                pixels: (base + y * bytesPerRow + 4 * x).assumingMemoryBound(to: UInt8.self), pixelRowBytes: bytesPerRow,
                bytes: 4 * spanWidth, rows: spanHeight, addends: (addend(0), addend(1), addend(2), addend(3)),
                multiplier: multiplier)
            switch kernel {
            case .baseline: flipbook_subframe_average_portable(&average)
            case .avx2: flipbook_subframe_average_avx2(&average)
            case .avx512: flipbook_subframe_average_avx512(&average)
            }
        }
    }

    /// Calls `body` for each horizontal span of `tiles` whose tiles have all had the same number of
    /// sub-frames added (`tileCount`), in pixels, top to bottom, left to right. Call with `lock` held.
    private func forEachSpan(of tiles: DirtyTiles,
                             _ body: (_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ tileCount: UInt16) -> Void) {
        let size = DirtyTiles.size
        tiles.forEachRun { x, y, runWidth, runHeight in
            let row = y / size, end = x + runWidth
            var start = x
            while start < end {
                let tileCount = contributions[row * drawn.columns + start / size]
                var next = min(end, (start / size + 1) * size)
                while next < end, contributions[row * drawn.columns + next / size] == tileCount {
                    next = min(end, next + size)
                }
                body(start, y, next - start, runHeight, tileCount)
                start = next
            }
        }
    }
}
