import FlipbookCore
import Foundation

/// Core Graphics' plusDarker blend mode, which Cairo lacks, computed on premultiplied pixels.
///
/// For opaque colours Apple defines it as `R = max(0, 1 − ((1 − D) + (1 − S)))`. With premultiplied
/// components the canvas computes
///
///     Ra = min(1, Sa + Da)
///     Rc = max(0, Ra − (Sa − Sc) − (Da − Dc))
///
/// which is Apple's formula when both are opaque, leaves the destination unchanged where the source is
/// transparent, and the source where the destination is.
package enum PlusDarker {
    /// Composites `group` (drawn over transparency, so coverage is in its alpha) onto `target` over
    /// the device rectangle `extents`, and returns the pixels of the target's image it wrote (device
    /// pixels moved by the image's offset). The owner of the target's image has been told that its
    /// pixels are written.
    package static func composite(group: TargetPixels, onto target: TargetPixels, extents: CGRect) -> PixelRect {
        // Device pixel (x, y) is pixel (x + offset) in each image.
        let so = (Int(saturating: group.offsetX), Int(saturating: group.offsetY))
        let to = (Int(saturating: target.offsetX), Int(saturating: target.offsetY))
        let x0 = max(Int(extents.minX), -so.0, -to.0), x1 = min(Int(extents.maxX), group.width - so.0, target.width - to.0)
        let y0 = max(Int(extents.minY), -so.1, -to.1), y1 = min(Int(extents.maxY), group.height - so.1, target.height - to.1)
        guard x0 < x1, y0 < y1 else { return PixelRect.none }

        for y in y0..<y1 {
            let sRow = UnsafeRawPointer(group.data + (y + so.1) * group.rowBytes).assumingMemoryBound(to: UInt32.self)
            let tRow = UnsafeMutableRawPointer(target.data + (y + to.1) * target.rowBytes)
                .assumingMemoryBound(to: UInt32.self)
            for x in x0..<x1 {
                let s = sRow[x + so.0]
                guard s != 0 else { continue }
                tRow[x + to.0] = blend(source: s, destination: tRow[x + to.0])
            }
        }
        return PixelRect(x: x0 + to.0, y: y0 + to.1, width: x1 - x0, height: y1 - y0)
    }

    /// One premultiplied ARGB32 pixel.
    @inline(__always)
    static func blend(source s: UInt32, destination d: UInt32) -> UInt32 {
        let sa = Int(s >> 24), da = Int(d >> 24)
        let ra = min(255, sa + da)
        var result = UInt32(ra) << 24
        for shift in [16, 8, 0] as [UInt32] {
            let sc = Int((s >> shift) & 0xFF), dc = Int((d >> shift) & 0xFF)
            let rc = max(0, ra - (sa - sc) - (da - dc))
            result |= UInt32(min(rc, ra)) << shift
        }
        return result
    }
}
