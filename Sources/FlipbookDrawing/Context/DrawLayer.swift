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
        inner.filters = []  // the filters apply to the layer as a whole
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

        let group = LayerGroup(session: session, cr: cr, extents: extents)
        defer { group.discard() }  // only if `content` threw; finish() below closes it otherwise
        try content(&inner)
        guard session.isOpen else { return }
        let layer = group.finish()

        guard let layer, isVisible else { return }
        render(DrawCommand(
            shape: .rect(extents), source: .pattern(layer), extraAlpha: clampedOpacity, matrix: .identity,
            compositing: Compositing(blendMode), isPremasked: true))
    }
}
