import FlipbookDrawing
import Foundation

/// One word of a caption and when it is spoken, in seconds from the start of the captions file.
public struct CaptionWord: Sendable, Equatable {
    /// The word as drawn (no spaces).
    public var text: String
    /// When it starts being spoken.
    public var start: TimeInterval
    /// When it stops; after ``start``.
    public var end: TimeInterval
    /// Whether the cue's line breaks after it.
    public var endsLine: Bool
    /// The colour its cue's markup gives it (SRT's `<font color>`); `nil` for the layer's colour.
    public var color: Color?

    /// A word spoken from `start` to `end`; `endsLine` when the cue's line breaks after it, `color`
    /// when its markup colours it.
    public init(_ text: String, start: TimeInterval, end: TimeInterval, endsLine: Bool = false, color: Color? = nil) {
        self.text = text
        self.start = start
        self.end = end
        self.endsLine = endsLine
        self.color = color
    }
}

/// One cue of a captions file (an SRT or WebVTT cue, or an element of a word-timing list): its text
/// as drawn, its words and when each is spoken, and what its file says of it.
public struct CaptionCue: Sendable, Equatable {
    /// The words, in reading order.
    public var words: [CaptionWord]
    /// When the cue appears.
    public var start: TimeInterval
    /// When it goes; after ``start`` for a cue that is shown.
    public var end: TimeInterval
    /// The 1-based line of its file where it starts (its timing line, or its JSON element); 0 for a
    /// cue made in Swift.
    public var line: Int
    /// The text as drawn: markup removed, character references decoded, spaces collapsed, lines
    /// joined by line feeds.
    public var text: String
    /// Whether the words carry times of their own (a word-timing file, WebVTT's inline timestamps
    /// `<00:01.500>`). Without them the words' times are spread across the cue by their characters,
    /// and the cue is shown whole unless its layer asks for the spread (``CaptionsScene/spreadWords``).
    public var hasWordTimings: Bool
    /// The WebVTT cue identifier or the SRT cue number; empty when the file gives none.
    public var identifier: String
    /// The cue's text as the file writes it, markup and references included.
    public var rawText: String
    /// The WebVTT cue settings (defaults for the other formats).
    public var settings: CaptionCueSettings
    /// The parts of ``text`` its tags mark, in the order they start.
    public var spans: [CaptionSpan]

    /// A cue with its own word timings.
    public init(words: [CaptionWord], start: TimeInterval, end: TimeInterval, line: Int = 0) {
        self.words = words
        self.start = start
        self.end = end
        self.line = line
        text = words.map { $0.text + ($0.endsLine ? "\n" : " ") }.joined().trimmingCharacters(in: .whitespacesAndNewlines)
        hasWordTimings = true
        identifier = ""
        rawText = text
        settings = CaptionCueSettings()
        spans = []
    }

    /// A cue showing `text` from `start` to `end`, its lines kept and its words' times spread across
    /// the cue in proportion to their characters: a word of 6 characters in a cue of 20 takes 6/20
    /// of its time (what SRT and WebVTT cues without inline timestamps get). Markup (`<i>`,
    /// `{\an8}`) and NUL characters are removed.
    public init(text: String, start: TimeInterval, end: TimeInterval, line: Int = 0) {
        var built = CueTextBuilder()
        var closing: Unicode.Scalar?
        let hasBrace = text.contains("}")
        for scalar in text.unicodeScalars {
            if let end = closing {
                if scalar == end { closing = nil }
            } else if scalar == "<" {
                closing = ">"
            } else if scalar == "{", hasBrace {
                closing = "}"
            } else if scalar != "\0" {
                built.append(scalar)
            }
        }
        self.init(built: built, start: start, end: end, line: line, identifier: "", rawText: text)
    }

