import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.VideoParameters: LayerKind {
    static let name = "video"
    static let summary = "A video file, frame-exact, trimmed, sped up or down, looped, fitted to a box of its own, "
        + "with its sound."
    static var blank: Self { Self(src: "") }
    var content: SceneFile.Layer.Content { .video(self) }

    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(baseDirectory: surroundings.baseDirectory, keyPath: surroundings.keyPath,
                      sources: surroundings.pictures.videos)
    }
}
