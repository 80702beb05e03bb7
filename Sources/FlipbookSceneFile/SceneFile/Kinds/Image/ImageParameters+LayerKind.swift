import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.ImageParameters: LayerKind {
    static let name = "image"
    static let summary = "A PNG, JPEG or WebP picture, or an SVG drawn as vectors, fitted to a box of its own."
    static var blank: Self { Self(src: "") }
    var content: SceneFile.Layer.Content { .image(self) }

    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(pictures: surroundings.pictures, keyPath: surroundings.keyPath)
    }
}
