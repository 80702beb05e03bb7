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
package enum FastRing {
    /// Rings with an inner radius below this many pixels (or a width below the minimum) go to Cairo:
    /// Cairo flattens a circle that small into a handful of chords, visibly thinner than the true
    /// ring (a 4 px ring 2 px wide loses 1–3 % of its ink), and such rings are cheap to leave to it.
    static let minimumInnerRadius = 4.0
    static let minimumWidth = 0.25

    /// Strokes `circle` (device pixels) `width` pixels wide with a non-premultiplied colour and
    /// returns the device pixels it drew into, or `nil` without drawing when the ring is not eligible;
    /// the pixels are gathered in `scratch`. The owner of the target's image has been told that its
    /// pixels are written.
    package static func stroke(_ circle: DeviceCircle, width: Double, r: Double, g: Double, b: Double, a: Double,
                               target: TargetPixels, scratch: Scratch) -> PixelRect? {
        stroke(circle, width: width, r: r, g: g, b: b, a: a, target: target, scratch: scratch,
               lanes: NativeLanes.self, kernel: .widest)
    }

    /// ``stroke(_:width:r:g:b:a:target:scratch:)`` with the coverage computed by `kernel`, whose
    /// four-lane form uses `lanes`; the tests compare them.
    package static func stroke<Lanes: FourLanes>(_ circle: DeviceCircle, width: Double, r: Double, g: Double,
                                                 b: Double, a: Double, target: TargetPixels, scratch: Scratch,
                                                 lanes: Lanes.Type, kernel: Kernel) -> PixelRect? {
        switch place(circle, width: width, r: r, g: g, b: b, a: a, target: target) {
        case .declined: return nil
        case .nothing: return PixelRect.none
        case .placed(let ring):
            guard let columns = draw(ring, rows: ring.rows, into: target, scratch: scratch, lanes: Lanes.self,
                                     kernel: kernel)
            else { return PixelRect.none }
            return target.device(columns.lowerBound, ring.rows.lowerBound, width: columns.count,
                                 height: ring.rows.count)
        }
    }

    /// A ring placed on its target, ready to draw: where it is in surface pixels, its edges and colour.
    package struct Placed {
        let cx: Double, cy: Double
        /// How far from the centre a pixel's square can meet the ring, and how far in it lies wholly
        /// inside the hole (the bulge included).
        let outerReach: Double, innerReach: Double
        /// The target's rows the ring can touch.
        let rows: Range<Int>
        let geometry: Geometry
        let colour: Colour

        /// The device pixels it may draw into (the box of its outer reach, within the target).
        package func bounds(on target: TargetPixels) -> PixelRect {
            let left = max(0, WholePixels.floor(cx - outerReach) - 1)
            let right = min(target.width, WholePixels.ceiling(cx + outerReach) + 1)
            return target.device(left, rows.lowerBound, width: max(0, right - left), height: rows.count)
        }
    }

    /// What ``place(_:width:r:g:b:a:target:)`` found.
    package enum Placement {
        case declined
        case nothing
        case placed(Placed)
    }

    /// Decides whether the fast path strokes `circle` on `target`, without drawing.
    package static func place(_ circle: DeviceCircle, width: Double, r: Double, g: Double, b: Double, a: Double,
                      target: TargetPixels) -> Placement {
        let half = width / 2
        // Beyond a million pixels Float distances lose the sub-pixel precision coverage needs.
        guard width >= minimumWidth, circle.radius - half >= minimumInnerRadius,
              abs(circle.centerX) < 1e6, abs(circle.centerY) < 1e6, circle.radius + half < 1e6
        else { return .declined }
        if !(a > 0) { return .nothing }
        let cx = circle.centerX + target.offsetX, cy = circle.centerY + target.offsetY
        let outer = circle.radius + half, inner = circle.radius - half
        // Only pixels whose square meets the ring (its bulge included) are visited, which keeps the
        // work proportional to the ring's own area: for each row, the columns whose squares reach into
        // the outer disk, minus those whose squares lie wholly inside the inner one.
        let outerReach = outer * (1 + bulgeMaximum) + 1e-3, innerReach = inner - 1e-3
        // (The walk over the rows is ring_walk.c's, in CFlipbookKernels.)
        let rowStart = max(0, WholePixels.floor(cy - outerReach))
        let rowEnd = min(target.height, WholePixels.ceiling(cy + outerReach))
        guard rowStart < rowEnd, cx + outerReach > -1, cx - outerReach < Double(target.width) + 1 else {
            return .nothing
        }
        return .placed(Placed(cx: cx, cy: cy, outerReach: outerReach, innerReach: innerReach,
                              rows: rowStart..<rowEnd,
                              geometry: Geometry(outer: Float(outer), inner: Float(inner), radius: Float(circle.radius)),
                              colour: Colour(r: r, g: g, b: b, a: a)))
    }

    /// Draws the ring's rows `rows` (target rows, within ``Placed/rows``) and returns the columns it
    /// drew into, or `nil` when none. Each row's pixels come from that row alone, so a ring drawn in
    /// bands gives the bytes it gives whole.
    static func draw<Lanes: FourLanes>(_ ring: Placed, rows: Range<Int>, into target: TargetPixels, scratch: Scratch,
                                       lanes: Lanes.Type, kernel: Kernel) -> Range<Int>? {
        var groups = GroupBuffer(geometry: ring.geometry, colour: ring.colour, kernel: kernel, lanes: Lanes.self,
                                 capacity: max(512, target.width / 4 + 4), scratch: scratch)
        var walk = flipbook_ring_walk(data: target.data, rowBytes: target.rowBytes, surfaceWidth: target.width,
                                      cx: ring.cx, cy: ring.cy, outerReach: ring.outerReach,
                                      innerReach: ring.innerReach, row: rows.lowerBound, rowEnd: rows.upperBound,
                                      wideSpans: kernel == .avx512, dirtyMin: target.width, dirtyMax: 0)
        groups.blend(walking: &walk)
        return walk.dirtyMin < walk.dirtyMax ? walk.dirtyMin..<walk.dirtyMax : nil
    }
}
