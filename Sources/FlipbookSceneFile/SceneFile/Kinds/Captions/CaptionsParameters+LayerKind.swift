import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.CaptionsParameters: LayerKind {
    static let name = "captions"
    static let summary = "Captions from an SRT, WebVTT or word-timing JSON file: words grouped into pages, laid out in a "
        + "safe-area box (line limit, shrink to fit, right to left, emoji), drawn plain, with the spoken word "
        + "highlighted or on a pill, word by word, or popping in on a spring."
    static var blank: Self { Self(src: "") }
    var content: SceneFile.Layer.Content { .captions(self) }

    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(canvas: surroundings.canvas, baseDirectory: surroundings.baseDirectory, keyPath: surroundings.keyPath)
    }
}
