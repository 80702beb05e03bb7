import CCairo
import Foundation

/// A layer being filtered: premultiplied `(r, g, b, a)` pixels in `0...1`, row by row, in floating
/// point so that a chain of filters rounds once, when the result goes back to 8 bits.
struct FilterImage {
    let width: Int
    let height: Int
    var pixels: [SIMD4<Float>]

    init(width: Int, height: Int, pixels: [SIMD4<Float>]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent image.
    init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [SIMD4<Float>](repeating: .zero, count: width * height))
    }

    /// The pixels of an ARGB32 image surface.
    init(surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        self.width = width
        self.height = height
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [SIMD4<Float>](repeating: .zero, count: width * height)
        if let data = cairo_image_surface_get_data(surface) {
            let w = width
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w {
                        let p = row[x]
                        out[y * w + x] = SIMD4<Float>(Float((p >> 16) & 0xFF), Float((p >> 8) & 0xFF),
                                                      Float(p & 0xFF), Float(p >> 24)) * (1 / 255)
                    }
                }
            }
        }
        self.pixels = pixels
    }

    /// Writes the pixels into an ARGB32 image surface of the same size, rounded to 8 bits and kept
    /// premultiplied (no colour above its alpha).
    func store(into surface: OpaquePointer) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface)), w = width
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    // Adding ½ and truncating rounds to nearest, halves up (the values are not negative).
                    let v = (source[y * w + x] * 255 + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                    let a = UInt32(v.w)
                    let r = min(UInt32(v.x), a), g = min(UInt32(v.y), a), b = min(UInt32(v.z), a)
                    row[x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
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
