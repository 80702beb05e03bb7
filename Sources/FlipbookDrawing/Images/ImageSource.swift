import CCairo
import Foundation

extension DrawSource {
    /// `image` stretched over the user-space rectangle `rect`, padded at its edges and sampled with
    /// Cairo's "good" filter; `nil` (with the reason) when Cairo cannot make the pattern.
    static func image(_ image: Bitmap, filling rect: CGRect) -> Result<DrawSource, FlipbookError> {
        guard let pattern = cairo_pattern_create_for_surface(image.storage.surface) else {
            return .failure(FlipbookError(.internal, "draw image: Cairo could not create an image pattern."))
        }
        let owned = PatternRef(pattern)
        let status = cairo_pattern_status(pattern)
        guard status == CAIRO_STATUS_SUCCESS else {
            return .failure(FlipbookError.cairo(status, while: "draw image: creating an image pattern"))
        }
        // User space → image pixels.
        let sx = Double(image.width) / Double(rect.width), sy = Double(image.height) / Double(rect.height)
        var imageMatrix = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy, x0: -Double(rect.minX) * sx, y0: -Double(rect.minY) * sy)
        cairo_pattern_set_matrix(pattern, &imageMatrix)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        return .success(.pattern(owned))
    }
}
