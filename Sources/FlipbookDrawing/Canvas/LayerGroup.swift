import CCairo
import Foundation

/// A transparency layer being drawn: Cairo's group, pushed over a device-space rectangle and popped
/// exactly once, as a pattern when the content finished or discarded when it threw.
///
/// The context's `drawLayer` owns one for the span of its content closure; everything Cairo about
/// it lives here.
final class LayerGroup {
    private let session: DrawingSession
    private let cr: OpaquePointer
    private let outerClip: ClipNode?
    private var isOpen = true

    /// Pushes a group clipped to `extents` (device pixels).
    init(session: DrawingSession, cr: OpaquePointer, extents: CGRect) {
        self.session = session
        self.cr = cr
        var identity = cairo_matrix_t.identity
        cairo_save(cr)
        cairo_set_matrix(cr, &identity)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(extents.minX), Double(extents.minY), Double(extents.width), Double(extents.height))
        cairo_clip(cr)
        cairo_push_group(cr)
        outerClip = session.appliedClip
    }

    /// Pops the group as a pattern in device space; Cairo's clip is the outer one again.
    func finish() -> PatternRef? {
        guard isOpen else { return nil }
        isOpen = false
        // The content's planned shapes go into the group before it is popped.
        session.drawPlan()
        var identity = cairo_matrix_t.identity
        cairo_set_matrix(cr, &identity)
        let layer = cairo_pop_group(cr).map(PatternRef.init)
        restoreOuterClip()
        return layer
    }

    /// Pops and drops the group (the content threw).
    func discard() {
        guard isOpen else { return }
        isOpen = false
        session.drawPlan()
        if let pattern = cairo_pop_group(cr) { cairo_pattern_destroy(pattern) }
        restoreOuterClip()
    }

    private func restoreOuterClip() {
        cairo_restore(cr)
        session.appliedClip = outerClip
        session.clipIsKnown = true
    }
}
