import FlipbookDrawing
import Foundation

// The layers drawn in a box of their own, as the layer codec and the timeline see them: shape, image,
// group and Lottie. Kept here so the shared `switch`es over scene names stay one line each.

extension SceneFile.Layer {
    /// The keys of the scene `name` among shape, image and group (none for another name).
    static func placedSceneKeys(_ name: String) -> [String] {
        switch name {
        case "shape": SceneFile.ShapeParameters.parameters.keys
        case "image": SceneFile.ImageParameters.parameters.keys
        case "group": SceneFile.GroupParameters.parameters.keys
        case "audio": SceneFile.AudioParameters.parameters.keys
        case "lottie": SceneFile.LottieParameters.parameters.keys
        case "captions": SceneFile.CaptionsParameters.parameters.keys
        default: []
        }
    }

    /// Reads a shape, image or group layer's own keys; `nil` for another scene name.
    static func readPlacedScene(_ name: String, _ json: JSONValue, keyPath: String, alsoKnown: [String]) throws -> Content? {
        switch name {
        case "shape":
            var parameters = SceneFile.ShapeParameters()
            try SceneFile.ShapeParameters.parameters.read(json, into: &parameters, keyPath: keyPath, alsoKnown: alsoKnown)
            return .shape(parameters)
        case "image":
            var parameters = SceneFile.ImageParameters(src: "")
            try SceneFile.ImageParameters.parameters.read(json, into: &parameters, keyPath: keyPath, alsoKnown: alsoKnown)
            return .image(parameters)
        case "group":
            var parameters = SceneFile.GroupParameters()
            try SceneFile.GroupParameters.parameters.read(json, into: &parameters, keyPath: keyPath, alsoKnown: alsoKnown)
            return .group(parameters)
        case "audio":
            var parameters = SceneFile.AudioParameters(src: "")
            try SceneFile.AudioParameters.parameters.read(json, into: &parameters, keyPath: keyPath, alsoKnown: alsoKnown)
            return .audio(parameters)
        case "lottie":
            var parameters = SceneFile.LottieParameters(src: "")
            try SceneFile.LottieParameters.parameters.read(json, into: &parameters, keyPath: keyPath, alsoKnown: alsoKnown)
            return .lottie(parameters)
        case "captions":
            var parameters = SceneFile.CaptionsParameters(src: "")
            try SceneFile.CaptionsParameters.parameters.read(json, into: &parameters, keyPath: keyPath, alsoKnown: alsoKnown)
            return .captions(parameters)
        default:
            return nil
        }
    }
}

extension SceneFile.Layer.Content {
    /// A shape, image or group layer's own keys as written (none for the other scenes).
    var placedSceneMembers: [(String, JSONValue)] {
        switch self {
        case .shape(let parameters): SceneFile.ShapeParameters.parameters.write(parameters)
        case .image(let parameters): SceneFile.ImageParameters.parameters.write(parameters)
        case .group(let parameters): SceneFile.GroupParameters.parameters.write(parameters)
        case .audio(let parameters): SceneFile.AudioParameters.parameters.write(parameters)
        case .lottie(let parameters): SceneFile.LottieParameters.parameters.write(parameters)
        case .captions(let parameters): SceneFile.CaptionsParameters.parameters.write(parameters)
        default: []
        }
    }
}
