import FlipbookAnimation
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
                             parameters: [SceneFile.Layer.sceneInfo] + layer.parameters + LayerParts.infos),
            TemplateParameter.table.section, MotionBlur.parameters.section,
            ShadowArguments.parameters.section, ThresholdArguments.parameters.section,
            GradientFields.parameters.section, StopFields.parameters.section,
        ]
    }

    /// Every built-in scene, in the order of ``SceneFile/Layer/sceneNames``.
    public static var scenes: [SceneReference] {
        SceneFile.Layer.kinds.map { $0.reference }
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
