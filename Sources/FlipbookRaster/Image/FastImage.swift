import CFlipbookKernels
import FlipbookCore
import Foundation

/// A fast path for painting a small image under an affine transform with an opacity, source-over, with
/// no clip (emoji confetti), written straight into the target's ARGB32 pixels.
///
/// Cairo paints such an image through pixman's general compositor — a bilinear fetch into a scanline
/// buffer, then a combiner, per row, with setup per call — which costs about three times what the fast
/// fill does for a rectangle of the same size. This draws what Cairo's `CAIRO_FILTER_BILINEAR` with
/// `CAIRO_EXTEND_NONE` draws: each destination pixel centre is mapped back into the image, sampled
/// bilinearly with pixman's 7-bit weights (outside the image is transparent), multiplied by the
/// opacity and composited over the destination, four pixels at a time, with pixman's arithmetic. Only
/// the sample positions differ from pixman's, by a few 65536ths of a pixel (pixman rounds the inverse
/// matrix to 16.16 fixed point before applying it; this applies it in `Double`), which moves a 7-bit
/// weight by one step now and then.
///
/// The image must have a transparent outermost row and column (a ``GlyphRaster``'s padding keeps
/// them so); that makes every sample whose four taps are not all inside the image zero, so
/// the pixels drawn are exactly those whose sample lies within the image's interior, found per row
/// analytically and then per pixel. Anything else — another format, an opaque edge, an extreme
/// downscale — declines and goes to Cairo.
package enum FastImage {
    /// Transforms that shrink the image by more than this many source pixels per device pixel (along
    /// an axis) go to Cairo. Samples that far apart skip most of the image, and whether one lands on
    /// ink then turns on where Cairo's own extents and fixed-point samples fall: an emoji seen edge-on
    /// under a skew (more than 16 source pixels per step) came out as two pixels here and none in
    /// Cairo, found by fuzzing. A confetti emoji is squashed that far only for the instant of its
    /// flip when it is edge-on (|cos| below 1/16, 4 % of a turn).
    static let largestStep = 16.0
    /// Images wider or taller than this go to Cairo (it keeps the 16.16 fixed-point source
    /// coordinates far from overflow).
    static let largestImage = 8192
    /// Transforms that enlarge the image by more than this many device pixels per image pixel (along
    /// an axis) go to Cairo: pixman's 16.16 fixed-point samples then land measurably apart from exact
    /// ones (a symbol stretched 10²³² times picks another column of its image), and no confetti is
    /// thousands of times larger than its raster (which is up to 512 pixels tall).
    static let largestStretch = 4096.0
    /// The bilinear weights' precision, as pixman's `BILINEAR_INTERPOLATION_BITS`.
    static let weightBits: Int32 = 7

    /// An image the fast path can draw: premultiplied ARGB32 pixels, at most ``largestImage`` on a
    /// side, whose outermost rows and columns are transparent. Checked once when made; it reads the
    /// pixels, so they must outlive it unchanged.
    package struct Source {
        let pixels: UnsafeRawPointer
        let width: Int, height: Int, stride: Int

        /// `nil` when the `width × height` pixels at `pixels`, `stride` bytes from row to row, are not
        /// such an image.
        package init?(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
            guard width >= 2, height >= 2, width <= largestImage, height <= largestImage else { return nil }
            func word(_ x: Int, _ y: Int) -> UInt32 { pixels.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self) }
            for x in 0..<width where word(x, 0) | word(x, height - 1) != 0 { return nil }
            for y in 1..<(height - 1) where word(0, y) | word(width - 1, y) != 0 { return nil }
            self.pixels = pixels
            self.width = width
            self.height = height
            self.stride = stride
        }
    }

    /// Paints `image` with `imageToDevice` mapping its pixel space into the device space of `target`,
    /// times `opacity`, and returns the device pixels it may have changed, or `nil` without drawing
    /// when it is not eligible. The owner of the target's image has been told that its pixels are
    /// written.
    package static func paint(_ image: Source, imageToDevice m: CGAffineTransform, opacity: Double,
                              target: TargetPixels) -> PixelRect? {
        guard opacity.isFinite else { return nil }
        // Cairo turns the opacity into a 16-bit colour channel, and pixman takes its top 8 bits.
        let alpha = UInt32(min(max(opacity, 0), 1) * 65535 + 0.5) >> 8
        if alpha == 0 { return PixelRect.none }
        let xx = Double(m.a), yx = Double(m.b), xy = Double(m.c), yy = Double(m.d), mx = Double(m.tx), my = Double(m.ty)
        guard xx.isFinite, yx.isFinite, xy.isFinite, yy.isFinite, mx.isFinite, my.isFinite,
              max(abs(xx), abs(yx), abs(xy), abs(yy)) <= largestStretch
        else { return nil }
        // A singular transform flattens the image to no area: Cairo draws nothing either.
        if xx * yy - xy * yx == 0 { return PixelRect.none }

        // The target pixels whose centres may sample the interior: the interior's corners mapped out
        // (its centre plus or minus the half-diagonals' reach along each axis).
        let offsetX = target.offsetX, offsetY = target.offsetY
        let surfaceWidth = target.width, surfaceHeight = target.height
        let halfWidth = Double(image.width - 1) / 2, halfHeight = Double(image.height - 1) / 2
        let centreX = xx * (halfWidth + 0.5) + xy * (halfHeight + 0.5) + mx + offsetX
        let centreY = yx * (halfWidth + 0.5) + yy * (halfHeight + 0.5) + my + offsetY
        let reachX = abs(xx) * halfWidth + abs(xy) * halfHeight
        let reachY = abs(yx) * halfWidth + abs(yy) * halfHeight
        guard let x0 = clampedPixel(centreX - reachX - 1, surfaceWidth),
              let x1 = clampedPixel(centreX + reachX + 2, surfaceWidth),
              let y0 = clampedPixel(centreY - reachY - 1, surfaceHeight),
              let y1 = clampedPixel(centreY + reachY + 2, surfaceHeight)
        else { return nil }
        guard x0 < x1, y0 < y1 else { return PixelRect.none }
        guard let inverse = DeviceToImage(m, offsetX: offsetX, offsetY: offsetY, image: image, columns: x0..<x1)
        else { return nil }

        let data = target.data, rowBytes = target.rowBytes
        let sampler = Sampler(image, alpha: alpha)
        for y in y0..<y1 {
            flipbook_prefetch_for_write(data + y * rowBytes + x0 * 4)
            if x1 - x0 > 16 { flipbook_prefetch_for_write(data + y * rowBytes + (x1 - 1) * 4) }
        }
        var drawnMinX = Int.max, drawnMaxX = Int.min, drawnMinY = Int.max, drawnMaxY = Int.min
        for y in y0..<y1 {
            guard let span = inverse.span(row: y) else { continue }
            let row = UnsafeMutableRawPointer(data + y * rowBytes).assumingMemoryBound(to: UInt32.self)
            sampler.blendRow(row, width: surfaceWidth, span: span,
                             start: inverse.fixedSample(row: y, column: span.lowerBound), step: inverse.fixedStep)
            drawnMinX = min(drawnMinX, span.lowerBound)
            drawnMaxX = max(drawnMaxX, span.upperBound)
            drawnMinY = min(drawnMinY, y)
            drawnMaxY = y + 1
        }
        guard drawnMinX < drawnMaxX else { return PixelRect.none }
        // The device offset of a layer's image is a whole number of pixels.
        return PixelRect(x: drawnMinX - Int(offsetX), y: drawnMinY - Int(offsetY),
                         width: drawnMaxX - drawnMinX, height: drawnMaxY - drawnMinY)
    }

    /// `value` rounded down and clamped to `0...limit`; `nil` when it is not finite.
    private static func clampedPixel(_ value: Double, _ limit: Int) -> Int? {
        guard value.isFinite else { return nil }
        // Clamped while still a Double, so the conversion cannot trap; truncating a non-negative value
        // rounds it down (and a negative one clamps to 0 either way).
        return Int(min(max(value, 0), Double(limit)))
    }
}

