import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.SequenceParameters: LayerKind {
    static let name = "sequence"
    static let summary = "Layers played one after another, each for its duration, joined by transitions."
    static var blank: Self { Self() }
    var content: SceneFile.Layer.Content { .sequence(self) }
    static var sections: [ParameterSection] { [parameters.section, SceneFile.TransitionParameters.parameters.section] }

    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(canvas: surroundings.canvas, remaining: surroundings.remaining, pictures: surroundings.pictures,
                      keyPath: surroundings.keyPath)
    }

    mutating func changeNestedLayers(_ change: (inout [SceneFile.Layer]) -> Void) { change(&layers) }
}
