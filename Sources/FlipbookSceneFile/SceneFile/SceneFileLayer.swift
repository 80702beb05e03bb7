import FlipbookAnimation
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
        /// Whether it disappears where its media ends (`"end": "auto"`): its video, sound, Lottie
        /// animation or captions, or a sequence's last child.
        public var endIsAuto = false
        /// How long it shows, in seconds: its end less its start, or in a sequence the child's length.
        /// Default: until ``end``.
        public var duration: TimeInterval?
        /// Whether it shows for its media's natural length (`"duration": "auto"`); in a sequence, the
        /// default.
        public var durationIsAuto = false
        /// In a sequence, how this child replaces the one before it. Default: a cut.
        public var transition: TransitionParameters?
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
            /// A confetti layer: a ``ConfettiScene`` aimed at the timeline's canvas.
            case confetti(ConfettiParameters)
            /// A ripples layer: a ``RipplesScene``.
            case ripples(RipplesParameters)
            /// A text layer: a ``TextScene``.
            case text(TextParameters)
            /// A shape layer: a ``ShapeScene``.
            case shape(ShapeParameters)
            /// An image layer: an ``ImageScene``.
            case image(ImageParameters)
            /// A group layer: a ``GroupScene`` of further layers.
            case group(GroupParameters)
            /// An audio layer: an ``AudioScene``.
            case audio(AudioParameters)
            /// A Lottie layer: a ``LottieScene``.
            case lottie(LottieParameters)
            /// A captions layer: a ``CaptionsScene`` for the timeline's canvas.
            case captions(CaptionsParameters)
            /// A video layer: a ``VideoScene``.
            case video(VideoParameters)
            /// A sequence layer: a ``Timeline/Sequence`` of further layers, one after another.
            case sequence(SequenceParameters)

            /// The scene's name in files: one of ``SceneFile/Layer/sceneNames``.
            public var sceneName: String { type(of: parameters).name }

            /// The parameters, as the kind of layer they make.
            var parameters: any LayerKind {
                switch self {
                case .confetti(let parameters): parameters
                case .ripples(let parameters): parameters
                case .text(let parameters): parameters
                case .shape(let parameters): parameters
                case .image(let parameters): parameters
                case .group(let parameters): parameters
                case .audio(let parameters): parameters
                case .lottie(let parameters): parameters
                case .captions(let parameters): parameters
                case .video(let parameters): parameters
                case .sequence(let parameters): parameters
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
        public static let sceneNames = kinds.map { $0.name }
    }
}
