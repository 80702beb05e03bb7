import CCairo
import FlipbookRaster
import Foundation

extension Bitmap {
    /// Draws into the bitmap through a ``CairoCanvas``, as SwiftUI's `Canvas { context, size in ... }`.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point. The context's user space is points (pixels ÷ `scale`), with the
    ///     origin at the top left and y pointing down.
    ///   - background: When not `nil`, every pixel is first replaced by this colour (`.clear` makes the
    ///     bitmap transparent), and any earlier ``drawingIssue`` is cleared. When `nil`, drawing goes
    ///     over the current contents.
    ///   - body: Draws; it receives the context and the bitmap's size in points.
    ///
    /// Drawing problems do not throw: they are kept in ``drawingIssue`` (see there). Only errors thrown
    /// by `body` propagate; what `body` drew before throwing stays in the bitmap.
    public mutating func draw(
        scale: CGFloat = 1, background: Color? = nil, _ body: (inout CairoCanvas, CGSize) throws -> Void
    ) rethrows {
        try draw(scale: scale, background: background, environment: EnvironmentValues(), symbols: [:], body)
    }

    /// Draws into the bitmap as ``draw(scale:background:_:)`` does, in `environment`: its colour scheme
    /// decides what semantic and asset-catalog colours (and a semantic `background`) draw as, and
    /// `Color("Name")` also looks in its asset catalogs.
    public mutating func draw(
        scale: CGFloat = 1, background: Color? = nil, environment: EnvironmentValues,
        _ body: (inout CairoCanvas, CGSize) throws -> Void
    ) rethrows {
        try draw(scale: scale, background: background, environment: environment, symbols: [:], body)
    }

    /// Draws into the bitmap as ``draw(scale:background:environment:_:)`` does, with `symbols` the
    /// closure can resolve by id (``CairoCanvas/resolveSymbol(id:)``), as SwiftUI's
    /// `Canvas(symbols:)` passes its views.
    public mutating func draw(
        scale: CGFloat = 1, background: Color? = nil, environment: EnvironmentValues = EnvironmentValues(),
        symbols: [AnyHashable: Symbol], _ body: (inout CairoCanvas, CGSize) throws -> Void
    ) rethrows {
        do {
            try makeUnique()
        } catch {
            // The pixels are shared with a copy and could not be duplicated: draw nothing, say why.
            drawingIssue = error as? FlipbookError
            return
        }
        if background != nil { drawingIssue = nil }
        guard scale.isFinite, scale > 0 else {
            if drawingIssue == nil {
                drawingIssue = .invalidInput(
                    "A drawing was skipped: the scale must be a positive, finite number of pixels per point; it is \(scale).")
            }
            return
        }
        let session: DrawingSession
        do {
            session = try DrawingSession(
                surface: storage.surface, size: CGSize(width: width, height: height), scale: scale, isRaster: true,
                plans: drawsInBands, environment: environment, symbols: symbols)
        } catch {
            if drawingIssue == nil { drawingIssue = error as? FlipbookError }
            return
        }
        defer {
            // Every shape is recorded by now, so the tiles drawn are known before the plan is drawn.
            if let drawn = session.dirty { storage.dirty.formUnion(drawn) }
            if let bandFinished {
                let pixels = FramePixels(storage)
                session.bandFinished = { rows in bandFinished(rows, pixels) }
            }
            session.finish()
            if drawingIssue == nil { drawingIssue = session.issue }
        }
        if let background, let cr = session.flushedContext() {
            clear(to: background.resolved(in: environment), cr: cr, session: session)
        }
        if storage.cleared?.pixel == 0 { session.inkBefore = storage.dirty }
        var context = CairoCanvas(session: session)
        try body(&context, CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale))
    }

    /// Paints every pixel `color`. When the pixels outside the dirty tiles are known to hold that
    /// colour already, only the dirty tiles are repainted: a frame of sparse confetti over a
    /// background then costs a few percent of a full repaint, and so does its conversion to video.
    /// A transparent repaint is left to `session`, which writes it before anything touches the pixels
    /// or leaves it to a first draw that zeroes the same rows.
    private mutating func clear(to color: Color, cr: OpaquePointer, session: DrawingSession) {
        let storage = self.storage
        if let known = storage.cleared, known.color == color {
            guard !storage.dirty.isEmpty else { return }
            if known.pixel == 0 {
                session.clearBeforeDrawing(storage.dirty, of: storage.targetPixels)
                storage.dirty.removeAll()
                return
            }
            cairo_surface_flush(storage.surface)
            storage.targetPixels.fill(storage.dirty, with: known.pixel)
            cairo_surface_mark_dirty(storage.surface)
        } else {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.opacity)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            // Cairo's own rounding of the colour, read back so later partial clears match it exactly.
            cairo_surface_flush(storage.surface)
            storage.cleared = cairo_status(cr) == CAIRO_STATUS_SUCCESS
                ? (color, storage.pixels.load(as: UInt32.self)) : nil
        }
        storage.dirty.removeAll()
    }
}
