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

    /// A word spoken from `start` to `end`.
    public init(_ text: String, start: TimeInterval, end: TimeInterval) {
        self.text = text
        self.start = start
        self.end = end
    }
}

/// One cue of a captions file (an SRT or WebVTT cue, or an element of a word-timing list): its words
/// and when each is spoken, with the line of the file it starts on.
public struct CaptionCue: Sendable, Equatable {
    /// The words, in reading order.
    public var words: [CaptionWord]
    /// When the cue appears.
    public var start: TimeInterval
    /// When it goes; after ``start``.
    public var end: TimeInterval
    /// The 1-based line of its file where it starts (its timing line, or its JSON element); 0 for a
    /// cue made in Swift.
    public var line: Int

    /// A cue with its own word timings.
    public init(words: [CaptionWord], start: TimeInterval, end: TimeInterval, line: Int = 0) {
        self.words = words
        self.start = start
        self.end = end
        self.line = line
    }

    /// A cue showing `text` from `start` to `end`, its words' times spread across the cue in
    /// proportion to their characters: a word of 6 characters in a cue of 20 takes 6/20 of its time
    /// (what SRT and WebVTT cues, which give no word timings, get).
    public init(text: String, start: TimeInterval, end: TimeInterval, line: Int = 0) {
        let texts = CaptionCue.words(of: text)
        let total = Double(texts.reduce(0) { $0 + $1.count })
        var elapsed = 0.0
        var words: [CaptionWord] = []
        for word in texts {
            let from = start + (end - start) * elapsed / total
            elapsed += Double(word.count)
            // The last word ends exactly at the cue's end, whatever the rounding.
            let to = elapsed == total ? end : start + (end - start) * elapsed / total
            words.append(CaptionWord(word, start: from, end: to))
        }
        self.init(words: words, start: start, end: end, line: line)
    }

    /// The words of `text`: split at white space, with markup (`<i>`, `{\an8}`) and NUL characters
    /// removed.
    static func words(of text: String) -> [String] {
        var plain = ""
        var closing: Character?
        for character in text {
            if let end = closing {
                if character == end { closing = nil }
            } else if character == "<" {
                closing = ">"
            } else if character == "{", text.contains("}") {
                closing = "}"
            } else if character != "\0" {
                plain.append(character)
            }
        }
        return plain.split(whereSeparator: \.isWhitespace).map(String.init)
    }
}
