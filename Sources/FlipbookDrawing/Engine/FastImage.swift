import CCairo
import Foundation

/// A fast path for painting a small image under an affine transform with an opacity, source-over, with
/// no clip (emoji confetti), written straight into the ARGB32 image surface.
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
/// The image must have a transparent outermost row and column (a ``GlyphRaster`` has a 1-pixel
/// transparent border); that makes every sample whose four taps are not all inside the image zero, so
/// the pixels drawn are exactly those whose sample lies within the image's interior, found per row
/// analytically and then per pixel. Anything else — another format, an opaque edge, an extreme
/// downscale — declines and goes to Cairo.
enum FastImage {
    /// Transforms that shrink the image by more than this many source pixels per device pixel (along
    /// an axis) go to Cairo; it keeps the 16.16 fixed-point source coordinates far from overflow.
    static let largestStep = 1024.0
    /// Images wider or taller than this go to Cairo (same reason).
    static let largestImage = 8192
    /// The bilinear weights' precision, as pixman's `BILINEAR_INTERPOLATION_BITS`.
    static let weightBits: Int32 = 7

    /// Paints `image` (a premultiplied ARGB32 image surface) with `imageToDevice` mapping its pixel
    /// space into the device space of `target`, times `opacity`, and returns the device pixels it may
    /// have changed, or `nil` without drawing when it is not eligible.
    static func paint(_ image: OpaquePointer, imageToDevice m: cairo_matrix_t, opacity: Double,
                      target: OpaquePointer) -> PixelRect? {
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
              cairo_surface_get_type(image) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(image) == CAIRO_FORMAT_ARGB32,
              opacity.isFinite
        else { return nil }
        let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
        guard width >= 2, height >= 2, width <= largestImage, height <= largestImage else { return nil }
        // Cairo turns the opacity into a 16-bit colour channel, and pixman takes its top 8 bits.
        let alpha = UInt32((min(max(opacity, 0), 1) * 65535 + 0.5).rounded(.down)) >> 8
        if alpha == 0 { return PixelRect.none }

        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        guard let inverse = DeviceToImage(m, offsetX: offsetX, offsetY: offsetY) else {
            // A singular transform flattens the image to no area: Cairo draws nothing either.
            let entries = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0]
            return entries.allSatisfy(\.isFinite) && m.xx * m.yy - m.xy * m.yx == 0 ? PixelRect.none : nil
        }
        guard let source = cairo_image_surface_get_data(image),
              let data = cairo_image_surface_get_data(target)
        else { return nil }
        let sourceStride = Int(cairo_image_surface_get_stride(image))
        guard hasTransparentBorder(source, width: width, height: height, stride: sourceStride) else { return nil }

        // The surface pixels whose centres may sample the interior: the interior's corners mapped out.
        let surfaceWidth = Int(cairo_image_surface_get_width(target))
        let surfaceHeight = Int(cairo_image_surface_get_height(target))
        let corners = [(0.5, 0.5), (Double(width) - 0.5, 0.5), (0.5, Double(height) - 0.5),
                       (Double(width) - 0.5, Double(height) - 0.5)]
            .map { (m.xx * $0.0 + m.xy * $0.1 + m.x0 + offsetX, m.yx * $0.0 + m.yy * $0.1 + m.y0 + offsetY) }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        guard let x0 = clampedPixel(xs.min()! - 1, surfaceWidth), let x1 = clampedPixel(xs.max()! + 1, surfaceWidth),
              let y0 = clampedPixel(ys.min()! - 1, surfaceHeight), let y1 = clampedPixel(ys.max()! + 1, surfaceHeight)
        else { return nil }
        guard x0 < x1, y0 < y1 else { return PixelRect.none }

