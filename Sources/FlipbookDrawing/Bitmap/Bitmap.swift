import CCairo
import FlipbookRaster
import Foundation

/// A raster image: premultiplied ARGB32 pixels in a Cairo image surface, with value semantics.
///
/// Copies share pixels until one of them is drawn into (copy-on-write). In memory each pixel is a
/// native-endian 32-bit word `0xAARRGGBB`, i.e. bytes B, G, R, A on little-endian machines, with the
/// colour channels premultiplied by alpha.
public struct Bitmap: @unchecked Sendable {
    // @unchecked: the storage is only mutated after a uniqueness check (copy-on-write), so a Bitmap
    // handed to another thread never shares mutable pixels with its sender.
    package var storage: SurfaceStorage

    /// The first problem met while drawing into this bitmap, or `nil`.
    ///
    /// Drawing never throws on bad input: an operation given a NaN or infinite coordinate, transform,
    /// line width or rectangle is skipped and the problem is kept here (the first one only), and a
    /// Cairo failure while drawing is kept here too. ``pngData()`` and ``writePNG(to:)`` throw it, so a
    /// picture with a part silently missing is never written. Drawing with a non-nil `background`
    /// replaces the whole picture and clears it.
    public internal(set) var drawingIssue: FlipbookError?

    /// Whether drawing records the fast fills and rings and draws them band by band (``FramePlan``)
    /// rather than each when it comes; the pixels are the same. Off unless switched on (see
    /// ``FramePlan/isOnByDefault``, which says why); benchmarks and tests switch it.
    package var drawsInBands: Bool

    /// When set, drawing calls it with each band's rows (top to bottom, covering the bitmap) as the
    /// band's pixels become final at the end of a ``draw(scale:background:_:)``, while they are still
    /// in the cache: the render converts them to video there.
    package var bandFinished: ((_ rows: Range<Int>, _ pixels: FramePixels) -> Void)?

    /// The largest width or height, in pixels, that a bitmap may have (Cairo's own limit).
    public static let maximumDimension = 32767
    /// The largest number of pixels a bitmap may hold (1 GiB of pixel data).
    public static let maximumPixelCount = 1 << 28

    /// Whether a bitmap of `width` × `height` pixels can be made: each side from 1 to
    /// ``maximumDimension`` and at most ``maximumPixelCount`` pixels in all. The one statement of the
    /// rule that timelines, contact sheets and Lottie frames are checked against.
    public static func fits(width: Int, height: Int) -> Bool {
        let sides = 1...maximumDimension
        return sides.contains(width) && sides.contains(height)
            && width.multipliedReportingOverflow(by: height).partialValue <= maximumPixelCount
    }

    /// Creates a fully transparent bitmap of the given size in pixels.
    ///
    /// - Throws: ``FlipbookError`` when a side is zero or negative, when a side exceeds
    ///   ``maximumDimension``, when the area exceeds ``maximumPixelCount``, or when Cairo cannot
    ///   allocate the surface.
    public init(width: Int, height: Int) throws {
        self.init(storage: try SurfaceStorage(width: width, height: height))
    }

    package init(storage: SurfaceStorage) {
        self.storage = storage
        drawsInBands = FramePlan.isOnByDefault
    }

    /// Width in pixels.
    public var width: Int { storage.width }
    /// Height in pixels.
    public var height: Int { storage.height }
    /// The number of bytes between the starts of two rows (at least `4 × width`).
    public var bytesPerRow: Int { storage.stride }

    /// Calls `body` with the premultiplied pixel bytes (see ``Bitmap``) and the row stride in bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(storage.surface)
        return try body(UnsafeRawBufferPointer(start: storage.pixels, count: storage.byteCount), storage.stride)
    }

    /// Calls `body` with writable premultiplied pixel bytes and the row stride in bytes.
    ///
    /// - Throws: ``FlipbookError`` when the pixels are shared with a copy of this bitmap and cannot
    ///   be duplicated (out of memory), or whatever `body` throws.
    public mutating func withUnsafeMutableBytes<R>(
        _ body: (UnsafeMutableRawBufferPointer, _ bytesPerRow: Int) throws -> R
    ) throws -> R {
        try makeUnique()
        let surface = storage.surface
        cairo_surface_flush(surface)
        // Anything may be written: forget what the pixels were known to hold.
        storage.cleared = nil
        storage.dirty.markAll()
        defer { cairo_surface_mark_dirty(surface) }
        return try body(UnsafeMutableRawBufferPointer(start: storage.pixels, count: storage.byteCount), storage.stride)
    }

    /// The colour of one pixel, un-premultiplied. Coordinates outside the bitmap give `.clear`.
    public func pixel(x: Int, y: Int) -> Color {
        guard x >= 0, y >= 0, x < width, y < height else { return .clear }
        return withUnsafeBytes { bytes, stride in
            let word = bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            let a = Double(word >> 24), r = Double((word >> 16) & 0xFF)
            let g = Double((word >> 8) & 0xFF), b = Double(word & 0xFF)
            guard a > 0 else { return .clear }
            return Color(red: r / a, green: g / a, blue: b / a, opacity: a / 255)
        }
    }

    /// The pixel value that every pixel outside ``SurfaceStorage/dirty`` holds, when known: after a
    /// clear through ``draw(scale:background:_:)``, or for a new bitmap (transparent, 0). `nil` when
    /// the contents are not known (decoded from a file, or written through
    /// ``withUnsafeMutableBytes(_:)``).
    package var clearPixel: UInt32? { storage.cleared?.pixel }

    /// The tiles drawing has marked since the last clear (see ``clearPixel``).
    package var dirtyTiles: DirtyTiles { storage.dirty }

    /// Calls `body` with the pixels as the conversions to video read them, with ``clearPixel`` and
    /// ``dirtyTiles``: the bitmap's own memory, not a copy.
    package func withFramePixels<R>(_ body: (FramePixels) throws -> R) rethrows -> R {
        cairo_surface_flush(storage.surface)
        return try withExtendedLifetime(storage) { try body(FramePixels(storage)) }
    }

    /// Makes this bitmap the only owner of its pixels, copying them if they are shared.
    package mutating func makeUnique() throws {
        if !isKnownUniquelyReferenced(&storage) {
            storage = try storage.copy()
        }
    }
}

