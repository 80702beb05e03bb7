import FlipbookDrawing
import Foundation

extension SceneFile {
    /// One layer: `"scene"` (see ``sceneNames``), when it shows, where it is placed, how it is
    /// composited, and the scene's own parameters as further keys of the same object.
    ///
    /// Every number, point and colour of a layer may be a keyframe list in the layer's clock.
    public struct Layer: Sendable, Equatable {
        /// When the layer appears, in timeline seconds (its scene's clock starts here). Default 0.
        public var start: TimeInterval?
        /// When it disappears, in timeline seconds. Default: the end of the timeline.
        public var end: TimeInterval?
        /// The whole layer's opacity, 0...1. Default 1.
        public var opacity: Keyframed<Double>?
        /// Where the layer's anchor goes, in the parent's points. Default: the parent's centre.
        public var position: Keyframed<CGPoint>?
        /// The point of the layer's box placed at `position`. Default the centre.
        public var anchor: Keyframed<UnitPoint>?
        /// The turn about the anchor, in degrees clockwise. Default 0.
        public var rotation: Keyframed<Angle>?
        /// The scale about the anchor: `s` or `[sx, sy]`. Default 1.
        public var scale: Keyframed<CGSize>?
        /// How the layer combines with what is under it. Default normal.
        public var blend: GraphicsContext.BlendMode?
        /// Filters on the whole layer, applied in order. Default none.
        public var filters: [Timeline.Layer.Filter]?
        /// Motion blur for this layer alone, over the file's own (a timeline's own layers only). Default none.
        public var motionBlur: MotionBlur?
        /// The sound played at each of the scene's events. Default none.
        public var sound: SceneFile.SoundParameters?
        /// The scene and its parameters.
        public var content: Content

        /// The scene a layer draws.
        public enum Content: Sendable, Equatable {
            /// `"scene": "confetti"`: a ``ConfettiScene`` aimed at the timeline's canvas.
            case confetti(ConfettiParameters)
            /// `"scene": "ripples"`: a ``RipplesScene``.
            case ripples(RipplesParameters)
            /// `"scene": "text"`: a ``TextScene``.
            case text(TextParameters)
            /// `"scene": "shape"`: a ``ShapeScene``.
            case shape(ShapeParameters)
            /// `"scene": "image"`: an ``ImageScene``.
            case image(ImageParameters)
            /// `"scene": "group"`: a ``GroupScene`` of further layers.
            case group(GroupParameters)
            /// `"scene": "audio"`: an ``AudioScene``.
            case audio(AudioParameters)
            /// `"scene": "lottie"`: a ``LottieScene``.
            case lottie(LottieParameters)
            /// `"scene": "captions"`: a ``CaptionsScene`` for the timeline's canvas.
            case captions(CaptionsParameters)

            /// The scene's name in files: one of ``SceneFile/Layer/sceneNames``.
            public var sceneName: String {
                switch self {
                case .confetti: "confetti"
                case .ripples: "ripples"
                case .text: "text"
                case .shape: "shape"
                case .image: "image"
                case .group: "group"
                case .audio: "audio"
                case .lottie: "lottie"
                case .captions: "captions"
                }
            }
        }

        /// A layer drawing `content`; `nil` values take the defaults above.
        public init(_ content: Content, start: TimeInterval? = nil, end: TimeInterval? = nil, opacity: Keyframed<Double>? = nil) {
            self.content = content
            self.start = start
            self.end = end
            self.opacity = opacity
        }

        /// A layer drawing `content` at a constant `opacity`.
        public init(_ content: Content, start: TimeInterval? = nil, end: TimeInterval? = nil, opacity: Double) {
            self.init(content, start: start, end: end, opacity: Keyframed(opacity))
        }

        /// The names of the scenes a layer can hold.
        public static let sceneNames = ["confetti", "ripples", "text", "shape", "image", "group", "audio", "lottie", "captions"]
    }

    /// A confetti layer's parameters.
    ///
    /// When neither `bursts` nor `emissions` is given, the layer has one default burst at time 0
    /// (the article's). Give `"bursts": []` for emissions only.
    public struct ConfettiParameters: Sendable, Equatable {
        /// The seed all the layer's randomness comes from. Default 0.
        public var seed: UInt64?
        /// Bursts (see ``ConfettiBurst``; every key optional).
        public var bursts: [ConfettiBurst]?
        /// Steady emissions (see ``ConfettiEmission``; `duration` required).
        public var emissions: [ConfettiEmission]?
        /// The motion model (see ``ConfettiPhysics``; every key optional).
        public var physics: ConfettiPhysics?

        /// Confetti parameters; `nil` keys take their defaults.
        public init(seed: UInt64? = nil, bursts: [ConfettiBurst]? = nil, emissions: [ConfettiEmission]? = nil,
                    physics: ConfettiPhysics? = nil) {
            self.seed = seed
            self.bursts = bursts
            self.emissions = emissions
            self.physics = physics
        }
    }

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
