import CCairo
import FlipbookRaster
import Foundation

// Cairo's image surfaces handed to the raster layer's fast paths. Cairo must be told before its pixels
// are written directly (flush) and after (mark dirty); the raster layer never sees Cairo, so its fast
// paths are called between the two here.

extension TargetPixels {
    /// The pixels of `surface`; `nil` for a surface the fast paths cannot write (not an ARGB32 image,
    /// or without pixels).
    init?(_ surface: OpaquePointer) {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(surface)
        else { return nil }
        var x = 0.0, y = 0.0
        cairo_surface_get_device_offset(surface, &x, &y)
        self.init(image: surface, data: data, rowBytes: Int(cairo_image_surface_get_stride(surface)),
                  width: Int(cairo_image_surface_get_width(surface)),
                  height: Int(cairo_image_surface_get_height(surface)), offsetX: x, offsetY: y)
    }

    /// Tells Cairo that the pixels are about to be read or written directly.
    @inline(__always)
    func flush() {
        cairo_surface_flush(image)
    }

    /// Tells Cairo that the pixels of `drawn` (device pixels, as the fast paths report them) were
    /// written.
    @inline(__always)
    func markDirty(_ drawn: PixelRect) {
        guard drawn.width > 0, drawn.height > 0 else { return }
        cairo_surface_mark_dirty_rectangle(image, Int32(drawn.x), Int32(drawn.y), Int32(drawn.width),
                                           Int32(drawn.height))
    }
}

extension FastFillRasterizer {
    /// ``fill(_:transform:r:g:b:a:target:windows:)`` into an image surface; `nil` without drawing for
    /// a surface the fast paths cannot write or a fill that is not eligible.
    func fill(_ path: Path, matrix: cairo_matrix_t, r: Double, g: Double, b: Double, a: Double,
              target: OpaquePointer, windows: Bool = true) -> PixelRect? {
        guard let pixels = TargetPixels(target) else { return nil }
        pixels.flush()
        let drawn = fill(path, transform: CGAffineTransform(matrix), r: r, g: g, b: b, a: a, target: pixels,
                         windows: windows)
        if let drawn { pixels.markDirty(drawn) }
        return drawn
    }
}

extension FastRing {
    /// ``stroke(_:width:r:g:b:a:target:scratch:)`` into an image surface.
    static func stroke(_ circle: DeviceCircle, width: Double, r: Double, g: Double, b: Double, a: Double,
                       target: OpaquePointer, scratch: Scratch) -> PixelRect? {
        guard let pixels = TargetPixels(target) else { return nil }
        pixels.flush()
        let drawn = stroke(circle, width: width, r: r, g: g, b: b, a: a, target: pixels, scratch: scratch)
        if let drawn { pixels.markDirty(drawn) }
        return drawn
    }

    /// ``stroke(_:width:r:g:b:a:target:scratch:lanes:kernel:)`` into an image surface.
    static func stroke<Lanes: FourLanes>(_ circle: DeviceCircle, width: Double, r: Double, g: Double, b: Double,
                                         a: Double, target: OpaquePointer, scratch: Scratch, lanes: Lanes.Type,
                                         kernel: Kernel) -> PixelRect? {
        guard let pixels = TargetPixels(target) else { return nil }
        pixels.flush()
        let drawn = stroke(circle, width: width, r: r, g: g, b: b, a: a, target: pixels, scratch: scratch,
                           lanes: Lanes.self, kernel: kernel)
        if let drawn { pixels.markDirty(drawn) }
        return drawn
    }
}

extension DeviceCircle {
    /// Cairo's matrix type, named here so tests can build one without importing Cairo.
    typealias Matrix = cairo_matrix_t

    /// ``init(_:transform:)`` for a path drawn through a Cairo matrix.
    init?(_ path: Path, matrix: cairo_matrix_t) {
        self.init(path, transform: CGAffineTransform(matrix))
    }
}

extension FastImage.Source {
    /// The pixels of `image`; `nil` when it is not an ARGB32 image surface the fast path can draw.
    /// The surface must outlive the source unchanged.
    init?(_ image: OpaquePointer) {
        guard cairo_surface_get_type(image) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(image) == CAIRO_FORMAT_ARGB32
        else { return nil }
        cairo_surface_flush(image)
        guard let data = cairo_image_surface_get_data(image) else { return nil }
        self.init(pixels: UnsafeRawPointer(data), width: Int(cairo_image_surface_get_width(image)),
                  height: Int(cairo_image_surface_get_height(image)),
                  stride: Int(cairo_image_surface_get_stride(image)))
    }
}

extension FastImage {
    /// ``paint(_:imageToDevice:opacity:target:)`` into an image surface; `nil` without drawing for a
    /// surface the fast path cannot write or a paint that is not eligible.
    static func paint(_ image: Source, imageToDevice: cairo_matrix_t, opacity: Double,
                      target: OpaquePointer) -> PixelRect? {
        guard let pixels = TargetPixels(target) else { return nil }
        pixels.flush()
        let drawn = paint(image, imageToDevice: CGAffineTransform(imageToDevice), opacity: opacity, target: pixels)
        if let drawn { pixels.markDirty(drawn) }
        return drawn
    }
}

extension PlusDarker {
    /// Composites the group in `group` (a pattern drawn over transparency) onto `target` over the
    /// device rectangle `extents`. Returns `false` when either is not an ARGB32 image (the caller then
    /// falls back to Cairo's multiply).
    static func composite(group: OpaquePointer, onto target: OpaquePointer?, extents: CGRect) -> Bool {
        guard let target else { return false }
        var groupSurface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &groupSurface) == CAIRO_STATUS_SUCCESS, let source = groupSurface,
              let sourcePixels = TargetPixels(source), let targetPixels = TargetPixels(target)
        else { return false }
        sourcePixels.flush()
        targetPixels.flush()
        let written = composite(group: sourcePixels, onto: targetPixels, extents: extents)
        // Pixels of the surface, device offset included: marked as they are.
        if written.width > 0, written.height > 0 {
            cairo_surface_mark_dirty_rectangle(target, Int32(written.x), Int32(written.y), Int32(written.width),
                                               Int32(written.height))
        }
        return true
    }
}