extension FramePixels {
    /// The pixels of `storage` as they are now, valid while it lives and is not drawn into.
    init(_ storage: SurfaceStorage) {
        self.init(pixels: UnsafeRawPointer(storage.pixels), bytesPerRow: storage.stride, width: storage.width,
                  height: storage.height, clearPixel: storage.cleared?.pixel, dirtyTiles: storage.dirty)
    }
}

/// Owns one Cairo image surface; frees it when the last `Bitmap` sharing it goes away.
package final class SurfaceStorage {
    package let surface: OpaquePointer
    package let width: Int
    package let height: Int
    package let stride: Int
    /// The surface's pixel memory, checked once when the storage is made.
    package let pixels: UnsafeMutableRawPointer

    /// The colour of the last clear and the pixel value it left, when every pixel outside ``dirty``
    /// still holds it; `nil` when the contents are not known.
    package var cleared: (color: Color, pixel: UInt32)?
    /// The tiles drawn into since the last clear.
    package var dirty: DirtyTiles

    /// The number of bytes of pixel memory: `stride × height`.
    package var byteCount: Int { stride * height }

    /// The pixels as the fast paths write them.
    var targetPixels: TargetPixels {
        TargetPixels(image: surface, data: pixels.assumingMemoryBound(to: UInt8.self), rowBytes: stride, width: width,
                     height: height, offsetX: 0, offsetY: 0)
    }

    convenience init(width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            throw FlipbookError.invalidInput(
                "A bitmap must be at least 1×1 pixel; \(width)×\(height) was requested.")
        }
        guard Bitmap.fits(width: width, height: height) else {
            throw FlipbookError.invalidInput(
                "A bitmap of \(width)×\(height) pixels is too large: each side may be at most "
                    + "\(Bitmap.maximumDimension) and the area at most \(Bitmap.maximumPixelCount) pixels.")
        }
        guard let surface = SpareRow.surface(width: Int32(width), height: Int32(height)) else {
            throw FlipbookError(.internal, "Cannot create a \(width)×\(height) bitmap: out of memory.")
        }
        try self.init(adopting: surface, what: "a \(width)×\(height) bitmap")
        // Cairo hands out new image surfaces cleared to transparent black.
        cleared = (.clear, 0)
        dirty.removeAll()
    }

    /// Takes ownership of an image surface: it is destroyed here when it is unusable (an error status
    /// or no pixel memory, reported as a thrown error that names `what`), and in deinit otherwise.
    package init(adopting surface: OpaquePointer, what: String) throws {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let pixels = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            let reason = status == CAIRO_STATUS_SUCCESS
                ? "it has no pixel memory" : String(cString: cairo_status_to_string(status))
            throw FlipbookError(.internal, "Cannot create \(what): \(reason).")
        }
        self.surface = surface
        self.pixels = UnsafeMutableRawPointer(pixels)
        self.width = Int(cairo_image_surface_get_width(surface))
        self.height = Int(cairo_image_surface_get_height(surface))
        self.stride = Int(cairo_image_surface_get_stride(surface))
        // Contents unknown: every tile may hold anything.
        cleared = nil
        dirty = DirtyTiles(width: width, height: height)
        dirty.markAll()
    }

    /// A new storage holding the same pixels.
    package func copy() throws -> SurfaceStorage {
        let copy = try SurfaceStorage(width: width, height: height)
        cairo_surface_flush(surface)
        memcpy(copy.pixels, pixels, byteCount)
        cairo_surface_mark_dirty(copy.surface)
        copy.cleared = cleared
        copy.dirty = dirty
        return copy
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
