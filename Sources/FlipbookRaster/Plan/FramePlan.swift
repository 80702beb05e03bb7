/// The fast fills and rings drawn into one target, recorded in drawing order and then drawn band by
/// band: each band of ``bandHeight`` rows gets every recorded shape that reaches into it, in order,
/// each clipped to the band's rows, so the band's pixels are read and written while they are in the
/// cache rather than once per shape wherever the shapes fall.
///
/// A shape's rows do not depend on which other rows are drawn (the fill's window finds each row from
/// the row alone, the coverage cells are found whole and only the band's rows blended, the ring's walk
/// is per row), so a planned frame has the bytes of the same shapes drawn one by one. Anything the
/// plan does not take (Cairo's drawing, images, text, layers, reading the pixels) first draws what is
/// planned: the drawing session does that whenever its Cairo context is asked for.
package final class FramePlan {
    /// Rows per band: 64 rows of a 1920-pixel frame are 480 kB, within a core's L2 cache. A multiple
    /// of the dirty tiles' size, so a band holds whole tiles.
    package static let bandHeight = 64

    /// Whether bitmaps plan their drawing unless told otherwise (``Bitmap/drawsInBands``): no, on
    /// measurement. On this project's machine (AMD Zen 5, 32 MB of L3 cache per core complex), one
    /// core, the same bytes either way: at 1920×1080 (an 8 MB frame, which stays in the L3 cache
    /// between shapes) the plan cost 3–8 % (its recording, and a second pass over every shape that
    /// straddles two bands); at 3840×2160 (33 MB), drawn and converted to yuv420p, the ripples took
    /// 2–8 % less in bands and the confetti 0–10 % more. `flipbook-bench canvas … --bands` measures it.
    package static let isOnByDefault = false

    /// The bands of a target `height` rows tall, top to bottom.
    package static func bands(height: Int) -> LazyMapSequence<StrideTo<Int>, Range<Int>> {
        stride(from: 0, to: height, by: bandHeight).lazy.map { $0..<min(height, $0 + bandHeight) }
    }

    /// Shapes a plan holds at most before it is drawn, which bounds its memory (about 3 MB of
    /// shapes and points for confetti).
    package static let capacity = 32_768

    fileprivate enum Shape {
        case fill(FastFillRasterizer.Placed, firstPoint: Int, pointCount: Int)
        case ring(FastRing.Placed)

        var rows: Range<Int> {
            switch self {
            case .fill(let fill, _, _): return fill.originY..<(fill.originY + fill.height)
            case .ring(let ring): return ring.rows
            }
        }
    }

    /// Everything the plan holds, behind a pointer the class never reassigns: a stored property of a
    /// class pays for an exclusivity check (and arrays for reference counting) on every access, which
    /// cost a tenth of a confetti frame.
    private struct State {
        /// The target the recorded shapes go to.
        var target: TargetPixels?
        /// The shapes, `shapeCount` of them, in drawing order.
        var shapes = Buffer<Shape>(capacity: 1024)
        var shapeCount = 0
        /// The fills' points, one after another, local to each fill's origin.
        var xs = Buffer<Float>(capacity: 4096)
        var ys = Buffer<Float>(capacity: 4096)
        var pointCount = 0
        /// Each band's first entry in `order` (one more than there are bands), and the shapes of each
        /// band in drawing order.
        var bandStarts = Buffer<Int>(capacity: 64)
        var order = Buffer<Int32>(capacity: 2048)
    }

    private let state: UnsafeMutablePointer<State>

    package init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        let s = state.move()
        s.shapes.deallocate()
        s.xs.deallocate()
        s.ys.deallocate()
        s.bandStarts.deallocate()
        s.order.deallocate()
        state.deallocate()
    }

    /// The target the recorded shapes go to (`nil` when nothing is recorded).
    package var target: TargetPixels? { state.pointee.target }

    /// Whether nothing is recorded.
    package var isEmpty: Bool { state.pointee.shapeCount == 0 }

    /// Whether the plan must be drawn before another shape is added.
    package var isFull: Bool { state.pointee.shapeCount >= FramePlan.capacity }

    /// Records a placed fill whose points are `points`; the caller has drawn what was planned for any
    /// other target.
    package func add(_ fill: FastFillRasterizer.Placed, points: (xs: UnsafePointer<Float>, ys: UnsafePointer<Float>, count: Int),
             target: TargetPixels) {
        let first = state.pointee.pointCount
        let end = first + points.count
        state.pointee.xs.reserve(end, keeping: first)
        state.pointee.ys.reserve(end, keeping: first)
        (state.pointee.xs.base + first).update(from: points.xs, count: points.count)
        (state.pointee.ys.base + first).update(from: points.ys, count: points.count)
        state.pointee.pointCount = end
        append(.fill(fill, firstPoint: first, pointCount: points.count), target: target)
    }

    /// Records a placed ring; the caller has drawn what was planned for any other target.
    package func add(_ ring: FastRing.Placed, target: TargetPixels) {
        append(.ring(ring), target: target)
    }

    private func append(_ shape: Shape, target: TargetPixels) {
        let count = state.pointee.shapeCount
        if count == 0 { state.pointee.target = target }
        state.pointee.shapes.reserve(count + 1, keeping: count)
        (state.pointee.shapes.base + count).initialize(to: shape)
        state.pointee.shapeCount = count + 1
    }

    /// Draws what is recorded, band by band, and forgets it. `bandFinished` is called with each band's
    /// rows once its last shape is drawn, top to bottom, bands without shapes included. The owner of
    /// the target's image has been told that its pixels are written.
    package func draw(fills: FastFillRasterizer, rings: FastRing.Scratch, bandFinished: ((Range<Int>) -> Void)? = nil) {
        guard let target = state.pointee.target else { return }
        defer { forget() }
        let height = target.height, band = FramePlan.bandHeight
        let bands = (height + band - 1) / band
        bin(bands: bands)
        let s = state.pointee
        let shapes = s.shapes.base, order = s.order.base, starts = s.bandStarts.base
        let xs = s.xs.base, ys = s.ys.base
        for (index, bandRows) in FramePlan.bands(height: height).enumerated() {
            for entry in starts[index]..<starts[index + 1] {
                let shape = shapes[Int(order[entry])]
                let rows = shape.rows.clamped(to: bandRows)
                switch shape {
                case .fill(let fill, let first, let count):
                    let local = (rows.lowerBound - fill.originY)..<(rows.upperBound - fill.originY)
                    fills.rasterize(fill, xs: xs + first, ys: ys + first, count: count, rows: local, into: target)
                case .ring(let ring):
                    _ = FastRing.draw(ring, rows: rows, into: target, scratch: rings, lanes: NativeLanes.self,
                                      kernel: .widest)
                }
            }
            bandFinished?(bandRows)
        }
    }

    /// Sorts the shapes into the bands they reach (`bandStarts`, `order`), keeping their order within
    /// each band.
    private func bin(bands: Int) {
        let band = FramePlan.bandHeight, count = state.pointee.shapeCount
        state.pointee.bandStarts.reserve(bands + 1, keeping: 0)
        let starts = state.pointee.bandStarts.base, shapes = state.pointee.shapes.base
        starts.update(repeating: 0, count: bands + 1)
        // How many shapes reach each band, in the slot after the band's.
        for position in 0..<count {
            let rows = shapes[position].rows
            guard !rows.isEmpty else { continue }
            for index in (rows.lowerBound / band)...((rows.upperBound - 1) / band) where index < bands {
                starts[index + 1] += 1
            }
        }
        // Each band's start, in the slot after the band's, then moved along as its shapes are placed:
        // it ends at the band's end, which is the next band's start.
        var total = 0
        for index in 0..<bands {
            let reaching = starts[index + 1]
            starts[index + 1] = total
            total += reaching
        }
        state.pointee.order.reserve(total, keeping: 0)
        let order = state.pointee.order.base
        for position in 0..<count {
            let rows = shapes[position].rows
            guard !rows.isEmpty else { continue }
            for index in (rows.lowerBound / band)...((rows.upperBound - 1) / band) where index < bands {
                // Fewer than `capacity` shapes, so the position fits.
                order[starts[index + 1]] = Int32(truncatingIfNeeded: position)
                starts[index + 1] += 1
            }
        }
    }

    private func forget() {
        state.pointee.shapeCount = 0
        state.pointee.pointCount = 0
        state.pointee.target = nil
    }
}

/// A growable buffer of trivial values, freed by its owner.
private struct Buffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// Room for `count` elements, keeping the first `kept`.
    @inline(__always)
    mutating func reserve(_ count: Int, keeping kept: Int) {
        if count > capacity { grow(count, keeping: kept) }
    }

    private mutating func grow(_ count: Int, keeping kept: Int) {
        let newCapacity = max(count, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: kept)
        base.deallocate()
        (base, capacity) = (newBase, newCapacity)
    }

    func deallocate() { base.deallocate() }
}
