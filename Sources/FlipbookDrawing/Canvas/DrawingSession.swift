import CCairo
import FlipbookRaster
import Foundation

/// The Cairo context behind every copy of a ``CairoCanvas`` drawing into one raster or vector page.
///
/// One session exists per `Bitmap.draw` or `Bitmap.writeVector` call. It owns the `cairo_t` (freed in
/// ``finish()`` or `deinit`), remembers which clip list Cairo currently has so consecutive draws with
/// the same clip do not clip again, and records the first drawing problem.
final class DrawingSession {
    /// The Cairo context; `nil` once the session has finished (later draws are ignored).
    private var context: OpaquePointer?

    /// The Cairo context, for drawing with it, once the pending clear is written and whatever the
    /// ``plan`` holds is drawn, so that what Cairo draws (or reads) comes after them. `nil` once the
    /// session has finished. A method, not a property, because it writes pixels before it answers.
    func flushedContext() -> OpaquePointer? {
        if pendingClear != nil { writeClear() }
        if let plan, !plan.isEmpty { drawPlan() }
        return context
    }

    /// The Cairo context once the pending clear is written, without drawing what is planned: for the
    /// fast paths that add to the plan, and for checks that draw nothing. A method, not a property,
    /// because it writes the pending clear before it answers.
    func clearedContext() -> OpaquePointer? {
        if pendingClear != nil { writeClear() }
        return context
    }

    /// The Cairo context without drawing what is planned or writing the pending clear: for a draw
    /// that settles the clear itself (``writeClear(except:)``) before it touches the pixels.
    var contextBeforeClear: OpaquePointer? { context }

    /// A transparent clear of a raster target not written yet: the tiles the last drawing left, in
    /// the target's pixels. Written before anything else touches the pixels, unless the first draw
    /// zeroes those rows itself (a Lottie frame: rlottie clears every row it draws on).
    private var pendingClear: (tiles: DirtyTiles, pixels: TargetPixels)?

    /// Clears `tiles` of `pixels` to transparent before anything else touches them (at the latest when
    /// the session finishes). Drawing already treats them as transparent (see ``isTransparent(_:)``).
    func clearBeforeDrawing(_ tiles: DirtyTiles, of pixels: TargetPixels) {
        writeClear()
        pendingClear = tiles.isEmpty ? nil : (tiles, pixels)
    }

    /// Writes the pending clear, but for the bytes at offsets `zeroed` from the target's first pixel,
    /// which the caller is about to zero itself.
    func writeClear(except zeroed: Range<Int> = 0..<0) {
        guard let (tiles, pixels) = pendingClear else { return }
        pendingClear = nil
        pixels.flush()
        pixels.fill(tiles, with: 0, except: zeroed)
        cairo_surface_mark_dirty(pixels.image)
    }

    /// Whether the session still draws (it has not finished).
    var isOpen: Bool { context != nil }

    /// The fast fills and rings recorded to be drawn band by band (``FramePlan``), on raster targets
    /// drawn with planning on; `nil` draws each shape when it comes.
    let plan: FramePlan?

    /// Called with each band's rows when the last plan (the one drawn as the session finishes) has
    /// drawn it: everything above those rows' end is final then.
    var bandFinished: ((Range<Int>) -> Void)?
    /// Device pixels per user-space point.
    let scale: CGFloat
    /// The target's extent in device units.
    let bounds: CGRect
    /// Whether the target is an image surface whose pixels the canvas may read and write.
    let isRaster: Bool
    /// On a vector page, the pixels per point at which filtered groups are rasterized (set by
    /// `Bitmap.writeVector`, already within ``vectorFilterPixels``); unused on raster targets.
    var vectorRasterScale = vectorFilterScale
    /// What the drawing is made in (its colour scheme, its asset catalogs).
    let environment: EnvironmentValues
    /// The symbols the drawing was given, by id, with their rasters once resolved.
    let symbols: SymbolTable
    /// The first problem met while drawing.
    private(set) var issue: FlipbookError?

    /// The clip list Cairo currently has applied (valid when ``clipIsKnown``).
    var appliedClip: ClipNode?
    var clipIsKnown = true

    /// The tiles this session's drawing may have changed, for raster targets (`nil` for vector
    /// pages, where nothing reads them). Marked from each command's device extents before it is
    /// drawn, so it covers everything drawn, including into layers.
    private(set) var dirty: DirtyTiles?