        let rowBytes = Int(cairo_image_surface_get_stride(target))
        let sampler = Sampler(source: UnsafeRawPointer(source), stride: sourceStride, width: width, height: height,
                              alpha: alpha)
        cairo_surface_flush(target)
        var drawnMinX = Int.max, drawnMaxX = Int.min, drawnMinY = Int.max, drawnMaxY = Int.min
        for y in y0..<y1 {
            guard let span = inverse.span(row: y, width: width, height: height, within: x0..<x1) else { continue }
            let row = UnsafeMutableRawPointer(data + y * rowBytes).assumingMemoryBound(to: UInt32.self)
            sampler.blendRow(row, span: span, start: inverse.fixedStart(row: y, column: span.lowerBound),
                             step: inverse.fixedStep)
            drawnMinX = min(drawnMinX, span.lowerBound)
            drawnMaxX = max(drawnMaxX, span.upperBound)
            drawnMinY = min(drawnMinY, y)
            drawnMaxY = y + 1
        }
        guard drawnMinX < drawnMaxX else { return PixelRect.none }
        let drawn = PixelRect(x: drawnMinX - Int(offsetX.rounded()), y: drawnMinY - Int(offsetY.rounded()),
                              width: drawnMaxX - drawnMinX, height: drawnMaxY - drawnMinY)
        cairo_surface_mark_dirty_rectangle(target, Int32(drawn.x), Int32(drawn.y), Int32(drawn.width),
                                           Int32(drawn.height))
        return drawn
    }

    /// `value` rounded down and clamped to `0...limit`; `nil` when it is not finite.
    private static func clampedPixel(_ value: Double, _ limit: Int) -> Int? {
        guard value.isFinite else { return nil }
        // Clamped while still a Double, so the conversion cannot trap.
        return Int(min(max(value.rounded(.down), 0), Double(limit)))
    }

    /// Whether the image's outermost rows and columns are all transparent black.
    private static func hasTransparentBorder(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
                                             stride: Int) -> Bool {
        func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
            UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        }
        let top = row(0), bottom = row(height - 1)
        for x in 0..<width where top[x] | bottom[x] != 0 { return false }
        for y in 1..<(height - 1) where row(y)[0] | row(y)[width - 1] != 0 { return false }
        return true
    }
}

extension FastImage {
    /// The map from surface pixels to image sample coordinates, already shifted by half a pixel as
    /// pixman's bilinear fetch does (a sample at `(fx, fy)` blends the taps at `⌊fx⌋`, `⌊fx⌋ + 1`).
    struct DeviceToImage {
        var xx, xy, x0, yx, yy, y0: Double

        /// `nil` for a non-finite or singular transform, or one that shrinks by more than ``largestStep``.
        init?(_ m: cairo_matrix_t, offsetX: Double, offsetY: Double) {
            let det = m.xx * m.yy - m.xy * m.yx
            guard det.isFinite, det != 0 else { return nil }
            // The surface's pixel (x, y) is device (x − offset, y − offset).
            let tx = m.x0 + offsetX, ty = m.y0 + offsetY
            xx = m.yy / det
            xy = -m.xy / det
            yx = -m.yx / det
            yy = m.xx / det
            x0 = (m.xy * ty - m.yy * tx) / det - 0.5
            y0 = (m.yx * tx - m.xx * ty) / det - 0.5
            for value in [xx, xy, yx, yy] where !(abs(value) <= FastImage.largestStep) { return nil }
            guard x0.isFinite, y0.isFinite else { return nil }
        }

        /// The sample coordinates of the centre of pixel `column` in `row`.
        func sample(row: Int, column: Int) -> (Double, Double) {
            let px = Double(column) + 0.5, py = Double(row) + 0.5
            return (xx * px + xy * py + x0, yx * px + yy * py + y0)
        }

        /// The source step per pixel along a row, in 16.16 fixed point (each below 2²⁶ in magnitude).
        var fixedStep: (Int32, Int32) {
            (Int32((xx * 65536).rounded()), Int32((yx * 65536).rounded()))
        }

        /// The sample coordinates at pixel `column` of `row`, in 16.16 fixed point.
        func fixedStart(row: Int, column: Int) -> (Int32, Int32) {
            let (fx, fy) = sample(row: row, column: column)
            // Within a span both lie within a few steps of the image (see `span`), far inside Int32's
            // range; clamped anyway so that the conversion cannot trap.
            let limit = Double(1 << 30)
            return (Int32(min(max(fx * 65536, -limit), limit).rounded()),
                    Int32(min(max(fy * 65536, -limit), limit).rounded()))
        }

        /// The pixels of `row` within `bounds` whose sample may lie in `0 ..< width − 1` by
        /// `0 ..< height − 1` (with a pixel to spare each side: the fixed-point samples decide exactly);
        /// `nil` when there are none.
        func span(row: Int, width: Int, height: Int, within bounds: Range<Int>) -> Range<Int>? {
            let (fx, fy) = sample(row: row, column: 0)
            var low = Double(bounds.lowerBound), high = Double(bounds.upperBound)
            // Keeps the columns where `slope · x + value` lies in `0 ..< limit`.
            func constrain(_ slope: Double, _ value: Double, _ limit: Double) {
                if slope == 0 {
                    if !(value >= 0 && value < limit) { high = low }
                    return
                }
                let a = (0 - value) / slope, b = (limit - value) / slope
                low = max(low, min(a, b).rounded(.down) - 1)
                high = min(high, max(a, b).rounded(.up) + 1)
            }
            constrain(xx, fx, Double(width - 1))
            constrain(yx, fy, Double(height - 1))
            // `low` and `high` lie within `bounds` (or are NaN, which fails here), so the conversions are exact.
            guard low < high else { return nil }
            return Int(low)..<Int(high)
        }
    }
}
