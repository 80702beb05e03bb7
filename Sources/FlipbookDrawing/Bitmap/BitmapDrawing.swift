import CCairo
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
                drawingIssue = .invalidArgument(
                    "A drawing was skipped: the scale must be a positive, finite number of pixels per point; it is \(scale).")
            }
            return
        }
        let session: DrawingSession
        do {
            session = try DrawingSession(
                surface: storage.surface, size: CGSize(width: width, height: height), scale: scale, isRaster: true)
        } catch {
            if drawingIssue == nil { drawingIssue = error as? FlipbookError }
            return
        }
        defer {
            session.finish()
            if drawingIssue == nil { drawingIssue = session.issue }
        }
        if let background, let cr = session.cr {
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.opacity)
            cairo_paint(cr)
        }
        var context = CairoCanvas(session: session)
        try body(&context, CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale))
    }
}