    /// A cue read from a file: the text `built` from its markup, with its spans, and word timings
    /// where it has inline timestamps.
    init(built: CueTextBuilder, start: TimeInterval, end: TimeInterval, line: Int, identifier: String, rawText: String,
         settings: CaptionCueSettings = CaptionCueSettings()) {
        self.start = start
        self.end = end
        self.line = line
        self.identifier = identifier
        self.rawText = rawText
        self.settings = settings
        text = built.text
        spans = built.orderedSpans
        hasWordTimings = !built.timestamps.isEmpty
        words = CaptionCue.timedWords(of: text, timestamps: built.timestamps, start: start, end: end)
        // A word takes the colour of the innermost coloured span it starts in.
        let coloured = spans.filter { $0.color != nil }
        if !coloured.isEmpty {
            for (index, offset) in CaptionCue.wordOffsets(of: text).enumerated() {
                words[index].color = coloured.last { $0.start <= offset && offset < $0.end }?.color
            }
        }
    }

    /// Where each word of `text` starts, in Unicode scalars: the words of
    /// ``timedWords(of:timestamps:start:end:)``, in its order.
    static func wordOffsets(of text: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let separates = scalar == " " || scalar == "\n"
            if !separates, !inWord { offsets.append(offset) }
            inWord = !separates
            offset += 1
        }
        return offsets
    }

    /// The words of `text` (split at spaces, `endsLine` at line feeds), timed: the words between two
    /// timestamps share the time between them (the cue's start before the first, its end after the
    /// last) in proportion to their characters. Timestamps outside the cue, or before an earlier
    /// one, are held to it.
    static func timedWords(of text: String, timestamps: [(offset: Int, time: TimeInterval)], start: TimeInterval,
                           end: TimeInterval) -> [CaptionWord] {
        // Each word, its offset in the text, and whether a line break follows it: split at the space
        // and line-feed scalars, as ``wordOffsets(of:)`` splits (a combining mark after a space
        // is a character of its own word, not part of the space).
        var found: [(text: String, offset: Int, endsLine: Bool)] = []
        var word = String.UnicodeScalarView()
        var wordStart = 0
        func endWord() {
            if !word.isEmpty { found.append((String(word), wordStart, false)) }
            word = String.UnicodeScalarView()
        }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard scalar == " " || scalar == "\n" else {
                if word.isEmpty { wordStart = offset }
                word.append(scalar)
                continue
            }
            endWord()
            if scalar == "\n", !found.isEmpty { found[found.count - 1].endsLine = true }
        }
        endWord()
        if let last = found.indices.last { found[last].endsLine = false }
        // The time each stretch between timestamps starts at, from the cue's start.
        var boundaries: [(offset: Int, time: TimeInterval)] = [(0, start)]
        for mark in timestamps {
            let time = min(max(mark.time, boundaries.last!.time), max(end, start))
            boundaries.append((mark.offset, time))
        }
        var words: [CaptionWord] = []
        var wordIndex = 0
        for (stretch, boundary) in boundaries.enumerated() {
            let nextOffset = stretch + 1 < boundaries.count ? boundaries[stretch + 1].offset : Int.max
            let until = stretch + 1 < boundaries.count ? boundaries[stretch + 1].time : max(end, boundary.time)
            var group: [(text: String, offset: Int, endsLine: Bool)] = []
            while wordIndex < found.count, found[wordIndex].offset < nextOffset || stretch + 1 == boundaries.count {
                group.append(found[wordIndex])
                wordIndex += 1
            }
            let total = Double(group.reduce(0) { $0 + $1.text.count })
            var elapsed = 0.0
            for word in group {
                let from = boundary.time + (until - boundary.time) * elapsed / total
                elapsed += Double(word.text.count)
                // The last word ends exactly at the stretch's end, whatever the rounding.
                let to = elapsed == total ? until : boundary.time + (until - boundary.time) * elapsed / total
                words.append(CaptionWord(word.text, start: from, end: to, endsLine: word.endsLine))
            }
        }
        return words
    }
}
