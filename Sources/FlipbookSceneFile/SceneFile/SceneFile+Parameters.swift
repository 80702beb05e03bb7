import FlipbookAnimation
import FlipbookAudio
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// The top level of a scene file. The canvas's limits are the timeline's, checked once when the
    /// timeline is made (``makeTimeline()``), which places an error at the value in the file.
    static let parameters = ParameterTable<SceneFile>(
        title: "Scene file", noun: "a scene file",
        summary: "The top-level object: the canvas, the clock and the layers. Every key is optional.",
        parameters: [
            .optional(Setting.size.key, \.size, .size, default: defaultSize,
                      unit: "points",
                      help: "The canvas; frames are size × scale pixels, which must be \(Timeline.pixelRequirement)."),
            .optional(Setting.scale.key, \.scale, .number, default: defaultScale,
                      limits: Timeline.scaleLimits, limitsCheckedWhereMade: true, unit: Setting.scale.unit,
                      help: Setting.scale.help),
            .optional(Setting.fps.key, \.fps, .frameRate, default: defaultFPS,
                      help: "The frame rate: \(FrameRate.supportedRates)."),
            .optional(Setting.duration.key, \.durationSetting, .durationOrAuto, default: .seconds(defaultDuration),
                      limits: Timeline.durationLimits, limitsCheckedWhereMade: true, unit: Setting.duration.unit,
                      // "auto" (the type says it) is explained with the video and audio layers, whose media it measures.
                      help: Setting.duration.help),
            .optional(Setting.background.key, \.background, .color, defaultText: "none (transparent)",
                      help: Setting.background.help),
            .optional(Setting.colorScheme.key, \.colorScheme, .choice(ColorScheme.allCases.map { ($0.rawValue, $0) }),
                      default: .light, help: Setting.colorScheme.help),
            .optional(Setting.assets.key, \.assets, .list(.text, of: "paths"), defaultText: "none",
                      help: Setting.assets.help),
            .optional(Setting.motionBlur.key, \.motionBlur, .motionBlur, defaultText: "none",
                      help: "Motion blur for every layer without its own (see Motion blur)."),
            .optional(Setting.loudness.key, \.loudness, .number, defaultText: "none",
                      limits: .between(LoudnessMeter.targetRange.lowerBound, LoudnessMeter.targetRange.upperBound),
                      limitsCheckedWhereMade: true, unit: Setting.loudness.unit, help: Setting.loudness.help),
            .optional("layers", \.layers, .list(.layer, of: "layers"), defaultText: "none",
                      help: "The scenes, bottom first; each is an object with \"scene\" and that scene's keys."),
            templateParameters,
        ])

    /// `"parameters"`: read before the rest of the file, by the template reader (``SceneTemplate``),
    /// since its values go into the rest; listed here so the key is known and documented.
    private static let templateParameters = Parameter<SceneFile>(
        info: ParameterInfo(
            key: "parameters", type: "object of template parameters", defaultValue: "none", range: nil, unit: nil,
            help: "Makes the file a template: each key names a parameter that string values use as {{name}} "
                + "(see Template parameter); values come from --set or a batch's data file."),
        isRequired: false, read: { _, _, _ in }, write: { _ in nil }, validate: { _, _ in })
}

extension ValueCodec where Value == SceneFile {
    static var sceneFile: ValueCodec {
        .object(SceneFile.parameters, initial: SceneFile())
    }
}
