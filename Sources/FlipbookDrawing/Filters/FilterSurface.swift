import CCairo
import FlipbookRaster
import Foundation

extension FilterImage {
    /// The pixels of an ARGB32 image surface (a transparent image when it has none).
    init(surface: OpaquePointer) {
        guard let pixels = TargetPixels(surface) else {
            self.init(width: Int(cairo_image_surface_get_width(surface)),
                      height: Int(cairo_image_surface_get_height(surface)))
            return
        }
        pixels.flush()
        self.init(pixels)
    }

    /// Writes the pixels into an ARGB32 image surface of the same size (see store(into:)-(TargetPixels)).
    func store(into surface: OpaquePointer) {
        guard let pixels = TargetPixels(surface) else { return }
        pixels.flush()
        store(into: pixels)
        cairo_surface_mark_dirty(surface)
    }
}

/// Owns one Cairo image surface.
final class ImageSurfaceRef {
    let surface: OpaquePointer

    /// A transparent ARGB32 surface of `width × height` pixels, or `nil` (with Cairo's reason).
    static func make(width: Int, height: Int) -> Result<ImageSurfaceRef, FlipbookError> {
        guard width > 0, height > 0, width <= Bitmap.maximumDimension, height <= Bitmap.maximumDimension,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else {
            return .failure(FlipbookError(.internal, "A filter layer of \(width)×\(height) pixels could not be made."))
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return .failure(FlipbookError.cairo(status, while: "Making a filter layer"))
        }
        return .success(ImageSurfaceRef(surface))
    }

    private init(_ surface: OpaquePointer) {
        self.surface = surface
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
