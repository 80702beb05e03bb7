import FlipbookDrawing
import Foundation

extension Timeline {
    /// What is wrong in the timeline's layers but does not stop it rendering, in layer order, groups
    /// included: each captions cue that starts after its layer (or the clip) has ended, and so is
    /// never shown, and what its Lottie layers do not draw (``lottieWarnings``). `flipbook render`,
    /// `still` and `sheet` print each on standard error unless `--quiet`; `batch` prints each
    /// distinct one once, with the jobs it concerns.
    public var warnings: [String] {
        Timeline.warnings(in: layers, until: duration)
    }

    /// The warnings of `layers`, whose parent ends `end` seconds into its clock.
    private static func warnings(in layers: [Layer], until end: TimeInterval) -> [String] {
        layers.flatMap { layer -> [String] in
            let shown = min(layer.end ?? end, end) - layer.start
            if let captions = layer.scene as? CaptionsScene { return captions.track.warnings(clipDuration: shown) }
            if let lottie = layer.scene as? LottieScene { return lottieWarnings(of: lottie) }
            if let group = layer.scene as? GroupScene { return warnings(in: group.layers, until: shown) }
            if let sequence = layer.scene as? Timeline.Sequence { return warnings(in: sequence.layers, until: shown) }
            return []
        }
    }
}
