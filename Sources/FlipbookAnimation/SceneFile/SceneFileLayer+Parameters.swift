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
            .optional("end", \.end, .number, defaultText: "the end of the timeline",
                      limits: .within(Timeline.maximumDuration), limitsCheckedWhereMade: true, unit: "seconds",
                      help: "When it disappears."),
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

    /// Each scene's own keys.
    static func sceneKeys(_ name: String) -> [String] {
        switch name {
        case "confetti": SceneFile.ConfettiParameters.parameters.keys
        case "ripples": SceneFile.RipplesParameters.parameters.keys
        case "text": SceneFile.TextParameters.parameters.keys
        default: placedSceneKeys(name)
        }
    }
}

extension SceneFile.ConfettiParameters {
    static let parameters = ParameterTable<SceneFile.ConfettiParameters>(
        title: "Confetti layer", noun: "a confetti layer",
        summary: #"A layer with `"scene": "confetti"`: bursts and emissions of tumbling paper. "#
            + "Without bursts or emissions it has one article burst at time 0.",
        parameters: [
            .optional("seed", \.seed, .seed, default: 0, help: "The seed every random draw comes from: same seed, same pixels."),
            .optional("bursts", \.bursts, .list(.burst, of: "bursts"), defaultText: "one burst, unless emissions are given",
                      help: "Particles launched together (see Burst)."),
            .optional("emissions", \.emissions, .list(.emission, of: "emissions"), defaultText: "none",
                      help: "Steady streams of particles (see Emission)."),
            .optional("physics", \.physics, .object(ConfettiPhysics.parameters, initial: ConfettiPhysics()),
                      defaultText: "the article's", help: "The motion model (see Physics)."),
        ])
}

extension SceneFile.RipplesParameters {
    static let parameters = ParameterTable<SceneFile.RipplesParameters>(
        title: "Ripples layer", noun: "a ripples layer",
        summary: #"A layer with `"scene": "ripples"`: rings expanding from touches, rain and trails, "#
            + "fading toward white.",
        parameters: [
            .optional("ripples", \.ripples, .list(.ripple, of: "ripples"), defaultText: "none",
                      help: "Explicit rings (see Ripple)."),
            .optional("touches", \.touches, .list(.touch, of: "touch events"), defaultText: "none",
                      help: "A touch script (see Touch)."),
            .optional("rain", \.rain, .oneOrMany(.rain, of: "rains"), defaultText: "none",
                      help: "Seeded random drops: one object or a list (see Rain)."),
            .optional("trail", \.trail, .oneOrMany(.trail, of: "trails"), defaultText: "none",
                      help: "Rings along a path: one object or a list (see Trail)."),
            .optional("palette", \.palette, .list(.color, of: "colours"), default: RipplesScene.palette, nonEmpty: true,
                      help: "The colours fingers, rain and uncoloured ripples take."),
            .optional("lifetime", \.lifetime, .number, default: RipplesScene.defaultLifetime,
                      limits: .above(0, atMost: Timeline.maximumDuration), unit: "seconds", help: "How long a ring lives."),
            .optional("speed", \.speed, .number, default: Double(RipplesScene.defaultSpeed), limits: .between(0, 1e6),
                      unit: "points per second", help: "How fast a ring grows."),
            .optional("lineWidth", \.lineWidth, .number, default: Double(RipplesScene.defaultLineWidth),
                      limits: .above(0, atMost: 10_000), unit: "points", help: "The ring's stroke width."),
            .optional("rippleOpacity", \.rippleOpacity, .number, default: RipplesScene.defaultOpacity,
                      limits: .between(0, 1), help: "The rings' stroke opacity (the layer's own is opacity)."),
            .optional("maximumNumberOfRipples", \.maximumNumberOfRipples, .whole,
                      default: RipplesScene.defaultMaximumNumberOfRipples, limits: .between(1, 1e6),
                      help: "The most rings at once; past it the oldest is dropped."),
        ])
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
                let scenePath = joinKeyPath(keyPath, "scene")
                guard let scene = members.first(where: { $0.key == "scene" }) else {
                    throw FlipbookError(invalid: scenePath, "is missing; a layer needs it: "
                                            + listed + ".",
                                        at: json.location(keyPath: scenePath))
                }
                let name = try scene.value.string(scenePath, "a scene name: " + listed)
                var layer: SceneFile.Layer
                switch name {
                case "confetti":
                    var parameters = SceneFile.ConfettiParameters()
                    try SceneFile.ConfettiParameters.parameters.read(json, into: &parameters, keyPath: keyPath, alsoKnown: common)
                    layer = SceneFile.Layer(.confetti(parameters))
                case "ripples":
                    var parameters = SceneFile.RipplesParameters()
                    try SceneFile.RipplesParameters.parameters.read(json, into: &parameters, keyPath: keyPath, alsoKnown: common)
                    layer = SceneFile.Layer(.ripples(parameters))
                case "text":
                    var parameters = SceneFile.TextParameters()
                    try SceneFile.TextParameters.parameters.read(json, into: &parameters, keyPath: keyPath, alsoKnown: common)
                    layer = SceneFile.Layer(.text(parameters))
                default:
                    guard let content = try SceneFile.Layer.readPlacedScene(name, json, keyPath: keyPath, alsoKnown: common) else {
                        throw scene.value.unknownName(name, scenePath, "a scene: " + listed, among: names)
                    }
                    layer = SceneFile.Layer(content)
                }
                try SceneFile.Layer.parameters.read(json, into: &layer, keyPath: keyPath,
                                                    alsoKnown: ["scene"] + SceneFile.Layer.sceneKeys(name))
                return layer
            },
            write: { layer in
                var members: [(String, JSONValue)] = [("scene", .string(layer.content.sceneName))]
                members += SceneFile.Layer.parameters.write(layer)
                switch layer.content {
                case .confetti(let parameters): members += SceneFile.ConfettiParameters.parameters.write(parameters)
                case .ripples(let parameters): members += SceneFile.RipplesParameters.parameters.write(parameters)
                case .text(let parameters): members += SceneFile.TextParameters.parameters.write(parameters)
                case .shape, .image, .group, .audio, .lottie, .captions: members += layer.content.placedSceneMembers
                }
                return .object(members)
            })
    }
}

extension SceneFile.Layer: Codable {
    public init(from decoder: any Decoder) throws { self = try ValueCodec<Self>.layer.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try ValueCodec<Self>.layer.encode(self, to: encoder) }
}
