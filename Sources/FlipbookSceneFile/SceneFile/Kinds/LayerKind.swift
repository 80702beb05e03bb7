import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// One kind of scene a scene-file layer can draw (confetti, text, Lottie…), told by its parameters
/// type: its name in files, its own keys, its pages of the reference and how its scene is made.
/// Reading, writing, the reference and the timeline ask the kinds in ``SceneFile/Layer/kinds``
/// rather than naming them.
protocol LayerKind: Sendable {
    /// The value of a layer's `"scene"` key that picks this kind.
    static var name: String { get }
    /// The kind's own keys, which sit beside the layer's.
    static var parameters: ParameterTable<Self> { get }
    /// What reading a layer of this kind starts from, before its keys are read.
    static var blank: Self { get }
    /// What the scene draws, in a sentence, for the reference and `flipbook scenes`.
    static var summary: String { get }
    /// The reference's sections for the kind: its keys, then each nested object's. Default: its keys.
    static var sections: [ParameterSection] { get }

    /// The layer content holding these parameters.
    var content: SceneFile.Layer.Content { get }
    /// The scene these parameters describe, made where `surroundings` says.
    func makeScene(in surroundings: LayerSurroundings) throws -> any Scene
    /// Gives every randomised part `seed` (see ``SceneFile/overrideSeed(_:)``). Default: nothing
    /// (a scene without randomness).
    mutating func overrideSeed(_ seed: UInt64)
    /// Lets `change` change the layers these parameters hold (a group's children). Default: none held.
    mutating func changeNestedLayers(_ change: (inout [SceneFile.Layer]) -> Void)
}

extension LayerKind {
    static var sections: [ParameterSection] { [parameters.section] }
    mutating func overrideSeed(_ seed: UInt64) {}
    mutating func changeNestedLayers(_ change: (inout [SceneFile.Layer]) -> Void) {}

    /// The opening of the kind's table summary, which names the kind: A layer with `"scene": NAME`.
    static var layerWithScene: String { "A layer with `\"scene\": \"\(name)\"`" }

    /// The kind's own keys.
    static var keys: [String] { parameters.keys }

    /// What `flipbook scenes` and the reference say about the kind; its preset is the ``ScenePreset``
    /// of the same name, if there is one.
    static var reference: SceneReference {
        SceneReference(name: name, summary: summary, preset: ScenePreset(rawValue: name)?.summary, sections: sections)
    }

    /// Reads the kind's own keys of the layer object `json` at `keyPath`; `alsoKnown` are the layer's.
    static func read(_ json: JSONValue, keyPath: String, alsoKnown: [String]) throws -> SceneFile.Layer.Content {
        var read = blank
        try parameters.read(json, into: &read, keyPath: keyPath, alsoKnown: alsoKnown)
        return read.content
    }

    /// The kind's own keys as written, set ones only.
    var members: [(String, JSONValue)] { Self.parameters.write(self) }
}
