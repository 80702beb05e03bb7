import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.TextParameters: LayerKind {
    static let name = "text"
    static let summary = "A text in a box of its own: wrapped, aligned, cut or shrunk to fit, in a colour or a gradient, "
        + "with a font of the system's or from a file."
    static var sections: [ParameterSection] { [parameters.section, SceneFile.FontParameters.parameters.section] }
    static var blank: Self { Self() }
    var content: SceneFile.Layer.Content { .text(self) }

    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(baseDirectory: surroundings.baseDirectory, keyPath: surroundings.keyPath)
    }
}
