import CCairo
import Foundation

/// The image surface a plan draws into: its pixels and geometry, read once when the plan binds to it.
struct PlanTarget {
    let surface: OpaquePointer
    let data: UnsafeMutablePointer<UInt8>
    let rowBytes: Int
    let width: Int
    let height: Int
    /// Cairo's device offset: a group's surface is offset by the group's origin.
    let offsetX: Double
    let offsetY: Double

    /// The surface as a plan target; `nil` unless it is an ARGB32 image surface with pixels.
    init?(_ surface: OpaquePointer) {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(surface)
        else { return nil }
        self.surface = surface
        self.data = data
        rowBytes = Int(cairo_image_surface_get_stride(surface))
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        var x = 0.0, y = 0.0
        cairo_surface_get_device_offset(surface, &x, &y)
        offsetX = x
        offsetY = y
    }
}

/// The drawing commands the canvas's own rasterizers take (solid fills, rings), recorded in order and
/// drawn band by band.
///
/// Drawing each small shape straight into a 1080p frame reads and writes pixel rows scattered over
/// 8 MB: nearly all of the time went to waiting for those rows to arrive from memory (a profile of
/// 10,000 confetti rectangles put 58 % on the one instruction loading the destination). A plan
/// instead keeps the shapes until something else needs the pixels, then cuts the target into bands
/// of ``bandHeight`` rows and draws each band with every shape that touches it, in the order the
/// shapes were drawn, while the band's pixels stay in the cache. A pixel belongs to one band and
/// each shape's rows are computed from the shape alone, so the pixels equal drawing the shapes one
/// after another.
///
/// The plan is flushed before any other use of the Cairo context (``DrawingSession/cr`` does it), so
/// Cairo's drawing and the plan's interleave in program order.
package final class DrawPlan {
    /// Rows per band: 64 rows of a 1920-pixel frame are 480 KiB, inside the L2 cache of the machines
    /// this runs on (512 KiB to 2 MiB per core); `flipbook-bench canvas` measured 16 to 128 alike
    /// within a few percent, 8 noticeably slower.
    static let bandHeight = 64

    /// One recorded shape.
    enum Shape {
        case polygon(FastFillRasterizer.Polygon)
        case ring(FastRing.Ring)

        /// The surface rows the shape may touch.
        var rows: Range<Int> {
            switch self {
            case .polygon(let p): return p.y..<(p.y + p.height)
            case .ring(let r): return r.rows
            }
        }
    }

    /// Whether shapes wait for the next flush or are drawn as they are recorded, shape by shape (as
    /// before plans existed), which tests and the benchmark use to compare the two.
    var defersDrawing = DrawPlan.defersByDefault {
        didSet { if !defersDrawing { flush() } }
    }

    /// ``defersDrawing`` for new plans: `flipbook-bench --immediate` turns it off for a whole run.
    /// Set it before drawing starts; tests set ``CairoCanvas/defersFastPaths`` per drawing instead.
    package nonisolated(unsafe) static var defersByDefault = true

    /// The surface the recorded shapes draw into, while there are any.
    private var target: PlanTarget?
    private var shapes: [Shape] = []
    /// Polygon outlines, in surface pixels (see ``FastFillRasterizer/Polygon``).
    var xs: [Float] = []
    var ys: [Float] = []

    /// Flattens paths for ``FastFillRasterizer/record(_:matrix:r:g:b:a:target:into:)``.
    let outlines = FastFillRasterizer()
    private var coverage: [Float] = []
    private var bandStarts: [Int] = []
    private var bandShapes: [Int32] = []
    private let masks = UnsafeMutablePointer<UInt32>.allocate(capacity: 8)

    deinit {
        masks.deallocate()
    }

    /// Makes `surface` the target, drawing what was recorded for another surface first; `nil` when
    /// the surface cannot be a target (the caller then draws with Cairo).
    ///
    /// The surface's geometry is read again whenever nothing is pending: a surface freed after a
    /// flush (a layer's group) can be followed by a new one at the same address.
    func bind(_ surface: OpaquePointer) -> PlanTarget? {
        if let target, !shapes.isEmpty, surface == target.surface { return target }
        flush()
        target = PlanTarget(surface)
        return target
    }

    /// Records a shape (after its outline, if any, was appended to ``xs`` and ``ys``).
    func append(_ shape: Shape) {
        shapes.append(shape)
        if !defersDrawing { flush() }
    }

    /// Draws every recorded shape into the target and forgets them.
    func flush() {
        guard !shapes.isEmpty, let target else { return }
        cairo_surface_flush(target.surface)
        let bands = (target.height + Self.bandHeight - 1) / Self.bandHeight
        bin(bands: bands, height: target.height)
        var coverage = self.coverage
        self.coverage = []
        xs.withUnsafeBufferPointer { px in
            ys.withUnsafeBufferPointer { py in
                guard let px = px.baseAddress, let py = py.baseAddress else {
                    drawBands(bands, target: target, xs: nil, ys: nil, coverage: &coverage)
                    return
                }
                drawBands(bands, target: target, xs: px, ys: py, coverage: &coverage)
            }
        }
        self.coverage = coverage
        cairo_surface_mark_dirty(target.surface)
        shapes.removeAll(keepingCapacity: true)
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
    }

    /// Lists, per band, the shapes touching it in drawing order (a counting sort, so order is kept):
    /// band `k`'s shapes are `bandShapes[bandStarts[k] ..< bandStarts[k + 1]]`.
    private func bin(bands: Int, height: Int) {
        bandStarts.removeAll(keepingCapacity: true)
        bandStarts.append(contentsOf: repeatElement(0, count: bands + 1))
        var total = 0
        for shape in shapes {
            guard let range = bandRange(shape.rows, height: height) else { continue }
            for band in range { bandStarts[band + 1] += 1 }
            total += range.count
        }
        for band in 0..<bands { bandStarts[band + 1] += bandStarts[band] }
        bandShapes.removeAll(keepingCapacity: true)
        bandShapes.append(contentsOf: repeatElement(0, count: total))
        var next = bandStarts
        for (index, shape) in shapes.enumerated() {
            guard let range = bandRange(shape.rows, height: height) else { continue }
            for band in range {
                bandShapes[next[band]] = Int32(truncatingIfNeeded: index)
                next[band] += 1
            }
        }
    }

    /// The bands rows `rows` fall in, or `nil` when none is on the target.
    private func bandRange(_ rows: Range<Int>, height: Int) -> ClosedRange<Int>? {
        let first = max(rows.lowerBound, 0), last = min(rows.upperBound, height) - 1
        guard first <= last else { return nil }
        return (first / Self.bandHeight)...(last / Self.bandHeight)
    }

    private func drawBands(_ bands: Int, target: PlanTarget, xs: UnsafePointer<Float>?, ys: UnsafePointer<Float>?,
                           coverage: inout [Float]) {
        for band in 0..<bands {
            let rows = (band * Self.bandHeight)..<min((band + 1) * Self.bandHeight, target.height)
            for slot in bandStarts[band]..<bandStarts[band + 1] {
                switch shapes[Int(bandShapes[slot])] {
                case .polygon(let polygon):
                    guard let xs, let ys else { continue }
                    FastFillRasterizer.draw(polygon, rows: rows, xs: xs, ys: ys, coverage: &coverage, into: target)
                case .ring(let ring):
                    FastRing.draw(ring, rows: rows, into: target, masks: masks)
                }
            }
        }
    }
}
