import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.Layer {
    /// The keys every layer has for its placement and compositing (their limits are checked by
    /// ``Timeline/Layer/validate(keyPath:)``, once, for files and Swift alike).
    static let placementParameters: [Parameter<SceneFile.Layer>] = [
        .optional("position", \.position, .keyframed(.point), defaultText: "the centre of the canvas (or group)",
                  limits: .within(Timeline.Layer.maximumOffset), limitsCheckedWhereMade: true, unit: "points",
                  help: "Where the layer's anchor goes."),
        .optional("anchor", \.anchor, .keyframed(.boxPoint), defaultText: "center",
                  help: "The point of the layer's box placed at position, which rotation and scale keep still."),
        .optional("rotation", \.rotation, .keyframed(.degrees), default: Keyframed(.zero), limitsCheckedWhereMade: true,
                  unit: "degrees", help: "The turn about the anchor, clockwise."),
        .optional("scale", \.scale, .keyframed(.scaleFactors), default: Keyframed(CGSize(width: 1, height: 1)),
                  limits: .within(Timeline.Layer.maximumScale), limitsCheckedWhereMade: true,
                  help: "The scale about the anchor: one number or [sx, sy]."),
        .optional("blend", \.blend, .blendMode, default: .normal,
                  help: "How the layer combines with what is under it (SwiftUI's blend mode names)."),
        .optional("filters", \.filters, .list(.layerFilter, of: "filters"), defaultText: "none",
                  help: "Filters on the whole layer, applied in order, each an object with one key: "
                      + #"{"shadow": {…}} (see Shadow), {"blur": radius}, {"brightness": n}, {"contrast": n}, "#
                      + #"{"saturation": n}, {"grayscale": n}, {"hueRotation": degrees}, {"colorInvert": n}, "#
                      + #"{"colorMultiply": colour}, {"colorMatrix": [20 numbers]}, {"alphaThreshold": {…}} "#
                      + #"(see Alpha threshold), or "luminanceToAlpha"."#),
    ]

    /// The timeline layer drawing `scene` with this layer's timing, placement and compositing.
    func timelineLayer(_ scene: any Scene) -> Timeline.Layer {
        var layer = Timeline.Layer(
            scene, start: start ?? 0, end: end, position: position, anchor: anchor ?? Keyframed(.center),
            rotation: rotation ?? Keyframed(.zero), scale: scale ?? Keyframed(CGSize(width: 1, height: 1)),
            opacity: opacity ?? Keyframed(1), blendMode: blend ?? .normal, filters: filters ?? [])
        layer.motionBlur = motionBlur
        return layer
    }
}
