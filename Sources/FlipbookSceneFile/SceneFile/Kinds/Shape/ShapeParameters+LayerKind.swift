import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.ShapeParameters: LayerKind {
    static let name = "shape"
    static let summary = "A rectangle, rounded rectangle, capsule, circle, ellipse or SVG path in a box of its own, "
        + "filled and stroked with colours or gradients, optionally trimmed to draw itself on."
    static var sections: [ParameterSection] { [parameters.section, StrokeFields.parameters.section] }
    static var blank: Self { Self() }
    var content: SceneFile.Layer.Content { .shape(self) }

    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(keyPath: surroundings.keyPath)
    }
}
