import Foundation

/// The running sum of a frame's sub-frames, byte by byte, for motion blur: each sub-frame's
/// premultiplied bytes are added as they are drawn (in any order, from any thread), and the frame is
/// their average, rounded to nearest.
///
/// Integer sums make the order of the additions irrelevant, so the average cannot depend on which
/// worker drew which sub-frame; and `count` equal bytes average to that byte exactly, so a picture
/// that does not move is the same with and without blur.
package final class SubframeSum: @unchecked Sendable {
    // @unchecked: `sums` and `added` are touched only with `lock` held.
    private let lock = NSLock()
    /// The most sub-frames a sum holds: 256 × 255 plus the rounding's 128 still fits its 16-bit sums.
    package static let maximumCount = 256

    package let width: Int
    package let height: Int
    /// How many sub-frames make the frame.
    package let count: Int
    /// `width × 4` sums per row, rows packed.
    private var sums: [UInt16]
    private var added = 0

    /// A sum of `count` sub-frames of `width × height` pixels; `count` is clamped to 1...``maximumCount``.
    package init(width: Int, height: Int, count: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.count = min(max(count, 1), Self.maximumCount)
        sums = [UInt16](repeating: 0, count: self.width * self.height * 4)
    }

    /// Whether every sub-frame has been added.
    package var isComplete: Bool {
        lock.lock()
        defer { lock.unlock() }
        return added >= count
    }

    /// Adds one sub-frame's pixels (the same size as the sum); returns how many have been added,
    /// this one included.
    @discardableResult
    package func add(_ frame: FramePixels) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let rowBytes = width * 4
        let rows = min(height, frame.height)
        let columns = min(rowBytes, frame.width * 4)
        sums.withUnsafeMutableBufferPointer { sums in
            for y in 0..<rows {
                let source = (frame.pixels + y * frame.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                let target = sums.baseAddress! + y * rowBytes
                for x in 0..<columns { target[x] &+= UInt16(source[x]) }
            }
        }
        added += 1
        return added
    }

    /// Writes the average, each byte `(sum + count / 2) / count`, into `pixels` (premultiplied ARGB32
    /// rows `bytesPerRow` apart, the sum's size).
    package func writeAverage(into pixels: UnsafeMutableRawBufferPointer, bytesPerRow: Int) {
        lock.lock()
        defer { lock.unlock() }
        // x / count as (x × m) >> 32 with m = ⌈2³² / count⌉: exact for every x below 2³² / count,
        // far above the largest sum (256 × 255 + 128).
        let divisor = UInt64(count)
        let multiplier = ((UInt64(1) << 32) + divisor - 1) / divisor
        let half = UInt16(count / 2)
        let rowBytes = width * 4
        guard let base = pixels.baseAddress, bytesPerRow >= rowBytes, pixels.count >= bytesPerRow * max(height - 1, 0) + rowBytes
        else { return }
        sums.withUnsafeBufferPointer { sums in
            for y in 0..<height {
                let target = (base + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
                let source = sums.baseAddress! + y * rowBytes
                for x in 0..<rowBytes {
                    target[x] = UInt8(truncatingIfNeeded: (UInt64(source[x] &+ half) &* multiplier) >> 32)
                }
            }
        }
    }
}
