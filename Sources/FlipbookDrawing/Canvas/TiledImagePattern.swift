import CCairo
import Foundation

extension CairoCanvas {
    /// A repeating pattern of `image`'s `sourceRect` (unit coordinates, rounded out to whole pixels),
    /// each tile the image's point size × the rectangle's size × `scale`, a tile's corner at `origin`
    /// in user space, at `opacity`. The tile is copied into its own surface, so Cairo repeats exactly
    /// that part of the image.
    func tiledImageSource(_ image: Image, origin: CGPoint, sourceRect: CGRect, scale: CGFloat, opacity: Double,
                          operation: String) -> DrawSource? {
        // The image of nothing tiles nothing; an image from an asset catalog is looked up first.
        let image = image.resolved(pixelsPerPoint: session.isRaster ? session.scale : session.vectorRasterScale,
                                   environment: session.environment)
        guard let bitmap = image.bitmap else { return nil }
        let unit = sourceRect.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        let w = Double(bitmap.width), h = Double(bitmap.height)
        // Clamped to the image before converting, so the pixel numbers cannot overflow.
        let x0 = Int(saturating: Double(unit.minX) * w, rounded: .down), y0 = Int(saturating: Double(unit.minY) * h, rounded: .down)
        let x1 = Int(saturating: Double(unit.maxX) * w, rounded: .up), y1 = Int(saturating: Double(unit.maxY) * h, rounded: .up)
        let tileWidth = max(x1 - x0, 1), tileHeight = max(y1 - y0, 1)
        guard let tile = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(tileWidth), Int32(tileHeight)) else {
            session.record(FlipbookError(.internal, "\(operation): Cairo could not create a tile surface."))
            return nil
        }
        defer { cairo_surface_destroy(tile) }
        guard let cr = cairo_create(tile) else {
            session.record(FlipbookError(.internal, "\(operation): Cairo could not draw a tile."))
            return nil
        }
        cairo_set_source_surface(cr, bitmap.storage.surface, Double(-x0), Double(-y0))
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint_with_alpha(cr, opacity)
        let status = cairo_status(cr)
        cairo_destroy(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            session.record(FlipbookError.cairo(status, while: "\(operation): drawing a tile"))
            return nil
        }
        // A tile's size in points: the image's points for those pixels, times the scale.
        let pointsPerPixel = Double(scale / image.scale)
        guard let pattern = cairo_pattern_create_for_surface(tile) else {
            session.record(FlipbookError(.internal, "\(operation): Cairo could not create a tile pattern."))
            return nil
        }
        // User space → tile pixels.
        var matrix = cairo_matrix_t(xx: 1 / pointsPerPixel, yx: 0, xy: 0, yy: 1 / pointsPerPixel,
                                    x0: -Double(origin.x) / pointsPerPixel, y0: -Double(origin.y) / pointsPerPixel)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        return adopt(pattern, operation: operation)
    }
}
