import FlipbookDrawing
import Foundation

/// A part of a cue's text that a tag marks: WebVTT's `<b>`, `<i>`, `<u>`, `<c.class>`, `<v Speaker>`,
/// `<lang en>`, `<ruby>` and `<rt>`, or SRT's `<b>`, `<i>`, `<u>`, `<s>` and `<font color=…>`.
public struct CaptionSpan: Sendable, Equatable {
    /// The tag's name: `b`, `i`, `u`, `s`, `c`, `v`, `lang`, `ruby`, `rt` or `font`.
    public var tag: String
    /// Its classes (`<c.yellow.loud>` has `yellow` and `loud`).
    public var classes: [String]
    /// What the tag says beyond its name: the speaker of a `v`, the language of a `lang`, the
    /// attributes of a `font` as written; `nil` when it says nothing.
    public var annotation: String?
    /// The colour a `font` tag gives, when it gives one Flipbook reads (`#RRGGBB`, `RRGGBB` or a
    /// colour name).
    public var color: Color?
    /// Where it starts in the cue's ``CaptionCue/text``, counted in Unicode scalars.
    public var start: Int
    /// Where it ends (exclusive), counted in Unicode scalars.
    public var end: Int

    /// A span of `tag` over `start..<end` of a cue's text.
    public init(tag: String, classes: [String] = [], annotation: String? = nil, color: Color? = nil, start: Int, end: Int) {
        self.tag = tag
        self.classes = classes
        self.annotation = annotation
        self.color = color
        self.start = start
        self.end = end
    }
}

/// A cue's text as drawn, built a character at a time from its markup: runs of spaces and tabs are
/// one space, lines lose their leading and trailing spaces, and empty lines are dropped (CSS's
/// `white-space: pre-line`, which WebVTT cues are drawn with). Spans and timestamps are placed at
/// the offsets where their characters land.
struct CueTextBuilder {
    private(set) var scalars = String.UnicodeScalarView()
    private(set) var count = 0
    private var pendingSpace = false
    private var pendingBreak = false
    private(set) var spans: [CaptionSpan] = []
    /// The offsets in the text where an inline timestamp stands, and its time.
    private(set) var timestamps: [(offset: Int, time: TimeInterval)] = []

    mutating func append(_ scalar: Unicode.Scalar) {
        switch scalar {
        case " ", "\t", "\u{C}":
            if count > 0, !pendingBreak { pendingSpace = true }
        case "\n", "\r":
            if count > 0 {
                pendingBreak = true
                pendingSpace = false
            }
        // Other control characters draw as boxes or nothing; they are left out of the text.
        case _ where scalar.properties.generalCategory == .control:
            return
        default:
            if pendingBreak || pendingSpace {
                scalars.append(pendingBreak ? "\n" : " ")
                count += 1
            }
            pendingBreak = false
            pendingSpace = false
            scalars.append(scalar)
            count += 1
        }
    }

    mutating func append(contentsOf scalars: some Sequence<Unicode.Scalar>) {
        for scalar in scalars { append(scalar) }
    }

    /// Where the next visible character will land: a span opened now starts there.
    var nextOffset: Int { count + (pendingBreak || pendingSpace ? 1 : 0) }

    /// A span opened at `start` (a ``nextOffset``) and closed now.
    mutating func close(_ span: CaptionSpan) {
        var span = span
        span.end = count
        span.start = min(span.start, span.end)
        spans.append(span)
    }

    mutating func mark(time: TimeInterval) { timestamps.append((nextOffset, time)) }

    var text: String { String(scalars) }

    /// The spans in the order they start.
    var orderedSpans: [CaptionSpan] {
        spans.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }
}
