import CCairo
import Foundation

extension CairoCanvas {
    /// Draws `image` stretched to fill `rect` (in user space), as vectors rendered at the pixels this
    /// context's transform gives it (in PDF and SVG stills, as vectors), with the context's opacity and
    /// blend mode.
    public func draw(_ image: SVGImage, in rect: CGRect) {
        guard let matrix = prepare("draw SVG image", rect: rect) else { return }
        let r = rect.standardized
        guard r.width > 0, r.height > 0, isVisible else { return }
        let m = CGAffineTransform(matrix)
        // Rendered in device space over the part of the rectangle the clip lets through, so the
        // vectors meet the pixel grid directly, then composited 1:1.
        let device = r.applying(m).pixelAligned.clamped(to: clipDeviceBounds.pixelAligned.clamped(to: session.bounds))
        guard device.width > 0, device.height > 0, let width = Int32(exactly: device.width),
              let height = Int32(exactly: device.height) else { return }
        // On a raster, pixels at the device's resolution; on a PDF or SVG page, a recording of the
        // vectors, which the page keeps as vectors. The image's origin is the rectangle's corner; the
        // recording's is the device's, so it needs no offset.
        let origin = session.isRaster ? device.origin : .zero
        let made: OpaquePointer?
        if session.isRaster {
            made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        } else {
            var extents = cairo_rectangle_t(x: Double(device.minX), y: Double(device.minY),
                                            width: Double(device.width), height: Double(device.height))
            made = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)
        }
        guard let surface = made else {
            session.record(FlipbookError(.internal, "draw SVG image: Cairo could not create a surface."))
            return
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            session.record(FlipbookError.cairo(cairo_surface_status(surface), while: "draw SVG image: creating a surface"))
            return
        }
        defer { cairo_destroy(cr) }
        // The document's box → the rectangle → device pixels → this surface.
        let size = image.size
        let toSurface = CGAffineTransform(translationX: -origin.x, y: -origin.y)
        let placed = CGAffineTransform(a: r.width / size.width, b: 0, c: 0, d: r.height / size.height, tx: r.minX, ty: r.minY)
            .concatenating(m).concatenating(toSurface)
        guard placed.isUsableByCairo else { return }
        var cm = cairo_matrix_t(placed)
        cairo_set_matrix(cr, &cm)
        do {
            try image.document.render(into: cr)
        } catch let error as FlipbookError {
            session.record(error)
            return
        } catch {
            return
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            session.record(FlipbookError.cairo(status, while: "draw SVG image: rendering"))
            return
        }
        cairo_surface_flush(surface)
        guard let pattern = cairo_pattern_create_for_surface(surface) else {
            session.record(FlipbookError(.internal, "draw SVG image: Cairo could not create a pattern."))
            return
        }
        var patternMatrix = cairo_matrix_t(toSurface)
        cairo_pattern_set_matrix(pattern, &patternMatrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        guard let source = adopt(pattern, operation: "draw SVG image") else { return }
        render(DrawCommand(shape: .rect(device), source: source, extraAlpha: clampedOpacity, matrix: .identity,
                           compositing: Compositing(blendMode)))
    }
}
