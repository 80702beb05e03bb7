import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.AudioParameters: LayerKind {
    static let name = "audio"
    static let summary = "A sound file, trimmed, looped, at a keyframable volume in dB, faded in and out; "
        + "layers with a sound play it at their scene's events."
    static var sections: [ParameterSection] { [parameters.section, SceneFile.SoundParameters.parameters.section] }
    static var blank: Self { Self(src: "") }
    var content: SceneFile.Layer.Content { .audio(self) }

    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene {
        try makeScene(baseDirectory: surroundings.baseDirectory, keyPath: surroundings.keyPath)
    }
}
