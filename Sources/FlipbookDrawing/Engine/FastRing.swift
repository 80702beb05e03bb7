import CCairo
import CFlipbookKernels
import Foundation

/// A fast path for stroking a circle with a solid colour (ripples): an analytic anti-aliased ring.
///
/// Cairo strokes a circle by flattening its four cubics, offsetting them into a polygon and scan
/// converting that, over the whole circle, even when only a sliver of a huge ring is on the canvas; at
/// 1,000 rings per frame that dominates a ripple frame. Here each pixel's coverage is computed from its
/// distance to the centre, only over the ring's own pixels: per row, the spans between the outer and
/// inner circles (clipped to the target, rows off the target skipped). The coverage model is in
/// FastRingCoverage.swift, the blend (Cairo's own arithmetic) in FastRingBlend.swift; the pixels are
/// gathered in groups of four and blended several groups at a time (FastRingGroups.swift), by the
/// AVX-512 or AVX2 kernel in CFlipbookKernels where the CPU has it and by the same arithmetic in Swift
/// otherwise.
///
/// Declines (returns `nil`) for rings too thin or too small to trust the model, and for targets it
/// cannot write; callers then use Cairo.
enum FastRing {
    /// Rings with an inner radius below this many pixels (or a width below the minimum) go to Cairo:
    /// Cairo flattens a circle that small into a handful of chords, visibly thinner than the true
    /// ring (a 4 px ring 2 px wide loses 1–3 % of its ink), and such rings are cheap to leave to it.
    static let minimumInnerRadius = 4.0
    static let minimumWidth = 0.25

    /// Strokes `circle` (device pixels) `width` pixels wide with a non-premultiplied colour and
    /// returns the device pixels it drew into; the pixels are gathered in `scratch`.
    static func stroke(_ circle: DeviceCircle, width: Double, r: Double, g: Double, b: Double, a: Double,
                       target: OpaquePointer, scratch: Scratch) -> PixelRect? {
        stroke(circle, width: width, r: r, g: g, b: b, a: a, target: target, scratch: scratch,
               lanes: NativeLanes.self, kernel: .widest)
    }

    /// ``stroke(_:width:r:g:b:a:target:scratch:)`` with the coverage computed by `kernel`, whose
    /// four-lane form uses `lanes`; the tests compare them.
    static func stroke<Lanes: FourLanes>(_ circle: DeviceCircle, width: Double, r: Double, g: Double, b: Double,
                                         a: Double, target: OpaquePointer, scratch: Scratch, lanes: Lanes.Type,
                                         kernel: Kernel) -> PixelRect? {
        let half = width / 2
        // Beyond a million pixels Float distances lose the sub-pixel precision coverage needs.
        guard width >= minimumWidth, circle.radius - half >= minimumInnerRadius,
              abs(circle.centerX) < 1e6, abs(circle.centerY) < 1e6, circle.radius + half < 1e6,
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(target)
        else { return nil }
        if !(a > 0) { return PixelRect.none }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let surfaceWidth = Int(cairo_image_surface_get_width(target))
        let surfaceHeight = Int(cairo_image_surface_get_height(target))
        let rowBytes = Int(cairo_image_surface_get_stride(target))
        let cx = circle.centerX + offsetX, cy = circle.centerY + offsetY
        let outer = circle.radius + half, inner = circle.radius - half
        // Only pixels whose square meets the ring (its bulge included) are visited, which keeps the
        // work proportional to the ring's own area: for each row, the columns whose squares reach into
        // the outer disk, minus those whose squares lie wholly inside the inner one.
        let outerReach = outer * (1 + bulgeMaximum) + 1e-3, innerReach = inner - 1e-3
        // (The walk over the rows is ring_walk.c's, in CFlipbookKernels.)
        let rowStart = max(0, floor(cy - outerReach))
        let rowEnd = min(surfaceHeight, ceiling(cy + outerReach))
        guard rowStart < rowEnd, cx + outerReach > -1, cx - outerReach < Double(surfaceWidth) + 1 else { return PixelRect.none }

        let colour = Colour(r: r, g: g, b: b, a: a)
        let geometry = Geometry(outer: Float(outer), inner: Float(inner), radius: Float(circle.radius))
        cairo_surface_flush(target)
        var groups = GroupBuffer(geometry: geometry, colour: colour, kernel: kernel, lanes: Lanes.self,
                                 capacity: max(512, surfaceWidth / 4 + 4), scratch: scratch)
        var walk = flipbook_ring_walk(data: data, rowBytes: rowBytes, surfaceWidth: surfaceWidth, cx: cx, cy: cy,
                                      outerReach: outerReach, innerReach: innerReach, row: rowStart, rowEnd: rowEnd,
                                      wideSpans: kernel == .avx512, dirtyMin: surfaceWidth, dirtyMax: 0)
        groups.blend(walking: &walk)
        let dirtyMin = walk.dirtyMin, dirtyMax = walk.dirtyMax
        guard dirtyMin < dirtyMax else { return PixelRect.none }
        let drawn = PixelRect(x: dirtyMin - Int(offsetX.rounded()), y: rowStart - Int(offsetY.rounded()),
                              width: dirtyMax - dirtyMin, height: rowEnd - rowStart)
        cairo_surface_mark_dirty_rectangle(target, Int32(drawn.x), Int32(drawn.y), Int32(drawn.width), Int32(drawn.height))
        return drawn
    }

    // Without SSE4.1 (x86-64's baseline), `rounded(.down)` is a call into libm; four per row added up.
    @inline(__always)
    static func floor(_ x: Double) -> Int {
        let i = Int(x)
        return Double(i) > x ? i - 1 : i
    }

    @inline(__always)
    static func ceiling(_ x: Double) -> Int {
        let i = Int(x)
        return Double(i) < x ? i + 1 : i
    }
}
