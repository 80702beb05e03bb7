import FlipbookAnimation
import Foundation

extension SceneFile.Layer {
    /// Every kind of layer a scene file can hold, in the order ``sceneNames``, the reference and
    /// `flipbook scenes` list them. A new kind is one line here (and its case of ``Content``).
    static let kinds: [any LayerKind.Type] = [
        SceneFile.ConfettiParameters.self,
        SceneFile.RipplesParameters.self,
        SceneFile.TextParameters.self,
        SceneFile.ShapeParameters.self,
        SceneFile.ImageParameters.self,
        SceneFile.GroupParameters.self,
        SceneFile.AudioParameters.self,
        SceneFile.LottieParameters.self,
        SceneFile.CaptionsParameters.self,
        SceneFile.VideoParameters.self,
        SceneFile.SequenceParameters.self,
    ]

    /// The kind a layer's `"scene"` key names; `nil` for an unknown name.
    static func kind(named name: String) -> (any LayerKind.Type)? {
        kinds.first { $0.name == name }
    }
}
