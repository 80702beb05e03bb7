import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.RippleDescription {
    static let parameters = ParameterTable<Self>(
        title: "Ripple", noun: "a ripple",
        summary: "An element of a ripples layer's `ripples`: one ring.",
        parameters: [
            .required("center", \.center, .point, limits: .within(1e7), unit: "points", help: "Where the ring grows from."),
            .optional("start", \.start, .number, default: 0, limits: .within(1e7), unit: "seconds",
                      help: "When it starts, on the layer's clock."),
            .optional("color", \.color, .color, defaultText: "the palette colour at its place in the list",
                      help: "Its colour at birth; it fades toward white."),
        ])
}

extension SceneFile.RainDescription {
    static let parameters = ParameterTable<Self>(
        title: "Rain", noun: "a ripple rain",
        summary: "A ripples layer's `rain`: drops at seeded random moments and places.",
        parameters: [
            .optional("rate", \.rate, .number, default: RippleRain.defaultRate, limits: RippleRain.rateLimits,
                      unit: "drops per second", help: "Drops a second, on average."),
            .optional("start", \.start, .number, default: 0, limits: RippleRain.startLimits, unit: "seconds",
                      help: "When the rain starts, on the layer's clock."),
            .optional("duration", \.duration, .number, defaultText: "to the end of the timeline",
                      limits: RippleRain.durationLimits, unit: "seconds", help: "How long it rains."),
            .optional("area", \.area, .rect, defaultText: "the whole canvas", limits: RippleRain.startLimits,
                      unit: "points", help: "Where drops land: [x, y, width, height]."),
            .optional("palette", \.palette, .list(.color, of: "colours"), defaultText: "the layer's palette",
                      nonEmpty: true, help: "The drops' colours, picked uniformly."),
            .optional("seed", \.seed, .seed, defaultText: "its place in the list: 0, 1, …",
                      help: "The seed for the drops' times, places and colours."),
        ])
}

extension SceneFile.TrailDescription {
    static let parameters = ParameterTable<Self>(
        title: "Trail", noun: "a ripple trail",
        summary: "A ripples layer's `trail`: rings laid evenly along a path, as a finger tracing it. "
            + "Give exactly one of path and points.",
        parameters: [
            .optional("path", \.path, .text, defaultText: "none", help: #"The route as SVG path data: "M40 120 C 100 20, 160 220, 220 120"."#),
            .optional("points", \.points, .list(.point, of: "points [x, y]"), defaultText: "none",
                      limits: .within(1e7), unit: "points", help: "The route through these points."),
            .optional("start", \.start, .number, default: 0, limits: RippleRain.startLimits, unit: "seconds",
                      help: "When the first ring starts, at the path's beginning."),
            .optional("duration", \.duration, .number, default: RippleTrail.defaultDuration,
                      limits: RippleTrail.durationLimits, unit: "seconds", help: "When the last ring starts, after start."),
            .optional("rate", \.rate, .number, default: RippleTrail.defaultRate, limits: RippleTrail.rateLimits,
                      unit: "rings per second", help: "Rings a second."),
            .optional("color", \.color, .color, defaultText: "the layer's first palette colour", help: "The rings' colour."),
        ])
}

extension ValueCodec where Value == SceneFile.RippleDescription {
    static var ripple: ValueCodec {
        // center is required, so the placeholder never survives reading.
        .object(SceneFile.RippleDescription.parameters, initial: SceneFile.RippleDescription(center: .zero))
    }
}

extension ValueCodec where Value == SceneFile.RainDescription {
    static var rain: ValueCodec { .object(SceneFile.RainDescription.parameters, initial: SceneFile.RainDescription()) }
}

extension ValueCodec where Value == SceneFile.TrailDescription {
    static var trail: ValueCodec { .object(SceneFile.TrailDescription.parameters, initial: SceneFile.TrailDescription()) }
}
