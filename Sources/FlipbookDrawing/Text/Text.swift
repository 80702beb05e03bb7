import Foundation

/// A string with its font and style, drawn with `GraphicsContext.draw(_:at:anchor:)` or
/// `draw(_:in:)`, with SwiftUI's names.
///
/// Text is shaped by HarfBuzz through Pango, so ligatures, right-to-left scripts (Arabic, Hebrew) and
/// complex scripts (Devanagari) come out right. The default font is ``Font/body`` and the default
/// colour black. An `AttributedString` gives parts of the text their own font, colour, kerning,
/// underline and more: `Text(attributedString)`.
public struct Text: Sendable {
    /// The characters.
    let string: String
    /// Everything the layout depends on.
    var format = TextFormat()
    var color: Color?
    var shading: GraphicsContext.Shading?

    /// Text showing `content`.
    public init<S: StringProtocol>(_ content: S) {
        string = String(content)
    }

    /// Text showing `content` as it is.
    public init(verbatim content: String) {
        string = content
    }

    /// The same text with `change` made to its format.
    private func with(_ change: (inout TextFormat) -> Void) -> Text {
        var copy = self
        change(&copy.format)
        return copy
    }

    /// The same text in `font` (`nil`: the default, ``Font/body``).
    public func font(_ font: Font?) -> Text {
        with { $0.font = font }
    }

    /// The same text with `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        with { $0.weight = weight }
    }

    /// The same text in bold.
    public func bold() -> Text { fontWeight(.bold) }

    /// The same text in bold, or as it is when `isActive` is false.
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }

    /// The same text in italic.
    public func italic() -> Text {
        with { $0.isItalic = true }
    }

    /// The same text in italic, or as it is when `isActive` is false.
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }

    /// The same text in its font's fixed-width version (see ``Font/monospaced()``), or as it is when
    /// `isActive` is false.
    public func monospaced(_ isActive: Bool = true) -> Text {
        with { $0.isMonospaced = isActive }
    }

    /// The same text with digits of one width (see ``Font/monospacedDigit()``).
    public func monospacedDigit() -> Text {
        with { $0.hasMonospacedDigits = true }
    }

    /// The same text in `color` (`nil`: the drawing context's ``CairoCanvas/foregroundStyle``).
    public func foregroundColor(_ color: Color?) -> Text {
        var copy = self
        copy.color = color
        copy.shading = nil
        return copy
    }

    /// The same text in `color`.
    public func foregroundStyle(_ color: Color) -> Text {
        foregroundColor(color)
    }

    /// The same text painted with `shading` (a colour or a gradient, in the drawing context's user space).
    public func foregroundStyle(_ shading: GraphicsContext.Shading) -> Text {
        var copy = self
        copy.shading = shading
        copy.color = nil
        return copy
    }

    /// The same text with `kerning` points of extra space between characters.
    public func kerning(_ kerning: CGFloat) -> Text {
        with { $0.kerning += kerning }
    }

    /// The same text with `tracking` points of extra space after each character.
    public func tracking(_ tracking: CGFloat) -> Text {
        with { $0.tracking += tracking }
    }

    /// The same text with `lineSpacing` points of extra space between its lines (SwiftUI's
    /// `lineSpacing(_:)`; negative values draw lines closer together).
    public func lineSpacing(_ lineSpacing: CGFloat) -> Text {
        with { $0.lineSpacing = lineSpacing }
    }

    /// The same text raised by `baselineOffset` points (lowered when negative). The text's box moves
    /// with it, so it shows against other text: parts of an attributed string with offsets of their
    /// own (a superscript) stand off the rest by the difference.
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text {
        with { $0.baselineOffset = baselineOffset }
    }

    /// The same text underlined in `color` (`nil`: the text's own), or as it is when `isActive` is false.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        with { $0.underline = isActive ? LineStyle(color: color) : nil }
    }

    /// The same text underlined with `pattern` in `color`, or as it is when `isActive` is false.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        with { $0.underline = isActive ? LineStyle(pattern: pattern, color: color) : nil }
    }

    /// The same text struck through in `color` (`nil`: the text's own), or as it is when `isActive` is false.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        with { $0.strikethrough = isActive ? LineStyle(color: color) : nil }
    }

    /// The same text struck through with `pattern` in `color`, or as it is when `isActive` is false.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern, color: Color? = nil) -> Text {
        with { $0.strikethrough = isActive ? LineStyle(pattern: pattern, color: color) : nil }
    }

    /// How lines line up when the text wraps or has several lines (default leading: left for
    /// left-to-right text, right for right-to-left text).
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Text {
        with { $0.alignment = alignment }
    }

    /// At most `limit` lines when drawn in a rectangle; the last one is truncated (`nil`: no limit).
    public func lineLimit(_ limit: Int?) -> Text {
        with { $0.lineLimit = limit }
    }

    /// Where text that does not fit its rectangle loses characters for an ellipsis (default tail).
    public func truncationMode(_ mode: TruncationMode) -> Text {
        with { $0.truncation = mode }
    }

    /// Where truncated text shows its ellipsis.
    public enum TruncationMode: Sendable, Hashable {
        case head, middle, tail
    }
}

/// How the lines of multiline text line up.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    case leading, center, trailing
}

/// What a text's layout depends on besides its characters: its font and the modifiers that change
/// glyphs, spacing and lines, and the runs of an attributed string. Colours of runs and lines count
/// too (they are drawn by the layout); the text's own colour or shading does not.
struct TextFormat: Hashable, Sendable {
    var font: Font?
    var weight: Font.Weight?
    var isItalic = false
    var isMonospaced = false
    var hasMonospacedDigits = false
    /// Extra space after each character, in points; kerning and tracking add up.
    var kerning: CGFloat = 0
    var tracking: CGFloat = 0
    /// Extra space between lines, in points.
    var lineSpacing: CGFloat = 0
    /// How far the glyphs are raised, in points.
    var baselineOffset: CGFloat = 0
    var underline: Text.LineStyle?
    var strikethrough: Text.LineStyle?
    var alignment: TextAlignment = .leading
    var lineLimit: Int?
    var truncation: Text.TruncationMode = .tail
    /// The styled parts of an attributed string, in order, over the string's UTF-8 bytes.
    var runs: [TextRun] = []

    /// The extra space after each character, in points.
    var letterSpacing: CGFloat { kerning + tracking }

    /// The font of text without a font of its own: the default, with the text's modifiers applied.
    var baseFont: Font { styled(font ?? .body) }

    /// `font` with the text's weight, italic and fixed-width modifiers applied.
    func styled(_ font: Font) -> Font {
        var result = font
        if let weight { result = result.weight(weight) }
        if isItalic { result = result.italic() }
        if isMonospaced { result = result.monospaced() }
        if hasMonospacedDigits { result = result.monospacedDigit() }
        return result
    }

    /// The same format with every colour fixed for `environment` (a colour scheme, asset catalogs).
    func resolvingColors(in environment: EnvironmentValues) -> TextFormat {
        guard underline?.color != nil || strikethrough?.color != nil || !runs.isEmpty else { return self }
        var copy = self
        copy.underline = underline?.resolvingColor(in: environment)
        copy.strikethrough = strikethrough?.resolvingColor(in: environment)
        copy.runs = runs.map { $0.resolvingColors(in: environment) }
        return copy
    }
}
