import CCairo
import Foundation

extension CairoCanvas {
    /// Draws `image` scaled to fill `rect` (in user space), with this context's opacity and blend mode.
    public func draw(_ image: Bitmap, in rect: CGRect) {
        guard let matrix = prepare("draw image") else { return }
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
            session.record("draw image", "the rectangle is not finite (\(rect))")
            return
        }
        let r = rect.standardized
        guard r.width > 0, r.height > 0, isVisible else { return }
        guard let pattern = cairo_pattern_create_for_surface(image.storage.surface) else {
            session.record(FlipbookError(.internal, "draw image: Cairo could not create an image pattern."))
            return
        }
        let owned = PatternRef(pattern)
        let status = cairo_pattern_status(pattern)
        guard status == CAIRO_STATUS_SUCCESS else {
            session.record(FlipbookError.cairo(status, while: "draw image: creating an image pattern"))
            return
        }
        // User space → image pixels.
        let sx = Double(image.width) / Double(r.width), sy = Double(image.height) / Double(r.height)
        var imageMatrix = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy, x0: -Double(r.minX) * sx, y0: -Double(r.minY) * sy)
        cairo_pattern_set_matrix(pattern, &imageMatrix)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        render(DrawCommand(
            shape: .rect(r), source: .pattern(owned), extraAlpha: clampedOpacity, matrix: matrix,
            compositing: Compositing(blendMode)))
    }

    /// Draws `image` at its natural size (one point per pixel) with `anchor` placed at `point`.
    public func draw(_ image: Bitmap, at point: CGPoint, anchor: UnitPoint = .center) {
        let w = CGFloat(image.width), h = CGFloat(image.height)
        draw(image, in: CGRect(x: point.x - anchor.x * w, y: point.y - anchor.y * h, width: w, height: h))
    }
}
