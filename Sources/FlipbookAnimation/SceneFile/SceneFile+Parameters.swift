import FlipbookDrawing
import Foundation

extension SceneFile {
    /// The top level of a scene file.
    static let parameters = ParameterTable<SceneFile>(
        title: "Scene file", noun: "a scene file",
        summary: "The top-level object: the canvas, the clock and the layers. Every key is optional.",
        parameters: [
            .optional(Setting.size.key, \.size, .size, default: defaultSize,
                      limits: .above(0, atMost: Double(Bitmap.maximumDimension)), unit: "points",
                      help: "The canvas; frames are size × scale pixels."),
            .optional(Setting.scale.key, \.scale, .number, default: defaultScale,
                      limits: .above(0, atMost: Double(Timeline.maximumScale)), unit: Setting.scale.unit,
                      help: Setting.scale.help),
            .optional(Setting.fps.key, \.fps, .frameRate, default: defaultFPS,
                      help: #"Frames per second: 1 to 1000, or 23.976, 29.97, 59.94 (also "30000/1001")."#),
            .optional(Setting.duration.key, \.duration, .number, default: defaultDuration,
                      limits: .above(0, atMost: maximumDuration), unit: Setting.duration.unit, help: Setting.duration.help),
            .optional(Setting.background.key, \.background, .color, defaultText: "none (transparent)",
                      help: Setting.background.help),
            .optional(Setting.colorScheme.key, \.colorScheme, .choice(ColorScheme.allCases.map { ($0.rawValue, $0) }),
                      default: .light, help: Setting.colorScheme.help),
            .optional(Setting.assets.key, \.assets, .list(.text, of: "paths"), defaultText: "none",
                      help: Setting.assets.help),
            .optional("layers", \.layers, .list(.layer, of: "layers"), defaultText: "none",
                      help: "The scenes, bottom first; each is an object with \"scene\" and that scene's keys."),
        ])
}

extension ValueCodec where Value == SceneFile {
    static var sceneFile: ValueCodec {
        .object(SceneFile.parameters, initial: SceneFile())
    }
}
