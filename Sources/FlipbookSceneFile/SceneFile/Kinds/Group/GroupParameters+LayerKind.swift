import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.GroupParameters: LayerKind {
    static let name = "group"
    static let summary = "Layers sharing one placement, opacity, blend mode, clip and filters, composited as one picture."
    static var blank: Self { Self() }
    var content: SceneFile.Layer.Content { .group(self) }

    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(canvas: surroundings.canvas, remaining: surroundings.remaining, pictures: surroundings.pictures,
                      keyPath: surroundings.keyPath)
    }

    mutating func changeNestedLayers(_ change: (inout [SceneFile.Layer]) -> Void) { change(&layers) }
}
