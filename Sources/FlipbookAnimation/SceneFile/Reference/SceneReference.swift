import FlipbookDrawing
import Foundation

/// What a scene file may say about one scene: its summary and its parameters, section by section,
/// made from the parameter tables the scene-file reader uses, so it always matches the code.
///
/// `flipbook scenes` prints ``listing(scene:width:)``, `flipbook scenes --json` prints ``json(scene:)``,
/// and the documentation's scene-file reference is ``markdown()``.
public struct SceneReference: Sendable, Equatable, Codable {
    /// The name a layer's `"scene"` key takes: `confetti`.
    public let name: String
    /// What the scene draws, in a sentence.
    public let summary: String
    /// What `flipbook render NAME` draws; `nil` for a scene with no preset, written only in scene files (text, shape, image, group).
    public let preset: String?
    /// The layer's keys, then each nested object's.
    public let sections: [ParameterSection]

    /// The keys of a scene file's top level, of every layer, whatever its scene, of a template's
    /// parameter declarations, and of the objects several layers share (filters' arguments, gradients).
    public static var fileSections: [ParameterSection] {
        let layer = SceneFile.Layer.parameters.section
        return [
            SceneFile.parameters.section,
            ParameterSection(title: layer.title, summary: layer.summary,
                             parameters: [SceneFile.Layer.sceneInfo] + layer.parameters),
            TemplateParameter.table.section, MotionBlur.parameters.section,
            ShadowArguments.parameters.section, ThresholdArguments.parameters.section,
            GradientFields.parameters.section, StopFields.parameters.section,
        ]
    }

    /// Every built-in scene, in the order of ``SceneFile/Layer/sceneNames``.
    public static var scenes: [SceneReference] {
        [
            SceneReference(
                name: "confetti",
                summary: "Physics-based confetti, as the SwiftUI Canvas article draws it: particles launched "
                    + "by bursts and emissions, tumbling, fluttering, falling under gravity and drag, fading out.",
                preset: "Two article bursts from the bottom edge, the second 0.9 seconds after the first, over white.",
                sections: [
                    SceneFile.ConfettiParameters.parameters.section, ConfettiBurst.ownParameters.section,
                    ConfettiEmission.ownParameters.section, ConfettiStyle.parameters.section,
                ] + ConfettiEmitter.sections + [ConfettiPhysics.parameters.section]),
            SceneReference(
                name: "ripples",
                summary: "A pond of rings, as the Calming Ripples app draws them: rings expanding from touches, "
                    + "rain and trails, fading toward white.",
                preset: "A tap, two fingers together, a dragged trail and light rain, over white.",
                sections: [
                    SceneFile.RipplesParameters.parameters.section, SceneFile.RippleDescription.parameters.section,
                    TouchScript.Event.parameters.section, SceneFile.RainDescription.parameters.section,
                    SceneFile.TrailDescription.parameters.section,
                ]),
            SceneReference(
                name: "text",
                summary: "A text in a box of its own: wrapped, aligned, cut or shrunk to fit, in a colour or a gradient, "
                    + "with a font of the system's or from a file.",
                preset: nil,
                sections: [SceneFile.TextParameters.parameters.section, SceneFile.FontParameters.parameters.section]),
            SceneReference(
                name: "shape",
                summary: "A rectangle, rounded rectangle, capsule, circle, ellipse or SVG path in a box of its own, "
                    + "filled and stroked with colours or gradients, optionally trimmed to draw itself on.",
                preset: nil,
                sections: [SceneFile.ShapeParameters.parameters.section, StrokeFields.parameters.section]),
            SceneReference(
                name: "image",
                summary: "A PNG, JPEG or WebP picture, or an SVG drawn as vectors, fitted to a box of its own.",
                preset: nil, sections: [SceneFile.ImageParameters.parameters.section]),
            SceneReference(
                name: "group",
                summary: "Layers sharing one placement, opacity, blend mode, clip and filters, composited as one picture.",
                preset: nil, sections: [SceneFile.GroupParameters.parameters.section]),
            SceneReference(
                name: "audio",
                summary: "A sound file, trimmed, looped, at a keyframable volume in dB, faded in and out; "
                    + "layers with a sound play it at their scene's events.",
                preset: nil, sections: [SceneFile.AudioParameters.parameters.section, SceneFile.SoundParameters.parameters.section]),
            SceneReference(
                name: "lottie",
                summary: "A Lottie animation (.json or .lottie) drawn by rlottie in a box of its own, after Flipbook's own "
                    + "checks of the file: played at a speed, once or looping, whole or one marker's span, with slots and overrides.",
                preset: nil, sections: [SceneFile.LottieParameters.parameters.section]),
            SceneReference(
                name: "captions",
                summary: "Captions from an SRT, WebVTT or word-timing JSON file: words grouped into pages, laid out in a "
                    + "safe-area box (line limit, shrink to fit, right to left, emoji), drawn plain, with the spoken word "
                    + "highlighted or on a pill, word by word, or popping in on a spring.",
                preset: nil, sections: [SceneFile.CaptionsParameters.parameters.section]),
        ]
    }

    /// The scene called `name`.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) for an unknown name, with a suggestion and the
    ///   list of scenes: "Unknown scene 'confeti'. Did you mean 'confetti'? Scenes: confetti, ripples."
    public static func scene(named name: String) throws -> SceneReference {
        guard let scene = scenes.first(where: { $0.name == name.lowercased() }) else {
            let names = scenes.map(\.name)
            throw FlipbookError.invalidInput(
                "Unknown scene '\(name)'.\(didYouMean(name, among: names)) Scenes: \(names.joined(separator: ", ")).")
        }
        return scene
    }
}
