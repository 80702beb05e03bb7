import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.RipplesParameters: LayerKind {
    static let name = "ripples"
    static let summary = "A pond of rings, as the Calming Ripples app draws them: rings expanding from touches, "
        + "rain and trails, fading toward white."
    static var sections: [ParameterSection] {
        [
            parameters.section, SceneFile.RippleDescription.parameters.section, TouchScript.Event.parameters.section,
            SceneFile.RainDescription.parameters.section, SceneFile.TrailDescription.parameters.section,
        ]
    }
    static var blank: Self { Self() }
    var content: SceneFile.Layer.Content { .ripples(self) }

    /// The scene on the parent's box; generators without their own end run to the end of the
    /// timeline, in the layer's clock.
    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(canvas: surroundings.canvas, sceneDuration: surroundings.remaining, keyPath: surroundings.keyPath)
    }

    /// Rain `i` gets `seed + i`, so several rains stay different.
    mutating func overrideSeed(_ seed: UInt64) {
        guard var rain else { return }
        for drop in rain.indices { rain[drop].seed = seed &+ UInt64(drop) }
        self.rain = rain
    }
}
