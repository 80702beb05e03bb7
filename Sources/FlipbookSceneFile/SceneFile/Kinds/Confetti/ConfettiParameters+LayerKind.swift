import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.ConfettiParameters: LayerKind {
    static let name = "confetti"
    static let summary = "Physics-based confetti, as the SwiftUI Canvas article draws it: particles launched "
        + "by bursts and emissions, tumbling, fluttering, falling under gravity and drag, fading out."
    static var sections: [ParameterSection] {
        [
            parameters.section, ConfettiBurst.ownParameters.section, ConfettiEmission.ownParameters.section,
            ConfettiStyle.parameters.section,
        ] + ConfettiEmitter.sections + [ConfettiPhysics.parameters.section]
    }
    static var blank: Self { Self() }
    var content: SceneFile.Layer.Content { .confetti(self) }

    /// The scene aimed at the parent's box, its image shapes decoded through the timeline's pictures.
    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try decodingImages(pictures: surroundings.pictures, keyPath: surroundings.keyPath)
            .makeScene(canvas: surroundings.canvas, keyPath: surroundings.keyPath)
    }

    mutating func overrideSeed(_ seed: UInt64) { self.seed = seed }
}
