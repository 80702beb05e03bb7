import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A text layer's parameters (`"scene": "text"`); see ``TextScene``, which checks them.
    public struct TextParameters: Sendable, Equatable {
        /// The characters. Required.
        public var text: String
        /// The font. Default: the system font at 17 points.
        public var font: FontParameters?
        /// The glyphs' colour. Default: the drawing's foreground (primary) colour.
        public var color: Keyframed<Color>?
        /// A gradient over the text's box instead of a colour; giving both is an error.
        public var gradient: LayerGradient?
        /// How lines line up. Default leading.
        public var alignment: TextAlignment?
        /// Extra space between lines, in points. Default 0.
        public var lineSpacing: Keyframed<Double>?
        /// Extra space after each character, in points. Default 0.
        public var tracking: Keyframed<Double>?
        /// The box in points. Default: the text's natural size.
        public var size: Keyframed<CGSize>?
        /// The most lines. Default none.
        public var lineLimit: Int?
        /// Where an ellipsis replaces what does not fit. Default: none, so the text must fit.
        public var truncation: Text.TruncationMode?
        /// The smallest font scale shrinking to fit may use. Default 1 (never shrink).
        public var minimumScaleFactor: Double?

        /// Text parameters; `nil` keys take their defaults.
        public init(
            text: String = "", font: FontParameters? = nil, color: Keyframed<Color>? = nil,
            gradient: LayerGradient? = nil, alignment: TextAlignment? = nil, lineSpacing: Keyframed<Double>? = nil,
            tracking: Keyframed<Double>? = nil, size: Keyframed<CGSize>? = nil, lineLimit: Int? = nil,
            truncation: Text.TruncationMode? = nil, minimumScaleFactor: Double? = nil
        ) {
            self.text = text
            self.font = font
            self.color = color
            self.gradient = gradient
            self.alignment = alignment
            self.lineSpacing = lineSpacing
            self.tracking = tracking
            self.size = size
            self.lineLimit = lineLimit
            self.truncation = truncation
            self.minimumScaleFactor = minimumScaleFactor
        }
    }

    /// A text layer's `font` object.
    public struct FontParameters: Sendable, Equatable {
        /// A family installed on the machine. Default: the system family (or the file's).
        public var family: String?
        /// The size in points. Default 17.
        public var size: Keyframed<Double>?
        /// The weight. Default regular.
        public var weight: Font.Weight?
        /// Whether the text is italic. Default false.
        public var italic: Bool?
        /// The system font's design. Default `default`.
        public var design: Font.Design?
        /// A TrueType or OpenType file, relative to the scene file's folder.
        public var src: String?

        /// Font parameters; `nil` keys take their defaults.
        public init(family: String? = nil, size: Keyframed<Double>? = nil, weight: Font.Weight? = nil, italic: Bool? = nil,
                    design: Font.Design? = nil, src: String? = nil) {
            self.family = family
            self.size = size
            self.weight = weight
            self.italic = italic
            self.design = design
            self.src = src
        }
    }
}
