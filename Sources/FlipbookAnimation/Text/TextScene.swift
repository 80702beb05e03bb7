import FlipbookDrawing
import Foundation

/// A text in a box of its own: a title, a caption, a name, drawn with the canvas's ``Text`` (shaped
/// by Pango, so right-to-left scripts and emoji come out right).
///
/// Without a ``size`` the box is the text's natural size, one line per explicit newline. With one,
/// the text wraps to the box's width, sits in the middle of its height (as in a SwiftUI frame), and
/// must fit: either it does, or a rule says what gives way — a ``lineLimit``, a ``truncation``, or a
/// ``minimumScaleFactor`` (SwiftUI's: the largest font scale at or above it at which the text fits).
/// A text that cannot fit and has no such rule is an error when the scene is made, before any frame
/// is drawn.
///
/// The font size, colour, gradient, tracking, line spacing and box may be keyframed. How the text
/// fits is decided when the scene is made: once when nothing about its layout changes; otherwise it
/// is checked at every keyframe's time (where, as values move linearly between keyframes, the font
/// size and the box take their extremes) and laid out again on each frame.
///
/// ```swift
/// let title = try TextScene("Congrats, Ada! 🎉", font: .init(size: Keyframed(64), weight: .bold),
///                           fill: .color(Keyframed(.white)), alignment: .center,
///                           size: Keyframed(CGSize(width: 320, height: 200)), minimumScaleFactor: 0.5)
/// ```
public struct TextScene: BoxedScene {
    /// The characters.
    public var string: String { look.string }
    /// The font.
    public var font: FontStyle { look.font }
    /// What the glyphs are painted with; `nil` for the drawing's foreground style (black in light
    /// mode, white in dark, as SwiftUI's primary).
    public let fill: LayerPaint?
    /// How lines line up in the box (SwiftUI's `multilineTextAlignment`).
    public var alignment: TextAlignment { look.alignment }
    /// Extra space between lines, in points (SwiftUI's `lineSpacing`).
    public var lineSpacing: Keyframed<Double> { look.lineSpacing }
    /// Extra space after each character, in points (SwiftUI's `tracking`).
    public var tracking: Keyframed<Double> { look.tracking }
    /// The box in points; `nil` for the text's natural size.
    public var size: Keyframed<CGSize>? { look.size }
    /// The most lines the text may take in its box; the last is truncated (SwiftUI's `lineLimit`).
    public var lineLimit: Int? { look.lineLimit }
    /// Where text that does not fit its box loses characters for an ellipsis (SwiftUI's
    /// `truncationMode`); giving it lets the text be cut at the box's height.
    public var truncation: Text.TruncationMode? { look.truncation }
    /// The smallest fraction of the font size the text may shrink to, to fit its box (SwiftUI's
    /// `minimumScaleFactor`); 1 never shrinks.
    public var minimumScaleFactor: Double { look.minimumScaleFactor }

    /// Everything that decides the layout.
    let look: TextLook
    /// How the text is laid out when nothing about its layout changes over time, decided once.
    let fixed: TextArrangement?

    /// A text scene; the parameters are SwiftUI's, as described on each property.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) for a value out of range (`font.size must be …`),
    ///   a missing or unreadable font file (`font.src`), a rule without a box to apply in, or a text
    ///   that does not fit its box: "text does not fit its box of 320×80 points: it needs 3 lines
    ///   (130 points); give a larger size, a lineLimit with truncation, or a minimumScaleFactor."
    public init(
        _ string: String, font: FontStyle = FontStyle(), fill: LayerPaint? = nil, alignment: TextAlignment = .leading,
        lineSpacing: Keyframed<Double> = Keyframed(0), tracking: Keyframed<Double> = Keyframed(0),
        size: Keyframed<CGSize>? = nil, lineLimit: Int? = nil, truncation: Text.TruncationMode? = nil,
        minimumScaleFactor: Double = 1
    ) throws {
        try self.init(string, font: font, fill: fill, alignment: alignment, lineSpacing: lineSpacing, tracking: tracking,
                      size: size, lineLimit: lineLimit, truncation: truncation, minimumScaleFactor: minimumScaleFactor,
                      keyPath: "")
    }

    /// The throwing initializer, with `keyPath` (a scene file's `layers[0]`) before every error's key.
    package init(
        _ string: String, font: FontStyle, fill: LayerPaint?, alignment: TextAlignment, lineSpacing: Keyframed<Double>,
        tracking: Keyframed<Double>, size: Keyframed<CGSize>?, lineLimit: Int?, truncation: Text.TruncationMode?,
        minimumScaleFactor: Double, keyPath: String
    ) throws {
        try TextScene.validate(string, font: font, fill: fill, lineSpacing: lineSpacing, tracking: tracking, size: size,
                               lineLimit: lineLimit, truncation: truncation, minimumScaleFactor: minimumScaleFactor,
                               keyPath: keyPath)
        let look = TextLook(
            string: string, font: font, family: try font.resolvedFamily(keyPath: joinKeyPath(keyPath, "font")),
            alignment: alignment, lineSpacing: lineSpacing, tracking: tracking, size: size, lineLimit: lineLimit,
            truncation: truncation, minimumScaleFactor: minimumScaleFactor)
        // Decided when the scene is made, at every time the layout's inputs reach a keyframe.
        let arrangements = try look.layoutTimes.map { try look.arrangement(at: $0, failingAt: keyPath) }
        self.look = look
        self.fill = fill
        fixed = look.isConstant ? arrangements.first : nil
    }

    public func boxSize(canvas: CGSize, time: TimeInterval) -> CGSize {
        currentArrangement(at: time)?.box ?? .zero
    }

    /// How the text fits its box at `time`: the box, the font size it is drawn at, its measured
    /// size and lines; `nil` when it cannot be laid out.
    public func fit(at time: TimeInterval) -> Fit? {
        currentArrangement(at: time)?.fit
    }

    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        guard let arrangement = currentArrangement(at: time) else { return }
        var text = arrangement.text
        switch fill {
        case .color(let color)?:
            text = text.foregroundColor(color.value(at: time))
        case .gradient(let gradient)?:
            text = text.foregroundStyle(gradient.shading(in: CGRect(origin: .zero, size: arrangement.box), at: time))
        case nil:
            break
        }
        if let rect = arrangement.rect {
            context.draw(text, in: rect)
        } else {
            context.draw(text, at: .zero, anchor: .topLeading)
        }
    }

    /// The arrangement laid out once, or the one at `time`. A failure here could only be the fonts'
    /// (which the initializer met first), so a frame that meets one draws no text.
    private func currentArrangement(at time: TimeInterval) -> TextArrangement? {
        fixed ?? (try? look.arrangement(at: time, failingAt: nil))
    }
}

extension TextScene {
    /// How a text fits its box at one moment.
    public struct Fit: Sendable, Equatable {
        /// The box, in points.
        public var box: CGSize
        /// The font size the text is drawn at, in points: the font's size times ``scale``.
        public var fontSize: CGFloat
        /// The font scale shrinking to fit chose: 1, or between the minimum scale factor and 1.
        public var scale: Double
        /// The text's measured size as drawn (after any truncation), in points.
        public var textSize: CGSize
        /// The lines drawn.
        public var lineCount: Int
        /// Whether some characters gave way to an ellipsis.
        public var isTruncated: Bool
    }
}
