import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A ripples layer's parameters. Its ripples are the union of the explicit `ripples`, those the
    /// `touches` make, the `rain` drops and the `trail` rings.
    public struct RipplesParameters: Sendable, Equatable {
        /// Explicit ripples.
        public var ripples: [RippleDescription]?
        /// A touch script's events (see ``TouchScript``).
        public var touches: [TouchScript.Event]?
        /// Ripple rain: one object or a list.
        public var rain: [RainDescription]?
        /// Trails along paths: one object or a list.
        public var trail: [TrailDescription]?
        /// The colours fingers, rain and unnamed ripples take. Default ``RipplesScene/palette``.
        public var palette: [Color]?
        /// Seconds a ring lives. Default ``RipplesScene/defaultLifetime``.
        public var lifetime: TimeInterval?
        /// Growth in points per second. Default ``RipplesScene/defaultSpeed``.
        public var speed: Double?
        /// Stroke width in points. Default ``RipplesScene/defaultLineWidth``.
        public var lineWidth: Double?
        /// The rings' stroke opacity (the Swift parameter `opacity`; renamed because `opacity` is the
        /// layer's). Default ``RipplesScene/defaultOpacity``.
        public var rippleOpacity: Double?
        /// The cap on rings existing at once. Default ``RipplesScene/defaultMaximumNumberOfRipples``.
        public var maximumNumberOfRipples: Int?

        /// Ripples parameters; `nil` keys take their defaults.
        public init(
            ripples: [RippleDescription]? = nil, touches: [TouchScript.Event]? = nil, rain: [RainDescription]? = nil,
            trail: [TrailDescription]? = nil, palette: [Color]? = nil, lifetime: TimeInterval? = nil,
            speed: Double? = nil, lineWidth: Double? = nil, rippleOpacity: Double? = nil,
            maximumNumberOfRipples: Int? = nil
        ) {
            self.ripples = ripples
            self.touches = touches
            self.rain = rain
            self.trail = trail
            self.palette = palette
            self.lifetime = lifetime
            self.speed = speed
            self.lineWidth = lineWidth
            self.rippleOpacity = rippleOpacity
            self.maximumNumberOfRipples = maximumNumberOfRipples
        }
    }
}

extension SceneFile.RipplesParameters {
    static let parameters = ParameterTable<SceneFile.RipplesParameters>(
        title: "Ripples layer", noun: "a ripples layer",
        summary: layerWithScene + ": rings expanding from touches, rain and trails, "
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
