import FlipbookDrawing
import Foundation

extension Timeline {
    /// What the timeline's Lottie layers do not draw, each named by its file and JSON pointer
    /// (`/path/anim.json /layers/3: text layer, not drawn`), in layer order, groups included: what
    /// `flipbook render` prints as warnings, and `--strict` refuses.
    public var lottieWarnings: [String] {
        Self.lottieWarnings(in: layers)
    }

    /// What one Lottie layer's animation does not draw, each prefixed with its file.
    static func lottieWarnings(of lottie: LottieScene) -> [String] {
        lottie.animation.warnings.map { "\(lottie.animation.source) \($0)" }
    }

    private static func lottieWarnings(in layers: [Layer]) -> [String] {
        layers.flatMap { layer -> [String] in
            if let lottie = layer.scene as? LottieScene { return lottieWarnings(of: lottie) }
            if let group = layer.scene as? GroupScene { return lottieWarnings(in: group.layers) }
            if let sequence = layer.scene as? Timeline.Sequence { return lottieWarnings(in: sequence.layers) }
            return []
        }
    }
}
