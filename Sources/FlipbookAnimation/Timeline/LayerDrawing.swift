import FlipbookDrawing
import Foundation

extension Timeline.Layer {
    /// The layer's box at `localTime`: its scene's own, or the parent's (the canvas or the group's box).
    package func boxSize(parent: CGSize, localTime: TimeInterval) -> CGSize {
        (scene as? any BoxedScene)?.boxSize(canvas: parent, time: localTime) ?? parent
    }

    /// The transform from the layer's box to its parent's space at `localTime`, or `nil` when it is the
    /// identity (the defaults on a box the parent's size), so such a layer draws exactly as it did
    /// before layers could be placed.
    package func placement(parent: CGSize, box: CGSize, localTime: TimeInterval) -> CGAffineTransform? {
        let anchor = self.anchor.value(at: localTime)
        let anchorPoint = CGPoint(x: anchor.x * box.width, y: anchor.y * box.height)
        let position = self.position?.value(at: localTime) ?? CGPoint(x: parent.width / 2, y: parent.height / 2)
        let rotation = self.rotation.value(at: localTime)
        let scale = self.scale.value(at: localTime)
        if rotation.radians == 0, scale.width == 1, scale.height == 1, position == anchorPoint { return nil }
        return CGAffineTransform(translationX: -anchorPoint.x, y: -anchorPoint.y)
            .concatenating(CGAffineTransform(scaleX: scale.width, y: scale.height))
            .concatenating(CGAffineTransform(rotationAngle: CGFloat(rotation.radians)))
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// Whether the layer needs compositing as one picture at `localTime`: it is translucent, blends
    /// other than normally, or has filters. Otherwise it draws straight onto its parent, keeping the
    /// fast paths.
    func needsLayer(opacity: Double) -> Bool {
        opacity < 1 || blendMode != .normal || !filters.isEmpty
    }

    /// Draws the layer's scene at `localTime` (seconds since its start) onto `context`, whose user
    /// space is the parent's, `parent` points in size.
    func draw(in context: CairoCanvas, parent: CGSize, localTime: TimeInterval) {
        let box = boxSize(parent: parent, localTime: localTime)
        let transform = placement(parent: parent, box: box, localTime: localTime)
        let opacity = keyframedOpacity.value(at: localTime)
        var outer = context
        guard needsLayer(opacity: opacity) else {
            if let transform { outer.concatenate(transform) }
            scene.draw(in: &outer, size: box, time: localTime)
            return
        }
        outer.opacity = opacity
        outer.blendMode = blendMode
        // Added before the transform, so they act in the parent's space; reversed, because a context applies
        // the filter added last first, and the list reads in the order the filters apply.
        for filter in filters.reversed() { outer.addFilter(filter.resolved(at: localTime)) }
        outer.drawLayer { inner in
            if let transform { inner.concatenate(transform) }
            scene.draw(in: &inner, size: box, time: localTime)
        }
    }
}
