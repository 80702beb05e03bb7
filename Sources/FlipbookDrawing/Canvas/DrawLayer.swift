import Foundation

extension CairoCanvas {
    /// Draws `content` into a transparency layer, then composites the layer once with this context's
    /// ``opacity`` and ``blendMode``.
    ///
    /// The layer covers the clip's bounds. The context handed to `content` has this context's transform
    /// and clip, opacity 1 and the normal blend mode, so overlapping shapes inside the layer combine with
    /// each other first and the layer's opacity applies to the result as a whole. Under filters (see
    /// ``addFilter(_:options:)``) the filters act on what was drawn into the layer and as far around it
    /// as they reach, not on the whole clip.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var inner = self
        inner.opacity = 1
        inner.blendMode = .normal
        inner.filters = []  // the filters apply to the layer as a whole
        guard let cr = session.flushedContext(), clip?.isEmpty != true, !opacity.isNaN else {
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

        let group = LayerGroup(session: session, cr: cr, extents: extents)
        session.beginLayerInk()
        var collectingInk = true
        defer {
            // Only if `content` threw or the session closed; finish() below closes the group otherwise.
            group.discard()
            if collectingInk { _ = session.endLayerInk() }
        }
        try content(&inner)
        let ink = session.endLayerInk()
        collectingInk = false
        guard session.isOpen else { return }
        let layer = group.finish()

        guard let layer, isVisible else { return }
        // Filters work on what was drawn into the layer (outside it the layer is transparent). Without
        // filters the layer covers its extents, where a blend mode may change the pixels it leaves clear.
        var shape = extents
        if !filters.isEmpty, let ink, !ink.intersection(extents).isEmpty {
            shape = ink.intersection(extents)
        }
        let composite = DrawCommand(
            shape: .rect(shape), source: .pattern(layer), extraAlpha: clampedOpacity, matrix: .identity,
            compositing: Compositing(blendMode), isPremasked: true)
        // The layer is pixels already: every filter, an affine projection too, works on them.
        if filters.isEmpty { render(composite) } else { renderFiltered(composite, filters: filters) }
    }
}
