import CCairo
import Foundation

/// The Cairo context behind every copy of a ``CairoCanvas`` drawing into one raster or vector page.
///
/// One session exists per `Bitmap.draw` or `Bitmap.writeVector` call. It owns the `cairo_t` (freed in
/// ``finish()`` or `deinit`), remembers which clip list Cairo currently has so consecutive draws with
/// the same clip do not clip again, and records the first drawing problem.
final class DrawingSession {
    /// The Cairo context; `nil` once the session has finished (later draws are ignored).
    private(set) var cr: OpaquePointer?
    /// Device pixels per user-space point.
    let scale: CGFloat
    /// The target's extent in device units.
    let bounds: CGRect
    /// Whether the target is an image surface whose pixels the canvas may read and write.
    let isRaster: Bool
    /// On a vector page, the pixels per point at which filtered groups are rasterized (set by
    /// `Bitmap.writeVector`, already within ``vectorFilterPixels``); unused on raster targets.
    var vectorRasterScale = vectorFilterScale
    /// The first problem met while drawing.
    private(set) var issue: FlipbookError?

    /// The clip list Cairo currently has applied (valid when ``clipIsKnown``).
    var appliedClip: ClipNode?
    var clipIsKnown = true

    /// The tiles this session's drawing may have changed, for raster targets (`nil` for vector
    /// pages, where nothing reads them). Marked from each command's device extents before it is
    /// drawn, so it covers everything drawn, including into layers.
    private(set) var dirty: DirtyTiles?

    /// The rasterizer for small solid fills, with its reusable scratch buffers. A constant, not made
    /// lazily: reading a lazy property retains and releases it on every fill.
    let fastFill = FastFillRasterizer()
    /// The ring fast path's reusable buffer (a constant for the same reason).
    let fastRing = FastRing.Scratch()

    /// Creates a context drawing into `surface` (which the caller keeps alive; Cairo also references it).
    init(surface: OpaquePointer, size: CGSize, scale: CGFloat, isRaster: Bool) throws {
        guard let cr = cairo_create(surface) else {
            throw FlipbookError(.internal, "Creating a Cairo drawing context failed.")
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw FlipbookError.cairo(status, while: "Creating a Cairo drawing context")
        }
        self.cr = cr
        self.scale = scale
        self.bounds = CGRect(origin: .zero, size: size)
        self.isRaster = isRaster
        if isRaster {
            dirty = DirtyTiles(width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
        }
    }

    /// Marks the device pixels of `rect` as drawn into.
    func markDirty(_ rect: PixelRect) {
        dirty?.mark(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    /// Records `problem` met by `operation` unless an earlier problem was recorded.
    func record(_ operation: String, _ problem: String) {
        guard issue == nil else { return }
        issue = FlipbookError.invalidInput(
            "A drawing operation was skipped: \(operation): \(problem).")
    }

    /// Records a Cairo failure unless an earlier problem was recorded.
    func record(_ error: FlipbookError) {
        if issue == nil { issue = error }
    }

    /// Ends drawing: checks Cairo's status and frees the context. Later draws are ignored.
    func finish() {
        guard let cr else { return }
        let status = cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS {
            record(FlipbookError.cairo(status, while: "Drawing"))
        }
        cairo_destroy(cr)
        self.cr = nil
        appliedClip = nil
    }

    deinit {
        if let cr { cairo_destroy(cr) }
    }
}
