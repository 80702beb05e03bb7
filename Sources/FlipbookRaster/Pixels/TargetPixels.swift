import FlipbookCore
import Foundation

/// The premultiplied ARGB32 pixels a fast path draws into: an image's memory, described once by the
/// layer that owns the image (see the drawing layer's `TargetPixels(_:)` for a Cairo surface).
package struct TargetPixels {
    /// The image the pixels belong to, as its owner knows it: it tells two targets apart, and the owner
    /// is told through it when the pixels are about to be written and have been (Cairo's flush and
    /// mark-dirty). The fast paths never read it.
    package let image: OpaquePointer
    package let data: UnsafeMutablePointer<UInt8>
    package let rowBytes: Int
    package let width: Int
    package let height: Int
    /// The image's device offset (non-zero inside groups Cairo clipped to an extent).
    package let offsetX: Double
    package let offsetY: Double

    @inlinable @inline(__always)
    package init(image: OpaquePointer, data: UnsafeMutablePointer<UInt8>, rowBytes: Int, width: Int, height: Int,
                 offsetX: Double, offsetY: Double) {
        self.image = image
        self.data = data
        self.rowBytes = rowBytes
        self.width = width
        self.height = height
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// Image pixels as device pixels (offsets are whole pixels, and most often none: a libm call
    /// each otherwise).
    package func device(_ x: Int, _ y: Int, width: Int, height: Int) -> PixelRect {
        PixelRect(x: x - (offsetX == 0 ? 0 : Int(saturating: offsetX)),
                  y: y - (offsetY == 0 ? 0 : Int(saturating: offsetY)), width: width, height: height)
    }

    /// Writes `pixel` into every pixel of `tiles` (a clear that repaints only what was drawn); a
    /// transparent clear is a `memset` of each run's rows. The bytes at offsets `kept` from ``data``
    /// are left alone: the caller is about to write them itself.
    package func fill(_ tiles: DirtyTiles, with pixel: UInt32, except kept: Range<Int> = 0..<0) {
        tiles.forEachRun { x, y, width, height in
            for row in y..<(y + height) {
                let start = row * rowBytes + 4 * x, end = start + 4 * width
                fill(start..<min(end, max(start, kept.lowerBound)), with: pixel)
                fill(max(start, min(end, kept.upperBound))..<end, with: pixel)
            }
        }
    }

    /// Writes `pixel` into the whole pixels at byte offsets `bytes` from ``data``.
    @inline(__always)
    private func fill(_ bytes: Range<Int>, with pixel: UInt32) {
        guard !bytes.isEmpty else { return }
        if pixel == 0 {
            memset(data + bytes.lowerBound, 0, bytes.count)
        } else {
            UnsafeMutableRawPointer(data + bytes.lowerBound).assumingMemoryBound(to: UInt32.self)
                .update(repeating: pixel, count: bytes.count / 4)
        }
    }
}
