import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.LottieParameters: LayerKind {
    static let name = "lottie"
    static let summary = "A Lottie animation (.json, .lottie, .tgs or .zip) drawn by rlottie in a box of its own, after Flipbook's own "
        + "checks of the file: played at a speed, once or looping, whole or one marker's span, with slots and overrides."
    static var blank: Self { Self(src: "") }
    var content: SceneFile.Layer.Content { .lottie(self) }

    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(baseDirectory: surroundings.baseDirectory, keyPath: surroundings.keyPath)
    }
}