extension FastImage {
    /// The map from surface pixels to image sample coordinates, already shifted by half a pixel as
    /// pixman's bilinear fetch does (a sample at `(fx, fy)` blends the taps at `⌊fx⌋`, `⌊fx⌋ + 1`), and
    /// the columns of each row whose samples lie in the image's interior, `0 ..< width − 1` by
    /// `0 ..< height − 1` (elsewhere all four taps are transparent).
    struct DeviceToImage {
        var xx, xy, x0, yx, yy, y0: Double
        /// The columns a row may draw into.
        let columns: Range<Int>
        let interiorWidth: Double, interiorHeight: Double
        /// Sample units a span reaches beyond the interior on each side: more than the fixed-point
        /// samples (which decide each pixel exactly) can drift from these `Double` ones along a row.
        let margin: Double
        /// `1 / xx` and `1 / yx` (infinite for a zero slope, which `span` handles apart).
        let reciprocalXX: Double, reciprocalYX: Double

        /// `nil` for a transform that shrinks by more than ``largestStep``, or one whose samples would
        /// not fit the 16.16 fixed point.
        init?(_ m: CGAffineTransform, offsetX: Double, offsetY: Double, image: Source, columns: Range<Int>) {
            let mxx = Double(m.a), myx = Double(m.b), mxy = Double(m.c), myy = Double(m.d)
            let det = mxx * myy - mxy * myx
            guard det.isFinite, det != 0 else { return nil }
            // The target's pixel (x, y) is device (x − offset, y − offset); samples are at pixel centres.
            let tx = Double(m.tx) + offsetX, ty = Double(m.ty) + offsetY
            xx = myy / det
            xy = -mxy / det
            yx = -myx / det
            yy = mxx / det
            x0 = (mxy * ty - myy * tx) / det - 0.5 + (xx + xy) / 2
            y0 = (myx * tx - mxx * ty) / det - 0.5 + (yx + yy) / 2
            // Written so that NaN fails too.
            guard max(abs(xx), abs(xy), abs(yx), abs(yy)) <= FastImage.largestStep, !xx.isNaN, !xy.isNaN,
                  !yx.isNaN, !yy.isNaN
            else { return nil }
            // The box drawn is within a pixel or two of the image, so its samples are too; beyond this,
            // something overflowed.
            guard abs(x0) < 1e12, abs(y0) < 1e12 else { return nil }
            self.columns = columns
            interiorWidth = Double(image.width - 1)
            interiorHeight = Double(image.height - 1)
            margin = 1.0 / 16 + Double(columns.count) / 65536
            reciprocalXX = 1 / xx
            reciprocalYX = 1 / yx
        }

