import CCairo
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
enum PlusDarker {
    /// Composites the group in `group` (drawn over transparency, so coverage is in its alpha) onto
    /// `target` over the device rectangle `extents`. Returns `false` when either surface is not an
    /// ARGB32 image (the caller then falls back to Cairo's multiply).
    static func composite(group: OpaquePointer, onto target: OpaquePointer?, extents: CGRect) -> Bool {
        guard let target else { return false }
        var groupSurface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &groupSurface) == CAIRO_STATUS_SUCCESS,
              let source = groupSurface,
              cairo_surface_get_type(source) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
        else { return false }
        cairo_surface_flush(source)
        cairo_surface_flush(target)
        var sdx = 0.0, sdy = 0.0, tdx = 0.0, tdy = 0.0
        cairo_surface_get_device_offset(source, &sdx, &sdy)
        cairo_surface_get_device_offset(target, &tdx, &tdy)
        let sw = Int(cairo_image_surface_get_width(source)), sh = Int(cairo_image_surface_get_height(source))
        let tw = Int(cairo_image_surface_get_width(target)), th = Int(cairo_image_surface_get_height(target))
        let sStride = Int(cairo_image_surface_get_stride(source))
        let tStride = Int(cairo_image_surface_get_stride(target))
        guard let sData = cairo_image_surface_get_data(source), let tData = cairo_image_surface_get_data(target)
        else { return false }

        // Device pixel (x, y) is pixel (x + offset) in each surface.
        let so = (Int(sdx.rounded()), Int(sdy.rounded())), to = (Int(tdx.rounded()), Int(tdy.rounded()))
        let x0 = max(Int(extents.minX), -so.0, -to.0), x1 = min(Int(extents.maxX), sw - so.0, tw - to.0)
        let y0 = max(Int(extents.minY), -so.1, -to.1), y1 = min(Int(extents.maxY), sh - so.1, th - to.1)
        guard x0 < x1, y0 < y1 else { return true }

        for y in y0..<y1 {
            let sRow = UnsafeRawPointer(sData + (y + so.1) * sStride).assumingMemoryBound(to: UInt32.self)
            let tRow = UnsafeMutableRawPointer(tData + (y + to.1) * tStride).assumingMemoryBound(to: UInt32.self)
            for x in x0..<x1 {
                let s = sRow[x + so.0]
                guard s != 0 else { continue }
                tRow[x + to.0] = blend(source: s, destination: tRow[x + to.0])
            }
        }
        cairo_surface_mark_dirty_rectangle(target, Int32(x0 + to.0), Int32(y0 + to.1), Int32(x1 - x0), Int32(y1 - y0))
        return true
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
