import Foundation

extension CairoCanvas {
    /// Intersects the clip with the alpha of a layer that `content` draws, as SwiftUI's
    /// `clipToLayer(opacity:options:content:)`: later drawing shows where the layer is opaque, in
    /// proportion to its alpha times `opacity` (with ``ClipOptions/inverse``, where it is transparent).
    ///
    /// `content` gets a context with this context's transform and clip, opacity 1, the normal blend
    /// mode and no filters. The clip is a mask, so drawing under it takes the canvas's general path.
    public mutating func clipToLayer(
        opacity: Double = 1, options: ClipOptions = ClipOptions(), content: (inout GraphicsContext) throws -> Void
    ) rethrows {
        var inner = self
        inner.opacity = 1
        inner.blendMode = .normal
        inner.filters = []
        let extents = clipDeviceBounds.pixelAligned.clamped(to: session.bounds)
        guard let cr = session.flushedContext(), clip?.isEmpty != true, !opacity.isNaN, extents.width > 0, extents.height > 0 else {
            if opacity.isNaN { session.record("clipToLayer", "the opacity is not a number") }
            inner.clip = .empty(parent: clip)
            try content(&inner)
            if session.isOpen { clip = .empty(parent: clip) }
            return
        }
        session.apply(clip: clip)
        let group = LayerGroup(session: session, cr: cr, extents: extents)
        defer { group.discard() }  // only if `content` threw
        try content(&inner)
        guard session.isOpen, let layer = group.finish() else { return }
        let inverse = options.contains(.inverse)
        // The layer is transparent outside its extents: only an inverted mask lets more through.
        clip = ClipNode(parent: clip, path: Path(), matrix: .identity, style: FillStyle(), inverse: inverse,
                        bounds: inverse ? clipDeviceBounds : extents, layer: layer,
                        layerOpacity: min(max(opacity, 0), 1))
    }
}
