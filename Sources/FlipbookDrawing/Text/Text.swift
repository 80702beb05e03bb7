import Foundation

/// A string with its font and style, drawn with `GraphicsContext.draw(_:at:anchor:)` or
/// `draw(_:in:)`, with SwiftUI's names.
///
/// Text is shaped by HarfBuzz through Pango, so ligatures, right-to-left scripts (Arabic, Hebrew) and
/// complex scripts (Devanagari) come out right. The default font is ``Font/body`` and the default
/// colour black.
public struct Text: Sendable {
    /// The characters.
    let string: String
    var font: Font?
    var weight: Font.Weight?
    var isItalic = false
    var color: Color?
    var shading: GraphicsContext.Shading?
    /// Extra space after each character, in points (kerning and tracking add up).
    var letterSpacing: CGFloat = 0
    /// Extra space between lines, in points.
    var lineSpacing: CGFloat = 0
    var alignment: TextAlignment = .leading
    var lineLimit: Int?
    var truncation: TruncationMode = .tail

    /// Text showing `content`.
    public init<S: StringProtocol>(_ content: S) {
        string = String(content)
    }

    /// Text showing `content` as it is.
    public init(verbatim content: String) {
        string = content
    }

    /// The same text in `font` (`nil`: the default, ``Font/body``).
    public func font(_ font: Font?) -> Text {
        var copy = self
        copy.font = font
        return copy
    }

    /// The same text with `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        var copy = self
        copy.weight = weight
        return copy
    }

    /// The same text in bold.
    public func bold() -> Text { fontWeight(.bold) }

    /// The same text in bold, or as it is when `isActive` is false.
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }

    /// The same text in italic.
    public func italic() -> Text {
        var copy = self
        copy.isItalic = true
        return copy
    }

    /// The same text in italic, or as it is when `isActive` is false.
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }

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
        var copy = self
        copy.letterSpacing += kerning
        return copy
    }

    /// The same text with `tracking` points of extra space after each character.
    public func tracking(_ tracking: CGFloat) -> Text {
        var copy = self
        copy.letterSpacing += tracking
        return copy
    }

    /// The same text with `lineSpacing` points of extra space between its lines (SwiftUI's
    /// `lineSpacing(_:)`; negative values draw lines closer together).
    public func lineSpacing(_ lineSpacing: CGFloat) -> Text {
        var copy = self
        copy.lineSpacing = lineSpacing
        return copy
    }

    /// How lines line up when the text wraps or has several lines (default leading: left for
    /// left-to-right text, right for right-to-left text).
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Text {
        var copy = self
        copy.alignment = alignment
        return copy
    }

    /// At most `limit` lines when drawn in a rectangle; the last one is truncated (`nil`: no limit).
    public func lineLimit(_ limit: Int?) -> Text {
        var copy = self
        copy.lineLimit = limit
        return copy
    }

    /// Where text that does not fit its rectangle loses characters for an ellipsis (default tail).
    public func truncationMode(_ mode: TruncationMode) -> Text {
        var copy = self
        copy.truncation = mode
        return copy
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