        /// The sample coordinates at pixel `column` of `row`, in 16.16 fixed point (clamped to `Int32`,
        /// which a sample within a few steps of the image never reaches).
        func fixedSample(row: Int, column: Int) -> (Int32, Int32) {
            let px = Double(column), py = Double(row)
            let fx = (xx * px + xy * py + x0) * 65536, fy = (yx * px + yy * py + y0) * 65536
            // Within ±2³¹ before converting, so the conversion cannot trap. Adding 0.5 and truncating
            // rounds a non-negative sample to nearest; a negative one may land a 65536th off, and every
            // sample below 0 is transparent anyway.
            let limit = 2_147_483_647.0
            return (Int32(min(max(fx + 0.5, -limit), limit)), Int32(min(max(fy + 0.5, -limit), limit)))
        }

        /// The source step per pixel along a row, in 16.16 fixed point (each at most ``largestStep`` · 2¹⁶ in magnitude).
        var fixedStep: (Int32, Int32) {
            // Rounded half away from zero, as `rounded()` does, without its library call.
            (Int32(xx * 65536 + (xx < 0 ? -0.5 : 0.5)), Int32(yx * 65536 + (yx < 0 ? -0.5 : 0.5)))
        }

        /// The columns of `row` whose samples lie in the interior (give or take ``margin``); `nil` when
        /// there are none.
        @inline(__always)
        func span(row: Int) -> Range<Int>? {
            let py = Double(row)
            var low = Double(columns.lowerBound), high = Double(columns.upperBound - 1)
            // The columns c where `slope · c + value` lies in the interior's `0 ..< limit` lie between
            // `(−margin − value) / slope` and `(limit + margin − value) / slope`.
            func constrain(_ slope: Double, _ reciprocal: Double, _ value: Double, _ limit: Double) {
                if slope == 0 {
                    if !(value > -margin && value < limit + margin) { high = -1 }
                    return
                }
                let a = (-margin - value) * reciprocal, b = (limit + margin - value) * reciprocal
                low = max(low, min(a, b))
                high = min(high, max(a, b))
            }
            constrain(xx, reciprocalXX, xy * py + x0, interiorWidth)
            constrain(yx, reciprocalYX, yy * py + y0, interiorHeight)
            // Both within `columns` (a NaN from zero times an infinite reciprocal leaves them as they were:
            // `max(low, .nan)` is `low`, `min(high, .nan)` is `high`), so the conversions are exact and
            // safe; truncation is the floor of these non-negative values.
            guard low <= high else { return nil }
            let first = Int(low), last = Int(high)
            let start = Double(first) < low ? first + 1 : first
            return start <= last ? start..<(last + 1) : nil
        }
    }
}
