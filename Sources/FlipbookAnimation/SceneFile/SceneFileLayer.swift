import FlipbookDrawing
import Foundation

extension SceneFile {
    /// One layer: `"scene"` (`"confetti"` or `"ripples"`), when it shows, its opacity, and the scene's
    /// own parameters as further keys of the same object.
    public struct Layer: Codable, Sendable, Equatable {
        /// When the layer appears, in timeline seconds (its scene's clock starts here). Default 0.
        public var start: TimeInterval?
        /// When it disappears, in timeline seconds. Default: the end of the timeline.
        public var end: TimeInterval?
        /// The whole layer's opacity, 0...1. Default 1.
        public var opacity: Double?
        /// The scene and its parameters.
        public var content: Content

        /// The scene a layer draws.
        public enum Content: Sendable, Equatable {
            /// `"scene": "confetti"`: a ``ConfettiScene`` aimed at the timeline's canvas.
            case confetti(ConfettiParameters)
            /// `"scene": "ripples"`: a ``RipplesScene``.
            case ripples(RipplesParameters)

            /// The scene's name in files: `"confetti"` or `"ripples"`.
            public var sceneName: String {
                switch self {
                case .confetti: "confetti"
                case .ripples: "ripples"
                }
            }
        }

        /// A layer drawing `content`; `nil` values take the defaults above.
        public init(_ content: Content, start: TimeInterval? = nil, end: TimeInterval? = nil, opacity: Double? = nil) {
            self.content = content
            self.start = start
            self.end = end
            self.opacity = opacity
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case scene, start, end, opacity }

        /// The names of the scenes a layer can hold.
        public static let sceneNames = ["confetti", "ripples"]

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let name = try c.decode(String.self, forKey: .scene)
            let common = CodingKeys.allCases.map(\.stringValue)
            switch name {
            case "confetti":
                try decoder.rejectUnknownKeys(common + ConfettiParameters.keys, in: "a confetti layer")
                content = .confetti(try ConfettiParameters(from: decoder))
            case "ripples":
                try decoder.rejectUnknownKeys(common + RipplesParameters.keys, in: "a ripples layer")
                content = .ripples(try RipplesParameters(from: decoder))
            default:
                throw DecodingError.dataCorruptedError(
                    forKey: .scene, in: c,
                    debugDescription: "'\(name)' is not a scene: expected \"confetti\" or \"ripples\"")
            }
            start = try c.decodeIfPresent(Double.self, forKey: .start)
            end = try c.decodeIfPresent(Double.self, forKey: .end)
            opacity = try c.decodeIfPresent(Double.self, forKey: .opacity)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(content.sceneName, forKey: .scene)
            try c.encodeIfPresent(start, forKey: .start)
            try c.encodeIfPresent(end, forKey: .end)
            try c.encodeIfPresent(opacity, forKey: .opacity)
            switch content {
            case .confetti(let parameters): try parameters.encode(to: encoder)
            case .ripples(let parameters): try parameters.encode(to: encoder)
            }
        }
    }

    /// A confetti layer's parameters.
    ///
    /// When neither `bursts` nor `emissions` is given, the layer has one default burst at time 0
    /// (the article's). Give `"bursts": []` for emissions only.
    public struct ConfettiParameters: Codable, Sendable, Equatable {
        /// The seed all the layer's randomness comes from. Default 0.
        public var seed: UInt64?
        /// Bursts (see ``ConfettiBurst``; every key optional).
        public var bursts: [ConfettiBurst]?
        /// Steady emissions (see ``ConfettiEmission``; `duration` required).
        public var emissions: [ConfettiEmission]?
        /// The motion model (see ``ConfettiPhysics``; every key optional).
        public var physics: ConfettiPhysics?

        public init(seed: UInt64? = nil, bursts: [ConfettiBurst]? = nil, emissions: [ConfettiEmission]? = nil,
                    physics: ConfettiPhysics? = nil) {
            self.seed = seed
            self.bursts = bursts
            self.emissions = emissions
            self.physics = physics
        }

        static let keys = ["seed", "bursts", "emissions", "physics"]

        private enum CodingKeys: String, CodingKey { case seed, bursts, emissions, physics }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            seed = try c.decodeWholeIfPresent(UInt64.self, forKey: .seed)
            bursts = try c.decodeIfPresent([ConfettiBurst].self, forKey: .bursts)
            emissions = try c.decodeIfPresent([ConfettiEmission].self, forKey: .emissions)
            physics = try c.decodeIfPresent(ConfettiPhysics.self, forKey: .physics)
        }
    }

    /// A ripples layer's parameters. Its ripples are the union of the explicit `ripples`, those the
    /// `touches` make, the `rain` drops and the `trail` rings.
    public struct RipplesParameters: Codable, Sendable, Equatable {
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
        /// Seconds a ring lives. Default 14.
        public var lifetime: TimeInterval?
        /// Growth in points per second. Default 40.
        public var speed: Double?
        /// Stroke width in points. Default 2.
        public var lineWidth: Double?
        /// The rings' stroke opacity (the Swift parameter `opacity`; renamed because `opacity` is the
        /// layer's). Default 0.5.
        public var rippleOpacity: Double?
        /// The cap on rings existing at once. Default 1000.
        public var maximumNumberOfRipples: Int?

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

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case ripples, touches, rain, trail, palette, lifetime, speed, lineWidth, rippleOpacity, maximumNumberOfRipples
        }

        static let keys = CodingKeys.allCases.map(\.stringValue)

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            ripples = try c.decodeIfPresent([RippleDescription].self, forKey: .ripples)
            touches = try c.decodeIfPresent([TouchScript.Event].self, forKey: .touches)
            rain = try c.decodeIfPresent(OneOrMany<RainDescription>.self, forKey: .rain)?.elements
            trail = try c.decodeIfPresent(OneOrMany<TrailDescription>.self, forKey: .trail)?.elements
            palette = try c.decodeIfPresent([Color].self, forKey: .palette)
            lifetime = try c.decodeIfPresent(Double.self, forKey: .lifetime)
            speed = try c.decodeIfPresent(Double.self, forKey: .speed)
            lineWidth = try c.decodeIfPresent(Double.self, forKey: .lineWidth)
            rippleOpacity = try c.decodeIfPresent(Double.self, forKey: .rippleOpacity)
            maximumNumberOfRipples = try c.decodeWholeIfPresent(Int.self, forKey: .maximumNumberOfRipples)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(ripples, forKey: .ripples)
            try c.encodeIfPresent(touches, forKey: .touches)
            try c.encodeIfPresent(rain, forKey: .rain)
            try c.encodeIfPresent(trail, forKey: .trail)
            try c.encodeIfPresent(palette, forKey: .palette)
            try c.encodeIfPresent(lifetime, forKey: .lifetime)
            try c.encodeIfPresent(speed, forKey: .speed)
            try c.encodeIfPresent(lineWidth, forKey: .lineWidth)
            try c.encodeIfPresent(rippleOpacity, forKey: .rippleOpacity)
            try c.encodeIfPresent(maximumNumberOfRipples, forKey: .maximumNumberOfRipples)
        }
    }
}
