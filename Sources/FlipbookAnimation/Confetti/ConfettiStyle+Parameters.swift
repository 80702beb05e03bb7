import FlipbookDrawing
import Foundation

extension ConfettiStyle {
    /// The style's parameters. In a scene file they sit directly in a burst or an emission object
    /// (there is no nested "style").
    package static let parameters = ParameterTable<ConfettiStyle>(
        title: "Style", noun: "a confetti style",
        summary: "Keys of a burst or an emission: the distributions each particle's look and motion are drawn from. "
            + "A range is [low, high] or one number.",
        parameters: [
            .value("palette", \.palette, .list(.color, of: "colours"), default: defaultPalette, nonEmpty: true,
                   help: "Colours, picked uniformly."),
            .value("sizes", \.sizes, .list(.size, of: "sizes [width, height]"), default: defaultSizes,
                   limits: .between(0, 10_000), nonEmpty: true, unit: "points",
                   help: "Particle sizes, picked uniformly, then multiplied by scale."),
            .value("scale", \.scale, .number, default: defaultScale, limits: .above(0, atMost: 1000),
                   help: "A factor on every size (not on the motion)."),
            .value("shapes", \.shapes, .list(.shape, of: "shapes"), default: defaultShapes, nonEmpty: true,
                   help: #"Outlines, picked uniformly: rectangle, circle, triangle, star, {"svg": "M0 0 L10 0 L5 8 Z"}, {"text": "🎉"} (with an optional "font": a family installed on the machine; emoji keep their colours) or {"image": "logo.png"} (relative to the scene file; PNG, JPEG, WebP or SVG)."#),
            .value("rotation", \.rotation, .range, default: defaultRotation, limits: .within(1e6), unit: "degrees",
                   help: "The rotation at launch."),
            .value("rotationSpeed", \.rotationSpeed, .range, default: defaultRotationSpeed, limits: .within(1e6),
                   unit: "degrees per second", help: "The spin (clockwise on screen when positive)."),
            .value("flutterAmplitude", \.flutterAmplitude, .range, default: defaultFlutterAmplitude,
                   limits: .within(1e5), unit: "points", help: "How far a particle flutters sideways."),
            .value("flutterFrequency", \.flutterFrequency, .range, default: defaultFlutterFrequency,
                   limits: .within(1e4), unit: "radians per second", help: "How fast it flutters."),
            .value("flutterPhase", \.flutterPhase, .range, default: defaultFlutterPhase, limits: .within(1e4),
                   unit: "radians", help: "Where in its flutter it starts."),
            .value("flipFrequency", \.flipFrequency, .range, default: defaultFlipFrequency, limits: .within(1e4),
                   unit: "radians per second", help: "How fast it turns edge-on and back."),
            .value("flipPhase", \.flipPhase, .range, default: defaultFlipPhase, limits: .within(1e4),
                   unit: "radians", help: "Where in its flip it starts."),
            .value("spreadStrength", \.spreadStrength, .range, default: defaultSpreadStrength, limits: .within(1e5),
                   unit: "points per second²", help: "How strongly it drifts away from the centre."),
        ])

    /// Checks the lists and ranges, naming the offending field under `keyPath`.
    package func validate(keyPath: String) throws {
        try ConfettiStyle.parameters.validate(self, keyPath: keyPath)
    }
}
