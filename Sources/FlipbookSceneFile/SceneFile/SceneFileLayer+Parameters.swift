import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.Layer {
    /// The keys every layer has besides `"scene"` (which ``sceneInfo`` documents).
    static let parameters = ParameterTable<SceneFile.Layer>(
        title: "Layer", noun: "a layer",
        summary: "An element of `layers`: which scene it draws, when, where (its box's anchor at position, "
            + "turned and scaled about it) and how it is composited. The scene's own keys sit in the same object; "
            + "any number, point or colour may be a keyframe list in the layer's clock.",
        parameters: [
            .optional("start", \.start, .number, default: 0, limits: .within(Timeline.maximumDuration),
                      limitsCheckedWhereMade: true, unit: "seconds", help: "When the layer appears; its scene's clock starts here."),
            .optional("end", \.endSetting, .durationOrAuto, defaultText: "the end of the timeline",
                      limits: .within(Timeline.maximumDuration), limitsCheckedWhereMade: true, unit: "seconds",
                      help: #"When it disappears; "auto" where its media ends (a video, audio, Lottie, captions or sequence layer)."#),
            .optional("duration", \.durationSetting, .durationOrAuto, defaultText: "until end; in a sequence \"auto\"",
                      limits: .above(0, atMost: Timeline.maximumDuration), limitsCheckedWhereMade: true, unit: "seconds",
                      help: #"How long it shows (not with end); "auto" for its media's length. In a sequence, the child's length."#),
            .optional("transition", \.transition, .object(SceneFile.TransitionParameters.parameters,
                                                          initial: SceneFile.TransitionParameters()),
                      defaultText: "a cut", help: "In a sequence, how this child replaces the one before it (see Transition)."),
            .optional("opacity", \.opacity, .keyframed(.number), default: Keyframed(1.0), limits: .between(0, 1),
                      limitsCheckedWhereMade: true, help: "The whole layer's opacity, composited as one picture."),
            .optional("sound", \.sound, .object(SceneFile.SoundParameters.parameters, initial: SceneFile.SoundParameters()),
                      defaultText: "none", help: "A sound played at each of the scene's events (see Sound)."),
        ] + placementParameters + [
            .optional(Setting.motionBlur.key, \.motionBlur, .motionBlur, defaultText: "the scene file's",
                      help: "Motion blur for this layer alone (see Motion blur); not for a group's children, which blur with the group."),
        ])

    /// The `"scene"` key, documented beside the table's keys.
    static let sceneInfo = ParameterInfo(
        key: "scene", type: sceneNames.joined(separator: "|"), defaultValue: nil, range: nil, unit: nil,
        help: "The scene the layer draws.")
}

extension ValueCodec where Value == SceneFile.Layer {
    /// A layer: `"scene"` picks the scene, whose keys sit beside the layer's own.
    static var layer: ValueCodec {
        let names = SceneFile.Layer.sceneNames
        let listed = names.joined(separator: ", ").replacingLastComma()
        let common = ["scene"] + SceneFile.Layer.parameters.keys
        return ValueCodec(
            typeName: "object", expected: "an object (a layer)",
            read: { json, keyPath, requirement in
                guard let members = json.members else { throw json.invalid(keyPath, requirement) }
                // A template takes these out before its layers are read; here they are in a plain file.
                if let part = members.first(where: { LayerParts.keys.contains($0.key) }) {
                    let partPath = joinKeyPath(keyPath, part.key)
                    throw FlipbookError(invalid: partPath, "is only for templates: this file declares no \"parameters\" "
                                            + "for it to use.", at: part.value.location(keyPath: partPath))
                }
                let scenePath = joinKeyPath(keyPath, "scene")
                guard let scene = members.first(where: { $0.key == "scene" }) else {
                    throw FlipbookError(invalid: scenePath, "is missing; a layer needs it: "
                                            + listed + ".",
                                        at: json.location(keyPath: scenePath))
                }
                let name = try scene.value.string(scenePath, "a scene name: " + listed)
                guard let kind = SceneFile.Layer.kind(named: name) else {
                    throw scene.value.unknownName(name, scenePath, "a scene: " + listed, among: names)
                }
                var layer = SceneFile.Layer(try kind.read(json, keyPath: keyPath, alsoKnown: common))
                try SceneFile.Layer.parameters.read(json, into: &layer, keyPath: keyPath, alsoKnown: ["scene"] + kind.keys)
                return layer
            },
            write: { layer in
                let members = [("scene", JSONValue.string(layer.content.sceneName))]
                    + SceneFile.Layer.parameters.write(layer) + layer.content.parameters.members
                return .object(members)
            })
    }
}

extension SceneFile.Layer: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.layer.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.layer.encode(self, to: encoder) }
}
