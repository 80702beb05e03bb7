import Foundation

extension Text {
    /// Text showing `attributedContent`, each part drawn with its SwiftUI attributes: `foregroundColor`,
    /// `backgroundColor`, `font`, `kern`, `tracking`, `underlineStyle`, `strikethroughStyle` and
    /// `baselineOffset` (see `AttributeScopes.SwiftUIAttributes`), as SwiftUI's
    /// `Text(_:)` with an `AttributedString`.
    ///
    /// An attribute of a part wins over the text's modifier of the same kind (`foregroundColor(_:)`,
    /// `font(_:)`, `kerning(_:)`, …) there; `bold()`, `italic()` and `monospaced()` apply to every
    /// part's font. Other attributes (Foundation's `link`, say) are kept in the string but not drawn.
    ///
    /// ```swift
    /// var title = AttributedString("Flipbook 2")
    /// title.font = .largeTitle
    /// if let range = title.range(of: "2") {
    ///     title[range].foregroundColor = .orange
    ///     title[range].underlineStyle = .single
    /// }
    /// context.draw(Text(title), at: CGPoint(x: 160, y: 40))
    /// ```
    public init(_ attributedContent: AttributedString) {
        string = String(attributedContent.characters)
        var offset = 0
        var runs: [TextRun] = []
        for run in attributedContent.runs {
            let length = String(attributedContent[run.range].characters).utf8.count
            defer { offset += length }
            typealias SwiftUI = AttributeScopes.SwiftUIAttributes
            let styled = TextRun(
                start: offset, end: offset + length,
                font: run[SwiftUI.FontAttribute.self], color: run[SwiftUI.ForegroundColorAttribute.self],
                background: run[SwiftUI.BackgroundColorAttribute.self], kerning: run[SwiftUI.KerningAttribute.self],
                tracking: run[SwiftUI.TrackingAttribute.self], underline: run[SwiftUI.UnderlineStyleAttribute.self],
                strikethrough: run[SwiftUI.StrikethroughStyleAttribute.self],
                baselineOffset: run[SwiftUI.BaselineOffsetAttribute.self])
            guard styled.hasAttributes, length > 0 else { continue }
            runs.append(styled)
        }
        format.runs = runs
    }
}

/// A part of an attributed string's text with the attributes it gives it; `nil` leaves the text's own.
struct TextRun: Hashable, Sendable {
    /// The part's UTF-8 byte range in the text's string.
    var start: Int
    var end: Int
    var font: Font?
    var color: Color?
    var background: Color?
    var kerning: CGFloat?
    var tracking: CGFloat?
    var underline: Text.LineStyle?
    var strikethrough: Text.LineStyle?
    var baselineOffset: CGFloat?

    /// Whether the run changes anything.
    var hasAttributes: Bool {
        font != nil || color != nil || background != nil || kerning != nil || tracking != nil || underline != nil
            || strikethrough != nil || baselineOffset != nil
    }

    /// Every length of the run (for the layout's range checks).
    var lengths: [CGFloat] {
        [font?.size, kerning, tracking, baselineOffset].compactMap { $0 }
    }

    /// The same run with its colours fixed for `environment`.
    func resolvingColors(in environment: EnvironmentValues) -> TextRun {
        var copy = self
        copy.color = color?.resolved(in: environment)
        copy.background = background?.resolved(in: environment)
        copy.underline = underline?.resolvingColor(in: environment)
        copy.strikethrough = strikethrough?.resolvingColor(in: environment)
        return copy
    }
}

#if !canImport(Darwin)
extension AttributedString {
    /// Unavailable: Foundation on Linux reads no Markdown.
    @available(*, unavailable, message: "Foundation on Linux reads no Markdown: build the string and set attributes on its ranges, e.g. s[s.range(of: \"bold\")!].font = .body.bold()")
    public init(markdown: String) throws { self.init() }
}
#endif
