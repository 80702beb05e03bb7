import FlipbookDrawing
import Foundation

/// The outline of a piece of confetti. Every shape is stretched to fill the particle's rectangle,
/// so the flip squashes it like a turning piece of paper.
///
/// In a scene file a shape is written `"rectangle"`, `"circle"`, `"triangle"`, `"star"`,
/// `{"svg": "M0 0 L10 0 L5 8 Z"}` for any outline given as SVG path data, `{"text": "🎉"}`
/// (optionally with `"font": "Family"`) for a piece of confetti made of text, or `{"image": "logo.png"}`
/// for one made of a picture.
public enum ConfettiShape: Sendable, Equatable {
    /// A rectangle filling the particle's rectangle (the article's confetti).
    case rectangle
    /// An ellipse inscribed in the particle's rectangle.
    case circle
    /// A triangle with its apex at the top centre and its base along the bottom edge.
    case triangle
    /// A five-pointed star, pointing up.
    case star
    /// Any outline; its bounding rectangle is mapped onto the particle's rectangle.
    case custom(Path)
    /// Text, such as an emoji or a symbol: its glyphs' ink is as tall as the particle's longer side
    /// and squashed by the flip. Colour emoji keep their colours; other glyphs take the particle's
    /// colour. `font` names a font family installed on the machine; `nil` (the default) uses the
    /// carried Noto Sans, with Noto Color Emoji for emoji.
    case text(String, font: String? = nil)
    /// A picture (`{"image": "logo.png"}`): as tall as the particle's longer side, its width keeping
    /// the picture's aspect ratio, squashed by the flip.
    case image(ConfettiImage)

    /// The longest text a text shape may have, in characters.
    public static let maximumTextLength = 64

    /// A text shape, checked: the text must have 1 to ``maximumTextLength`` characters and the font
    /// name, when given, must not be empty.
    ///
    /// - Throws: ``FlipbookError`` saying what is wrong.
    public static func checkedText(_ text: String, font: String? = nil) throws -> ConfettiShape {
        if let problem = textProblem(text, font: font) {
            throw FlipbookError(invalid: problem.isFont ? "The font of a confetti text shape" : "The text of a confetti shape",
                                problem.requirement)
        }
        return .text(text, font: font)
    }

    /// What is wrong with a text shape's text or font, if anything.
    static func textProblem(_ text: String, font: String?) -> (isFont: Bool, requirement: String)? {
        if text.isEmpty || text.count > maximumTextLength {
            return (false, "must have 1 to \(maximumTextLength) characters; it has \(text.count).")
        }
        if let font, font.isEmpty { return (true, "must be a font family name, not empty.") }
        return nil
    }

    /// A custom shape from SVG path data (the `d` attribute of an SVG `<path>`).
    ///
    /// - Throws: ``FlipbookError`` when the data cannot be parsed (saying where and what was expected)
    ///   or describes an empty outline.
    public static func svg(_ pathData: String) throws -> ConfettiShape {
        let path = try Path(svgPathData: pathData)
        guard !path.isEmpty else {
            throw FlipbookError.invalidInput(
                "The SVG path data for a confetti shape is empty: expected commands such as \"M0 0 L10 0 L5 8 Z\".")
        }
        return .custom(path)
    }

    /// The outline fitted into `rect`. A text or image shape has no outline (it is drawn as glyphs or
    /// pixels): an empty path.
    public func path(in rect: CGRect) -> Path {
        switch self {
        case .text, .image:
            return Path()
        case .rectangle:
            return Path(rect)
        case .circle:
            return Path(ellipseIn: rect)
        case .triangle:
            return Path { p in
                p.move(to: CGPoint(x: rect.midX, y: rect.minY))
                p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                p.closeSubpath()
            }
        case .star:
            return Path { p in
                p.addLines(ConfettiShape.unitStar.map {
                    CGPoint(x: rect.minX + $0.x * rect.width, y: rect.minY + $0.y * rect.height)
                })
                p.closeSubpath()
            }
        case .custom(let path):
            let bounds = path.boundingRect
            guard bounds.width.isFinite, bounds.height.isFinite else { return Path() }
            // A flat outline (a line) keeps its own extent along the flat axis rather than dividing by 0.
            let sx = bounds.width > 0 ? rect.width / bounds.width : 1
            let sy = bounds.height > 0 ? rect.height / bounds.height : 1
            let tx = bounds.width > 0 ? rect.minX - bounds.minX * sx : rect.midX - bounds.midX
            let ty = bounds.height > 0 ? rect.minY - bounds.minY * sy : rect.midY - bounds.midY
            return path.applying(CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty))
        }
    }

    /// A regular five-pointed star (inner radius half the outer, which reads better than the
    /// geometric 0.38 at confetti sizes), normalised so its bounding box is the unit square.
    private static let unitStar: [CGPoint] = {
        let raw = (0..<10).map { i -> CGPoint in
            let radius: CGFloat = i.isMultiple(of: 2) ? 1 : 0.5
            let angle = -CGFloat.pi / 2 + CGFloat(i) * .pi / 5
            return CGPoint(x: radius * cos(angle), y: radius * sin(angle))
        }
        let xs = raw.map(\.x), ys = raw.map(\.y)
        let minX = xs.reduce(xs[0], min), maxX = xs.reduce(xs[0], max)
        let minY = ys.reduce(ys[0], min), maxY = ys.reduce(ys[0], max)
        return raw.map { CGPoint(x: ($0.x - minX) / (maxX - minX), y: ($0.y - minY) / (maxY - minY)) }
    }()
}

/// SVG path data for `path`, using absolute M, L, Q, C and Z commands.
package func svgPathData(_ path: Path) -> String {
    func n(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(Double(value))"
    }
    func p(_ point: CGPoint) -> String { "\(n(point.x)) \(n(point.y))" }
    var parts: [String] = []
    path.forEach { element in
        switch element {
        case .move(let to): parts.append("M\(p(to))")
        case .line(let to): parts.append("L\(p(to))")
        case .quadCurve(let to, let control): parts.append("Q\(p(control)) \(p(to))")
        case .curve(let to, let c1, let c2): parts.append("C\(p(c1)) \(p(c2)) \(p(to))")
        case .closeSubpath: parts.append("Z")
        }
    }
    return parts.joined(separator: " ")
}
