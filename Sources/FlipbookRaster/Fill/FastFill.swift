import CFlipbookKernels
import FlipbookCore
import Foundation

/// A fast path for the most common draw — a small, solid-colour, anti-aliased, non-zero fill with the
/// normal blend mode and no clip (confetti) — that rasterizes directly into the target's pixels.
///
/// Cairo's span compositor costs tens of thousands of instructions per small translucent shape (one
/// pixman composite per scanline). This rasterizer finds the exact area of each pixel inside the polygon
/// (curves flattened to 0.1 px; winding ≥ 1 clamps to full) and blends the colour source-over in one
/// pass, in one of two ways:
/// - a shape at most ``windowWidth`` pixels wide is done in a window of vector lanes, one lane per
///   pixel, each row's coverage added up from the closed-form share of each edge that crosses it
///   (`fill_window.c`, the same bytes on every instruction set);
/// - a wider one accumulates signed-area coverage cells the size of its bounding box, whose running
///   sums along the rows give the coverage.
///
/// The two agree within a level, and with Cairo's own anti-aliasing within a few at edges; shapes that
/// cross themselves or have several rings go to Cairo (see FastFillWinding.swift). A shape across the
/// raster's edge is drawn in a window over its visible part, and goes to Cairo when that part is wider
/// than a window. Anything else — large shapes, clips, even-odd fills, other blend modes, gradients —
/// declines and goes to Cairo.
package final class FastFillRasterizer {
    /// Shapes whose device bounding box exceeds this many pixels go to Cairo.
    package static let maximumArea = 128 * 128
    static let flatteningTolerance: Float = 0.1
    /// Paths with a device coordinate (control points included) beyond this many pixels from the
    /// origin go to Cairo. Such a point is far outside any raster, so the fill would decline anyway;
    /// declining before the arithmetic keeps every Float in it (squares of differences included) finite.
    package static let coordinateLimit = 1_048_576.0

    /// The widest box, in pixels, filled in a window (`fill_window.c`); wider shapes accumulate
    /// coverage cells. Windows are a multiple of sixteen pixels wide.
    package static let windowWidth = 32
    /// The instruction set the window's kernel runs on; every one gives the same bytes. Internal (the
    /// tests set it): a property other modules could reach would pay for an exclusivity check on every
    /// fill.
    var kernel = InstructionSet.widest

    private var scratch = FillScratch()

    package init() {}

    deinit {
        scratch.deallocate()
    }

    /// A fill placed on its target, ready to rasterize: its points (kept elsewhere) are local to
    /// (`originX`, `originY`), the top left of its window or of its box in surface pixels.
    package struct Placed {
        package var originX: Int, originY: Int
        /// The window's width (a multiple of 16) when `isWindowed`, else the box's width.
        var columns: Int
        var height: Int
        var isWindowed: Bool
        /// The device pixels it may draw into.
        package var drawn: PixelRect
        /// 255 × the colour's opacity, and the colour's bytes.
        var alpha: Float
        var r: UInt32, g: UInt32, b: UInt32
    }

    /// What ``place(_:transform:r:g:b:a:target:windows:)`` found.
    package enum Placement {
        /// The fill is not eligible; Cairo draws it.
        case declined
        /// The fill covers no pixel.
        case nothing
        /// The fill, its points in the scratch buffer.
        case placed(Placed)
    }

    /// Fills `path` (in the user space of `transform`, which maps it to device pixels) with a colour and
    /// returns the device pixels it drew into, or returns `nil` without drawing when the fill is not
    /// eligible. With `windows` false, every shape accumulates coverage cells (for comparing the two
    /// ways). The owner of the target's image has been told that its pixels are written.
    package func fill(_ path: Path, transform: CGAffineTransform, r: Double, g: Double, b: Double, a: Double,
                      target: TargetPixels, windows: Bool = true) -> PixelRect? {
        // One local copy of the scratch for both steps (each access to the property is checked).
        var scratch = self.scratch
        defer { self.scratch = scratch }
        switch place(path, transform, r: r, g: g, b: b, a: a, target: target, windows: windows, scratch: &scratch) {
        case .declined: return nil
        case .nothing: return PixelRect.none
        case .placed(let fill):
            FastFillRasterizer.rasterize(fill, xs: scratch.xs, ys: scratch.ys, count: scratch.pointCount,
                                         rows: 0..<fill.height, into: target, cells: &scratch, kernel: kernel)
            return fill.drawn
        }
    }

    /// The points ``place(_:transform:r:g:b:a:target:windows:)`` left for a placed fill: `pointCount` of
    /// each, valid until the next fill.
    package var placedPoints: (xs: UnsafePointer<Float>, ys: UnsafePointer<Float>, count: Int) {
        (UnsafePointer(scratch.xs), UnsafePointer(scratch.ys), scratch.pointCount)
    }

    /// Flattens `path` onto `target` and decides how it is filled, without drawing; a placed fill's
    /// points are left in the scratch buffer (``placedPoints``), local to its origin.
    package func place(_ path: Path, transform: CGAffineTransform, r: Double, g: Double, b: Double, a: Double,
                       target: TargetPixels, windows: Bool) -> Placement {
        // Work on a local copy: a class property would pay for exclusivity checks in the loops.
        var scratch = self.scratch
        defer { self.scratch = scratch }
        return place(path, transform, r: r, g: g, b: b, a: a, target: target, windows: windows, scratch: &scratch)
    }

    @inline(__always)
    private func place(_ path: Path, _ transform: CGAffineTransform, r: Double, g: Double, b: Double, a: Double,
                       target: TargetPixels, windows: Bool, scratch: inout FillScratch) -> Placement {
        guard flatten(path, transform, into: &scratch) else { return .declined }
        let count = scratch.pointCount
        if count == 0 { return .nothing }
        let px = scratch.xs, py = scratch.ys
        // Exact only for a ring that winds once (FastFillWinding.swift), as a rectangle under any
        // affine transform does (a parallelogram, or nothing when the transform flattens it).
        guard path.rectangle != nil
            || FastFillRasterizer.isSimpleRing(UnsafeBufferPointer(start: px, count: count),
                                               UnsafeBufferPointer(start: py, count: count), count: count)
        else { return .declined }

        // Bounding box in surface pixels.
        let offsetX = Float(target.offsetX), offsetY = Float(target.offsetY)
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for i in 0..<count where !px[i].isNaN {
            let x = px[i] + offsetX, y = py[i] + offsetY
            px[i] = x
            py[i] = y
            // Written as one instruction each (minss, maxss); Swift's max(_:_:) orders NaN differently,
            // which these points never are, and takes four.
            minX = x < minX ? x : minX; maxX = x > maxX ? x : maxX
            minY = y < minY ? y : minY; maxY = y > maxY ? y : maxY
        }
        // The points lie within ``coordinateLimit`` and offsets are whole surface pixels; checked again
        // (with the box's order, false for a ring without points) since the conversions trap on infinity.
        let reach: Float = 0x1p30
        guard minX <= maxX, minY <= maxY, minX >= -reach, minY >= -reach, maxX <= reach, maxY <= reach else {
            return .declined
        }
        let x0 = WholePixels.floor(minX), y0 = WholePixels.floor(minY)
        let x1 = WholePixels.ceiling(maxX), y1 = WholePixels.ceiling(maxY)
        guard x1 > x0, y1 > y0 else { return .nothing }
        guard (x1 - x0) * (y1 - y0) <= FastFillRasterizer.maximumArea else { return .declined }
        // The part of the box on the surface. A shape across the surface's edge is drawn in a window:
        // each pixel's coverage comes from the edges left of it in its own row, wherever they lie, so
        // the window needs only the visible columns and rows (points left of or above it are negative).
        let surfaceWidth = target.width
        let left = max(x0, 0), top = max(y0, 0), right = min(x1, surfaceWidth), bottom = min(y1, target.height)
        guard left < right, top < bottom else { return .nothing }
        let width = right - left, height = bottom - top
        // Sixteen columns at a time (a row of a vector register), as few as cover the shape.
        let window = (width + 15) / 16 * 16
        let isWindowed = windows && width <= FastFillRasterizer.windowWidth && surfaceWidth >= window
        // Coverage cells take the box only when all of it is on the surface.
        guard isWindowed || (left == x0 && top == y0 && right == x1 && bottom == y1) else { return .declined }
        // The window reaches past the shape's box where it can (the pixels there are written back as
        // they were) and is moved left at the raster's right edge, so that it stays inside.
        let originX = isWindowed ? min(left, surfaceWidth - window) : left
        let ox = Float(originX), oy = Float(top)
        for i in 0..<count {
            px[i] -= ox
            py[i] -= oy
        }
        return .placed(Placed(
            originX: originX, originY: top, columns: isWindowed ? window : width, height: height,
            isWindowed: isWindowed, drawn: target.device(left, top, width: width, height: height),
            alpha: Float(min(max(a, 0), 1)) * 255,
            r: FastFillRasterizer.byte(r), g: FastFillRasterizer.byte(g), b: FastFillRasterizer.byte(b)))
    }

    /// ``rasterize(_:xs:ys:count:rows:into:cells:kernel:)`` with this rasterizer's cells and kernel.
    package func rasterize(_ fill: Placed, xs: UnsafePointer<Float>, ys: UnsafePointer<Float>, count: Int, rows: Range<Int>,
                   into target: TargetPixels) {
        var scratch = self.scratch
        defer { self.scratch = scratch }
        FastFillRasterizer.rasterize(fill, xs: xs, ys: ys, count: count, rows: rows, into: target, cells: &scratch,
                                     kernel: kernel)
    }

    /// Draws rows `rows` (local to the fill's origin, within `0..<fill.height`) of a placed fill whose
    /// points are `xs` and `ys`; the cells are the coverage's working memory. Each row's pixels do not
    /// depend on which other rows are drawn, so a fill drawn in bands gives the bytes it gives whole.
    static func rasterize(_ fill: Placed, xs: UnsafePointer<Float>, ys: UnsafePointer<Float>, count: Int,
                          rows: Range<Int>, into target: TargetPixels, cells scratch: inout FillScratch,
                          kernel: InstructionSet) {
        let data = target.data, rowBytes = target.rowBytes
        if fill.isWindowed {
            scratch.reserveCells(rows.upperBound * fill.columns)
            var shape = flipbook_fill_window(
                xs: xs, ys: ys, count: count, coverage: scratch.cells, columns: fill.columns,
                firstRow: rows.lowerBound, height: rows.upperBound,
                origin: data + fill.originY * rowBytes + fill.originX * 4, rowBytes: rowBytes,
                gain: FastFillRasterizer.coverageGain, alpha: fill.alpha, sourceRB: fill.r << 16 | fill.b,
                sourceAG: 0x00FF_0000 | fill.g)
            switch kernel {
            case .baseline: flipbook_fill_window_portable(&shape)
            case .avx2: flipbook_fill_window_avx2(&shape)
            case .avx512: flipbook_fill_window_avx512(&shape)
            }
        } else {
            accumulateAndBlend(&scratch, xs: xs, ys: ys, count: count, fill: fill, rows: rows, into: data,
                               rowBytes: rowBytes)
        }
    }

    /// Fills a shape wider than the window: each edge adds its signed area to coverage cells, whose
    /// running sum along a row gives each pixel's coverage. The cells of every row are found (an
    /// edge's walk carries its position from row to row); only `rows` are blended.
    private static func accumulateAndBlend(_ scratch: inout FillScratch, xs px: UnsafePointer<Float>,
                                           ys py: UnsafePointer<Float>, count: Int, fill: Placed, rows: Range<Int>,
                                           into data: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        let width = fill.columns, height = fill.height, x0 = fill.originX, y0 = fill.originY
        // Accumulate signed area; each row has four spare cells for the edges' spill (a steep edge on
        // the box's right side writes two past it, a shallow one up to four).
        let stride = width + 4
        let cells = stride * height
        scratch.reserveCells(cells)
        let acc = scratch.cells
        // The destination rows, scattered over a frame of several megabytes, are asked for now so
        // that they arrive while the coverage is accumulated rather than when the blend needs them.
        for row in rows {
            flipbook_prefetch_for_write(data + (y0 + row) * rowBytes + x0 * 4)
            if width > 16 { flipbook_prefetch_for_write(data + (y0 + row) * rowBytes + (x0 + width - 1) * 4) }
        }
        acc.update(repeating: 0, count: cells)
        var i = 0
        while i + 1 < count {
            let ax = px[i], bx = px[i + 1]
            if !ax.isNaN && !bx.isNaN {
                FastFillRasterizer.line(acc, stride: stride, height: height, ax, py[i], bx, py[i + 1])
            }
            i += 1
        }
        FastFillRasterizer.blend(
            acc + rows.lowerBound * stride, stride: stride, width: width, height: rows.count,
            into: UnsafeMutableRawPointer(data + (y0 + rows.lowerBound) * rowBytes + x0 * 4), rowBytes: rowBytes,
            alpha: fill.alpha, r: fill.r, g: fill.g, b: fill.b)
    }

    /// A colour component's byte: `component` clamped to 0…1, times 255, rounded half away from zero
    /// (as `rounded()` does), without a call to libm's `round`.
    @inline(__always)
    static func byte(_ component: Double) -> UInt32 {
        // Color keeps its components in 0…1 (NaN as 0); checked again so the conversion cannot trap.
        let scaled = component.isNaN ? 0 : min(max(component, 0), 1) * 255
        let whole = UInt32(scaled)
        return scaled - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    /// What a pixel's accumulated coverage is multiplied by before it is clamped to 1. The running sum
    /// of the cells is exact only to a few units in the last place, and a pixel inside a shape must
    /// come to exactly full coverage: at half opacity 255 × 0.5 is a rounding tie, where the slightest
    /// shortfall would leave it a level lighter than its neighbours. A gain of 1 + 2⁻¹⁶ makes sums
    /// that short of 1 exactly 1, and moves any other pixel by at most 0.004 of a level.
    static let coverageGain: Float = 1 + 0x1p-16

    /// Blends the colour over the pixels, each by its accumulated coverage. Two channels are computed
    /// at once in the halves of a 32-bit word (red/blue and alpha/green), rounding `x / 255` exactly.
    @inline(__always)
    static func blend(_ acc: UnsafePointer<Float>, stride: Int, width: Int, height: Int,
                      into origin: UnsafeMutableRawPointer, rowBytes: Int, alpha: Float,
                      r cr: UInt32, g cg: UInt32, b cb: UInt32) {
        let sourceRB = cr << 16 | cb, sourceAG = 0x00FF_0000 | cg
        // The four-pixel step works on 16-bit lanes (each channel's product with a weight, 255 · 255 at
        // most, fits one): SSE2 multiplies eight of those in one instruction, while a 32-bit lane
        // multiply takes two and a shuffle. The bits are those of the one-pixel step below.
        let sourceRB8 = unsafeBitCast(SIMD4<UInt32>(repeating: sourceRB), to: SIMD8<UInt16>.self)
        let sourceAG8 = unsafeBitCast(SIMD4<UInt32>(repeating: sourceAG), to: SIMD8<UInt16>.self)
        let magic = SIMD4<Float>(repeating: 12_582_912)
        let alpha4 = SIMD4<Float>(repeating: alpha)
        let gain4 = SIMD4<Float>(repeating: FastFillRasterizer.coverageGain), one = SIMD4<Float>(repeating: 1)
        for row in 0..<height {
            let pixels = (origin + row * rowBytes).assumingMemoryBound(to: UInt32.self)
            let line = acc + row * stride
            var sum: Float = 0
            var column = 0
            // Four pixels at a time, branch-free: coverage 0 leaves a pixel exactly as it was and full
            // coverage of an opaque colour writes the colour exactly, through the same arithmetic.
            while column + 4 <= width {
                let s0 = sum + line[column], s1 = s0 + line[column + 1]
                let s2 = s1 + line[column + 2], s3 = s2 + line[column + 3]
                sum = s3
                let gained = NativeLanes.magnitude(SIMD4<Float>(s0, s1, s2, s3)) * gain4
                let cover = NativeLanes.minimum(gained, one) * alpha4 + magic
                let ia = unsafeBitCast(cover, to: SIMD4<UInt32>.self) & 0x1FF
                // Each pixel's weight in both 16-bit halves of its word.
                let weight = unsafeBitCast(ia | (ia &<< 16), to: SIMD8<UInt16>.self)
                let raw = UnsafeMutableRawPointer(pixels + column)
                let d = raw.loadUnaligned(as: SIMD8<UInt16>.self)
                let inv = 255 &- weight
                let rb = div255(sourceRB8 &* weight &+ (d & 0x00FF) &* inv)
                let ag = div255(sourceAG8 &* weight &+ (d &>> 8) &* inv)
                raw.storeBytes(of: rb | (ag &<< 8), as: SIMD8<UInt16>.self)
                column += 4
            }
            while column < width {
                sum += line[column]
                // Adding 1.5 × 2²³ rounds to an integer held in the low mantissa bits (0...255 here).
                let ia = (min(abs(sum) * FastFillRasterizer.coverageGain, 1) * alpha + 12_582_912).bitPattern & 0x1FF
                if ia != 0 {
                    let d = pixels[column]
                    let inv = 255 - ia
                    let rb = packedDiv255(sourceRB &* ia &+ (d & 0x00FF_00FF) &* inv)
                    let ag = packedDiv255(sourceAG &* ia &+ ((d >> 8) & 0x00FF_00FF) &* inv)
                    pixels[column] = rb | ag << 8
                }
                column += 1
            }
        }
    }

    /// `x / 255`, rounded, in each 16-bit lane (values up to 255 × 255).
    @inline(__always)
    static func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = x &+ 0x80
        return (t &+ (t &>> 8)) &>> 8
    }

    @inline(__always)
    static func packedDiv255(_ x: SIMD4<UInt32>, _ mask: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let t = x &+ 0x0080_0080
        return ((t &+ ((t &>> 8) & mask)) &>> 8) & mask
    }

    /// `x / 255`, rounded, for two 16-bit lanes holding values up to 255 × 255.
    @inline(__always)
    static func packedDiv255(_ x: UInt32) -> UInt32 {
        let t = x &+ 0x0080_0080
        return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    }

    @inline(__always)
    static func div255(_ x: UInt32) -> UInt32 {
        let t = x + 128
        return (t + (t >> 8)) >> 8
    }

    /// Transforms and flattens `path` into closed rings in the scratch points (NaN separates rings). Returns
    /// `false` for a path it cannot take (too many segments, more than one ring, or a point beyond
    /// ``coordinateLimit``).
    private func flatten(_ path: Path, _ m: CGAffineTransform, into scratch: inout FillScratch) -> Bool {
        scratch.removeAllPoints()
        var start: (Float, Float)? = nil
        var current = (Float(0), Float(0))
        var currentUser = CGPoint.zero
        var startUser = CGPoint.zero
        var inRange = true
        func device(_ p: CGPoint) -> (Float, Float) {
            let x = Double(m.a) * Double(p.x) + Double(m.c) * Double(p.y) + Double(m.tx)
            let y = Double(m.b) * Double(p.x) + Double(m.d) * Double(p.y) + Double(m.ty)
            // Written so that NaN fails too.
            guard abs(x) <= FastFillRasterizer.coordinateLimit, abs(y) <= FastFillRasterizer.coordinateLimit else {
                inRange = false
                return (0, 0)
            }
            return (Float(x), Float(y))
        }
        func closeRing() {
            if let s = start {
                if s != current { scratch.append(s.0, s.1) }
                scratch.append(.nan, .nan)
            }
            start = nil
        }
        var rings = 0
        func add(_ p: (Float, Float)) {
            if start == nil {
                rings += 1
                start = current
                scratch.append(current.0, current.1)
            }
            scratch.append(p.0, p.1)
            current = p
        }
        func cubic(_ c1: CGPoint, _ c2: CGPoint, _ end: CGPoint) -> Bool {
            let p0 = current, p1 = device(c1), p2 = device(c2), p3 = device(end)
            let ddx = max(abs(p0.0 - 2 * p1.0 + p2.0), abs(p1.0 - 2 * p2.0 + p3.0))
            let ddy = max(abs(p0.1 - 2 * p1.1 + p2.1), abs(p1.1 - 2 * p2.1 + p3.1))
            let dd = (ddx * ddx + ddy * ddy).squareRoot()
            let steps = (dd * 0.75 / FastFillRasterizer.flatteningTolerance).squareRoot().rounded(.up)
            // Checked before the conversion to Int, which would trap on an infinite or NaN count.
            guard steps <= 256 else { return false }
            let n = max(1, Int(steps))
            for k in 1...n {
                let t = Float(k) / Float(n), u = 1 - t
                let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
                add((w0 * p0.0 + w1 * p1.0 + w2 * p2.0 + w3 * p3.0, w0 * p0.1 + w1 * p1.1 + w2 * p2.1 + w3 * p3.1))
            }
            return true
        }
        // One element; `false` when the path cannot be taken.
        func visit(_ element: Path.Element) -> Bool {
            switch element {
            case .move(let p):
                closeRing()
                current = device(p)
                currentUser = p
                startUser = p
            case .line(let p):
                add(device(p))
                currentUser = p
            case .quadCurve(let p, let c):
                let c1 = CGPoint(x: currentUser.x + (c.x - currentUser.x) * 2 / 3, y: currentUser.y + (c.y - currentUser.y) * 2 / 3)
                let c2 = CGPoint(x: p.x + (c.x - p.x) * 2 / 3, y: p.y + (c.y - p.y) * 2 / 3)
                guard cubic(c1, c2, p) else { return false }
                currentUser = p
            case .curve(let p, let c1, let c2):
                guard cubic(c1, c2, p) else { return false }
                currentUser = p
            case .closeSubpath:
                closeRing()
                current = device(startUser)
                currentUser = startUser
            }
            // Signed-area accumulation is exact for one ring that winds once; separate rings may
            // overlap (counted twice) or meet with opposite windings (cancelling), which only a real
            // winding count gets right, so paths of several rings go to Cairo. Built-in shapes are one
            // ring; see FastFillWinding.swift for a ring that crosses itself.
            return !(scratch.pointCount > 4096 || !inRange || rings > 1)
        }
        if let rectangle = path.rectangle {
            return FastFillRasterizer.flatten(rectangle: rectangle, m, into: &scratch)
        }
        if let ellipse = path.ellipse {
            // A kept ellipse's elements, read from its rectangle without building an array. (Not
            // through forEach: its closure, passed into another module, boxed this function's state
            // on the heap for every fill, rectangles included.)
            let e = Path.ellipsePoints(in: ellipse, .identity)
            for index in 0..<Path.EllipsePoints.elementCount where !visit(e.element(index)) { return false }
        } else {
            for element in path.elements where !visit(element) { return false }
        }
        closeRing()
        return true
    }

    /// ``flatten(_:_:into:)`` for `Path(_ rect:)`'s rectangle, kept alone: its four corners and the
    /// first again, then the ring's end, as its elements would give them (top-left, top-right,
    /// bottom-right, bottom-left), without building them. Returns `false` for a corner beyond
    /// ``coordinateLimit``.
    @inline(__always)
    private static func flatten(rectangle r: CGRect, _ m: CGAffineTransform, into scratch: inout FillScratch) -> Bool {
        let xx = Double(m.a), yx = Double(m.b), xy = Double(m.c), yy = Double(m.d), x0 = Double(m.tx), y0 = Double(m.ty)
        // A kept rectangle is standardized: its width and height are not negative.
        let left = Double(r.origin.x), top = Double(r.origin.y)
        let right = left + Double(r.size.width), bottom = top + Double(r.size.height)
        let xs = (xx * left + xy * top + x0, xx * right + xy * top + x0,
                  xx * right + xy * bottom + x0, xx * left + xy * bottom + x0)
        let ys = (yx * left + yy * top + y0, yx * right + yy * top + y0,
                  yx * right + yy * bottom + y0, yx * left + yy * bottom + y0)
        let limit = FastFillRasterizer.coordinateLimit
        // Written so that NaN fails too.
        guard abs(xs.0) <= limit, abs(xs.1) <= limit, abs(xs.2) <= limit, abs(xs.3) <= limit,
              abs(ys.0) <= limit, abs(ys.1) <= limit, abs(ys.2) <= limit, abs(ys.3) <= limit
        else { return false }
        scratch.appendQuad(xs: SIMD4(Float(xs.0), Float(xs.1), Float(xs.2), Float(xs.3)),
                           ys: SIMD4(Float(ys.0), Float(ys.1), Float(ys.2), Float(ys.3)))
        return true
    }

    /// Adds the signed area of the line from (x0, y0) to (x1, y1) (local pixel coordinates, inside the
    /// buffer) to the accumulation buffer: each cell receives the change in coverage it causes, so a
    /// running sum along a row gives each pixel's winding-weighted area.
    @inline(__always)
    static func line(_ acc: UnsafeMutablePointer<Float>, stride: Int, height: Int,
                     _ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        if ay == by { return }
        let (dir, p0x, p0y, p1x, p1y): (Float, Float, Float, Float, Float) =
            ay < by ? (1, ax, ay, bx, by) : (-1, bx, by, ax, ay)
        let dxdy = (p1x - p0x) / (p1y - p0y)
        // A slope that overflows means the edge rises less than 1e-30 px (a denormal height): its area
        // is nothing, and an infinite step would trap converting x to a cell index below.
        guard dxdy.isFinite else { return }
        // Stepping x by the slope row by row can overshoot the edge's ends by rounding when the slope
        // is huge; the clamp keeps every cell index inside the row.
        let xLow = min(p0x, p1x), xHigh = max(p0x, p1x)
        let x = p0x
        let yStart = max(0, Int(p0y))
        let p1yTrunc = Int(p1y)
        let yEnd = min(height, Float(p1yTrunc) < p1y ? p1yTrunc + 1 : p1yTrunc)
        if yStart >= yEnd { return }
        if dxdy.magnitude <= 1 {
            return steepLine(acc, stride: stride, rows: yStart..<yEnd, x: x, dxdy: dxdy, p0y: p0y, p1y: p1y,
                             xLow: xLow, xHigh: xHigh, dir: dir)
        }
        shallowLine(acc, stride: stride, rows: yStart..<yEnd, x: x, dxdy: dxdy, p0y: p0y, p1y: p1y,
                    xLow: xLow, xHigh: xHigh, dir: dir)
    }

    /// ``line(_:stride:height:_:_:_:_:)`` for an edge that moves more than a pixel across per row, four
    /// cells a step and without branches but the loop's own: how many cells a row's part of the edge
    /// crosses varies from row to row, and branching on it cost more than the arithmetic.
    ///
    /// A row's part from `l` to `r` (`w` wide, `d` the signed height it spans) gives cell `j` the change
    /// `d · (Φ(j + 1) − Φ(j))`, where `Φ(X)` is the mean over the part of `clamp(X − x, 0, 1)`: the
    /// share of each pixel right of the edge. With `I(z) = ∫ clamp(v, 0, 1) dv` from −∞ to `z` (0, then
    /// `z²/2`, then `z − 1/2`), `Φ(X) = (I(X − l) − I(X − r)) / w`: exactly 0 at or left of `l`, and 1
    /// from `r + 1` on, up to rounding. Writes up to three cells past the last one the part reaches
    /// (rows have four spare cells).
    @inline(__always)
    static func shallowLine(_ acc: UnsafeMutablePointer<Float>, stride: Int, rows: Range<Int>, x start: Float,
                            dxdy: Float, p0y: Float, p1y: Float, xLow: Float, xHigh: Float, dir: Float) {
        let steps = SIMD4<Float>(1, 2, 3, 4)
        let zero = SIMD4<Float>(repeating: 0), one = SIMD4<Float>(repeating: 1)
        var x = start
        for y in rows {
            let row = acc + y * stride
            let dy = min(Float(y + 1), p1y) - max(Float(y), p0y)
            let xNext = min(max(x + dxdy * dy, xLow), xHigh)
            let d = dy * dir
            let l = min(x, xNext), r = max(x, xNext), width = r - l
            // A part narrower than a millionth of a pixel spans less than that in height (the edge is
            // shallow), so giving it no area errs by less than a millionth of a pixel's coverage, where
            // 1 / width would overflow for a denormal width.
            let scale = width > 1e-6 ? d / width : 0
            let lv = SIMD4<Float>(repeating: l), rv = SIMD4<Float>(repeating: r)
            // Local coordinates lie within the shape's box (never negative), so truncation is floor and
            // the conversions cannot trap.
            var cell = Int(l)
            let last = Float(cell) < r ? Int(r) + 1 : Int(r)
            var previous: Float = 0
            repeat {
                let boundary = Float(cell) + steps
                let a = boundary - lv, b = boundary - rv
                let ca = NativeLanes.minimum(NativeLanes.maximum(a, zero), one)
                let cb = NativeLanes.minimum(NativeLanes.maximum(b, zero), one)
                let ia = ca * ca * 0.5 + NativeLanes.maximum(a - one, zero)
                let ib = cb * cb * 0.5 + NativeLanes.maximum(b - one, zero)
                let phi = ia - ib
                let before = SIMD4<Float>(previous, phi[0], phi[1], phi[2])
                let cells = UnsafeMutableRawPointer(row + cell)
                cells.storeBytes(of: cells.loadUnaligned(as: SIMD4<Float>.self) + (phi - before) * scale,
                                 as: SIMD4<Float>.self)
                previous = phi[3]
                cell += 4
            } while cell <= last
            x = xNext
        }
    }

    /// ``line(_:stride:height:_:_:_:_:)`` for an edge that moves at most one pixel across per row: each
    /// row's part of it lies within one pixel's width, so it changes at most three cells, and it is
    /// written without branches. Whether that part crosses a pixel boundary depends on where the edge
    /// falls, which the CPU cannot predict; with a branch per row, rotated confetti spent much of its
    /// edge walk on mispredictions.
    @inline(__always)
    static func steepLine(_ acc: UnsafeMutablePointer<Float>, stride: Int, rows: Range<Int>, x start: Float,
                          dxdy: Float, p0y: Float, p1y: Float, xLow: Float, xHigh: Float, dir: Float) {
        var x = start
        for y in rows {
            let row = acc + y * stride
            let dy = min(Float(y + 1), p1y) - max(Float(y), p0y)
            let xNext = min(max(x + dxdy * dy, xLow), xHigh)
            let d = dy * dir
            let l = min(x, xNext), r = max(x, xNext), width = r - l
            // Local coordinates are never negative, so truncation is floor.
            let cell = Int(l)
            let boundary = Float(cell + 1)
            // The part left of the boundary gives the first cell the area to its right, the part past
            // it gives the third cell its own; the middle cell gets the rest.
            let near = min(r, boundary), past = max(r - boundary, 0)
            // An edge part narrower than a millionth of a pixel is taken as vertical (an error of at most
            // half that in coverage): 1 / width of a denormal width would overflow.
            let sloped = width > 1e-6
            let inverse: Float = sloped ? 1 / width : 0
            let first = sloped ? (near - l) * ((boundary - l) + (boundary - near)) * 0.5 * inverse : boundary - l
            let third = past * past * 0.5 * inverse
            row[cell] += d * first
            row[cell + 1] += d * (1 - first - third)
            row[cell + 2] += d * third
            x = xNext
        }
    }
}
