import FlipbookDrawing
import Foundation

extension Timeline {
    /// What is wrong in the timeline's layers but does not stop it rendering: each captions cue that
    /// starts after its layer (or the clip) has ended, and so is never shown. `flipbook` prints each
    /// on standard error when it reads a scene file.
    public var warnings: [String] {
        Timeline.warnings(in: layers, until: duration)
    }

    /// The warnings of `layers`, whose parent ends `end` seconds into its clock.
    private static func warnings(in layers: [Layer], until end: TimeInterval) -> [String] {
        layers.flatMap { layer -> [String] in
            let shown = min(layer.end ?? end, end) - layer.start
            if let captions = layer.scene as? CaptionsScene { return captions.track.warnings(clipDuration: shown) }
            if let group = layer.scene as? GroupScene { return warnings(in: group.layers, until: shown) }
            return []
        }
    }

    /// Prints each of ``warnings`` on standard error ("warning: …"), once per message per process.
    func printWarnings() {
        for warning in warnings {
            OnceWarnings.standardError.warn(about: warning, "warning: \(warning)")
        }
    }
}