    /// The tiles drawn into before this session since the picture was last cleared to transparent
    /// (outside them it is still transparent); `nil` when its clear colour is not transparent or not
    /// known. Set by `Bitmap.draw` once it has cleared.
    var inkBefore: DirtyTiles?

    /// Whether every pixel of `rect` (device pixels of the picture) is known to be transparent still:
    /// the picture was cleared to transparent and nothing has been drawn there since.
    func isTransparent(_ rect: PixelRect) -> Bool {
        guard let inkBefore, let dirty, inkBefore.width == dirty.width, inkBefore.height == dirty.height else { return false }
        return !inkBefore.touches(rect) && !dirty.touches(rect)
    }

    /// The rasterizer for small solid fills, with its reusable scratch buffers. A constant, not made
    /// lazily: reading a lazy property retains and releases it on every fill.
    let fastFill = FastFillRasterizer()
    /// The ring fast path's reusable buffer (a constant for the same reason).
    let fastRing = FastRing.Scratch()

    /// Creates a context drawing into `surface` (which the caller keeps alive; Cairo also references it).
    /// `plans`: whether a raster target's fast fills and rings are recorded and drawn band by band.
    init(surface: OpaquePointer, size: CGSize, scale: CGFloat, isRaster: Bool, plans: Bool = false,
         environment: EnvironmentValues = EnvironmentValues(), symbols: [AnyHashable: Symbol] = [:]) throws {
        guard let cr = cairo_create(surface) else {
            throw FlipbookError(.internal, "Creating a Cairo drawing context failed.")
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw FlipbookError.cairo(status, while: "Creating a Cairo drawing context")
        }
        context = cr
        self.environment = environment
        self.symbols = SymbolTable(symbols, rasterises: isRaster)
        plan = isRaster && plans ? FramePlan() : nil
        self.scale = scale
        self.bounds = CGRect(origin: .zero, size: size)
        self.isRaster = isRaster
        if isRaster {
            dirty = DirtyTiles(width: Int(saturating: size.width, rounded: .up), height: Int(saturating: size.height, rounded: .up))
        }
    }

    /// Draws what the plan holds.
    func drawPlan(bandFinished: ((Range<Int>) -> Void)? = nil) {
        guard let plan, let target = plan.target else { return }
        writeClear()
        target.flush()
        plan.draw(fills: fastFill, rings: fastRing, bandFinished: bandFinished)
        cairo_surface_mark_dirty(target.image)
    }

    /// Marks the device pixels of `rect` as drawn into.
    func markDirty(_ rect: PixelRect) {
        guard dirty != nil else { return }
        dirty?.mark(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        if !layerInk.isEmpty, rect.width > 0, rect.height > 0 {
            let r = CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            layerInk[layerInk.count - 1] = layerInk[layerInk.count - 1]?.union(r) ?? r
        }
    }

    /// The device pixels drawn into each open ``CairoCanvas/drawLayer(content:)``, innermost last:
    /// everything drawn is marked (see ``dirty``), so a filtered layer is filtered over what was drawn
    /// into it rather than over the whole clip. Raster targets only; `nil` entries: nothing drawn yet.
    private var layerInk: [CGRect?] = []

    /// Starts collecting what is drawn into a layer.
    func beginLayerInk() {
        layerInk.append(nil)
    }

    /// Stops collecting for the innermost layer: the device pixels drawn into it (`.null` for none),
    /// or `nil` where drawing is not tracked (vector pages).
    func endLayerInk() -> CGRect? {
        let ink = layerInk.popLast() ?? nil
        return dirty == nil ? nil : ink ?? .null
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
        guard let cr = context else { return }
        writeClear()
        if let plan, !plan.isEmpty {
            drawPlan(bandFinished: bandFinished)
        } else if let bandFinished {
            // Nothing planned: every band is final already.
            FramePlan.bands(height: Int(saturating: bounds.height, rounded: .up)).forEach(bandFinished)
        }
        let status = cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS {
            record(FlipbookError.cairo(status, while: "Drawing"))
        }
        cairo_destroy(cr)
        context = nil
        appliedClip = nil
    }

    deinit {
        if let context { cairo_destroy(context) }
    }
}
