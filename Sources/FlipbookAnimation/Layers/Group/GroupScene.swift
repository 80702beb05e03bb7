import FlipbookDrawing
import Foundation

/// Layers that share one placement, opacity, blend mode, clip and filters: the group's layer
/// composites them as one picture.
///
/// The children are placed in the group's box (the canvas unless ``size`` is given), with their
/// `start` and `end` in the group's clock. Groups nest.
public struct GroupScene: BoxedScene {
    /// What a group clips its children to.
    public enum Clip: Sendable, Equatable {
        /// The group's box.
        case box
        /// An outline fitted to the group's box.
        case shape(ShapeScene.Outline)
    }

    /// The children, bottom first.
    public var layers: [Timeline.Layer]
    /// The box; `nil` is the parent's (the canvas, or the enclosing group's box).
    public var size: Keyframed<CGSize>?
    /// What the children are clipped to; `nil` does not clip.
    public var clip: Clip?

    /// A group of `layers` in a box of `size`, clipped to `clip`.
    public init(layers: [Timeline.Layer], size: Keyframed<CGSize>? = nil, clip: Clip? = nil) {
        self.layers = layers
        self.size = size
        self.clip = clip
    }

    public func boxSize(canvas: CGSize, time: TimeInterval) -> CGSize {
        size?.value(at: time) ?? canvas
    }

    /// Draws the active children at `time` (the group's clock) in the box `size`.
    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        var inner = context
        let box = CGRect(origin: .zero, size: size)
        switch clip {
        case .box?: inner.clip(to: Path(box))
        case .shape(let outline)?: inner.clip(to: outline.path(in: box, time: time))
        case nil: break
        }
        for layer in layers where layer.isActive(at: time) {
            layer.draw(in: inner, parent: size, localTime: time - layer.start)
        }
    }

    /// Checks the box and every child, naming them under `keyPath` (`layers[3].layers[1].opacity`).
    public func validate(keyPath: String) throws {
        if let size { try checkBoxSize(size, joinKeyPath(keyPath, "size")) }
        if case .shape(let outline)? = clip {
            try ShapeScene(outline).validate(keyPath: joinKeyPath(keyPath, "clip"))
        }
        for (index, layer) in layers.enumerated() {
            let path = joinKeyPath(keyPath, "layers[\(index)]")
            // A check goes on with the next child after one it refuses (``Refusals``).
            _ = try Refusals.skipping {
                try layer.validate(keyPath: path)
                if layer.motionBlur != nil {
                    throw FlipbookError(invalid: joinKeyPath(path, "motionBlur"),
                                        "is for a timeline's own layers; give it to the group, whose children then blur together.",
                                        at: .init(keyPath: joinKeyPath(path, "motionBlur")))
                }
            }
        }
    }
}
