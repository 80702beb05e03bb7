import CCairo

/// The pixels of the ARGB32 image surface a fast path draws into, read from Cairo once.
struct TargetPixels {
    let surface: OpaquePointer
    let data: UnsafeMutablePointer<UInt8>
    let rowBytes: Int
    let width: Int
    let height: Int
    /// The surface's device offset (non-zero inside groups Cairo clipped to an extent).
    let offsetX: Double
    let offsetY: Double

    /// `nil` for a surface the fast paths cannot write (not an ARGB32 image, or without pixels).
    init?(_ surface: OpaquePointer) {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(surface)
        else { return nil }
        self.surface = surface
        self.data = data
        rowBytes = Int(cairo_image_surface_get_stride(surface))
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        var x = 0.0, y = 0.0
        cairo_surface_get_device_offset(surface, &x, &y)
        offsetX = x
        offsetY = y
    }

    /// Surface pixels as device pixels (offsets are whole pixels, and most often none: a libm call
    /// each otherwise).
    func device(_ x: Int, _ y: Int, width: Int, height: Int) -> PixelRect {
        PixelRect(x: x - (offsetX == 0 ? 0 : Int(offsetX.rounded())),
                  y: y - (offsetY == 0 ? 0 : Int(offsetY.rounded())), width: width, height: height)
    }
}
