import CCairo
import Foundation

extension CairoCanvas {
    /// Draws `content` into a transparency layer, then composites the layer once with this context's
    /// ``opacity`` and ``blendMode``.
    ///
    /// The layer covers the clip's bounds. The context handed to `content` has this context's transform
    /// and clip, opacity 1 and the normal blend mode, so overlapping shapes inside the layer combine with
    /// each other first and the layer's opacity applies to the result as a whole.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var inner = self
        inner.opacity = 1
        inner.blendMode = .normal
        guard let cr = session.cr, clip?.isEmpty != true, !opacity.isNaN else {
            if opacity.isNaN { session.record("drawLayer", "the opacity is not a number") }
            // Nothing would be visible; the content still runs, drawing into an empty clip.
            inner.clip = .empty(parent: clip)
            try content(&inner)
            return
        }
        session.apply(clip: clip)
        let extents = clipDeviceBounds.pixelAligned.clamped(to: session.bounds)
        guard extents.width > 0, extents.height > 0 else {
            inner.clip = .empty(parent: clip)
            try content(&inner)
            return
        }

        var identity = cairo_matrix_t.identity
        cairo_save(cr)
        cairo_set_matrix(cr, &identity)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(extents.minX), Double(extents.minY), Double(extents.width), Double(extents.height))
        cairo_clip(cr)
        cairo_push_group(cr)
        let outerClip = session.appliedClip

        // Ends the group whether or not `content` throws; the pattern is returned only on success.
        var layer: PatternRef?
        var completed = false
        defer {
            if !completed {
                if let pattern = cairo_pop_group(cr) { cairo_pattern_destroy(pattern) }
                cairo_restore(cr)
                session.appliedClip = outerClip
                session.clipIsKnown = true
            }
        }
        try content(&inner)
        guard session.cr != nil else { return }
        completed = true
        cairo_set_matrix(cr, &identity)
        if let pattern = cairo_pop_group(cr) { layer = PatternRef(pattern) }
        cairo_restore(cr)
        // Cairo's clip is back to the outer one.
        session.appliedClip = outerClip
        session.clipIsKnown = true

        guard let layer, isVisible else { return }
        render(DrawCommand(
            shape: .rect(extents), source: .pattern(layer), extraAlpha: clampedOpacity, matrix: identity,
            compositing: Compositing(blendMode), isPremasked: true))
    }
}
