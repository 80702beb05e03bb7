import FlipbookDrawing
import Foundation

/// The words shown together: a page of captions, on screen from its first word's start to its last
/// word's end.
public struct CaptionPage: Sendable, Equatable {
    /// The words in reading order.
    public var words: [CaptionWord]
    /// Whether each word is spoken in its own time, so one of them is the spoken word; a cue without
    /// word timings shown whole has none.
    public var hasWordTimings: Bool

    /// A page of `words` (at least one), each spoken in its own time unless `hasWordTimings` is false.
    public init(words: [CaptionWord], hasWordTimings: Bool = true) {
        self.words = words
        self.hasWordTimings = hasWordTimings
    }

    /// When the page appears: its earliest word's start.
    public var start: TimeInterval { words.map(\.start).min() ?? 0 }
    /// When it goes: its latest word's end.
    public var end: TimeInterval { words.map(\.end).max() ?? 0 }

    /// The index of the word spoken at `time` (`start ≤ time < end`), the latest to start when several
    /// are; `nil` between words, and on a page without word timings.
    public func spokenWord(at time: TimeInterval) -> Int? {
        guard hasWordTimings else { return nil }
        return words.indices.filter { words[$0].start <= time && time < words[$0].end }.max { words[$0].start < words[$1].start }
    }

    /// `track`'s words grouped into pages. When each cue is a page of its own (SRT, WebVTT), a cue
    /// without word timings is one page, shown whole with its line breaks for the cue's time, unless
    /// `spreadWords`; its words then keep the times spread across it, as a timed cue's do. The words
    /// of timed cues start a new page when the silence before a word, or the page's length with it,
    /// would exceed `combine` seconds.
    static func pages(of track: CaptionTrack, combine: TimeInterval, spreadWords: Bool = false) -> [CaptionPage] {
        numberedPages(of: track, combine: combine, spreadWords: spreadWords).map(\.page)
    }

    /// The pages, each with the index of the cue it shows (0 for every page of word timings, which
    /// are one stream).
    static func numberedPages(of track: CaptionTrack, combine: TimeInterval, spreadWords: Bool) -> [(page: CaptionPage, cue: Int)] {
        guard track.cuesArePages else { return grouped(track.cues.flatMap(\.words), combine: combine).map { ($0, 0) } }
        return track.cues.enumerated().flatMap { index, cue -> [(page: CaptionPage, cue: Int)] in
            if cue.hasWordTimings || spreadWords {
                // Spread words are grouped like spoken ones, without the cue's line breaks.
                let words = cue.hasWordTimings ? cue.words : cue.words.map { word in
                    var spread = word
                    spread.endsLine = false
                    return spread
                }
                return grouped(words, combine: combine).map { ($0, index) }
            }
            guard !cue.words.isEmpty else { return [] }
            let whole = cue.words.map { word in
                var shown = word
                (shown.start, shown.end) = (cue.start, cue.end)
                return shown
            }
            return [(CaptionPage(words: whole, hasWordTimings: false), index)]
        }
    }

    /// `words` in pages of at most `combine` seconds, a silence longer than it starting a new one.
    private static func grouped(_ words: [CaptionWord], combine: TimeInterval) -> [CaptionPage] {
        var pages: [CaptionPage] = []
        var current: [CaptionWord] = []
        for word in words {
            if let first = current.first, let last = current.last,
               word.start - last.end > combine || word.end - first.start > combine {
                pages.append(CaptionPage(words: current))
                current = []
            }
            current.append(word)
        }
        if !current.isEmpty { pages.append(CaptionPage(words: current)) }
        return pages
    }

    /// Where a page too long for its box is cut in two: at the line break nearest its middle word,
    /// or at the middle word when it has no line break.
    var middle: Int {
        let half = words.count / 2
        let breaks = words.indices.dropLast().filter { words[$0].endsLine }.map { $0 + 1 }
        return breaks.min { abs($0 - half) < abs($1 - half) } ?? half
    }

    /// The page cut in two at word `index`: for a page without word timings, each part takes its
    /// share of the page's time by characters, so a cue too long for the box is shown in turns.
    func split(at index: Int) -> (CaptionPage, CaptionPage) {
        var first = Array(words[..<index]), second = Array(words[index...])
        if !hasWordTimings, let from = words.first?.start, let to = words.first?.end {
            let characters = Double(words.reduce(0) { $0 + $1.text.count })
            let middle = from + (to - from) * Double(first.reduce(0) { $0 + $1.text.count }) / characters
            for i in first.indices { first[i].end = middle }
            for i in second.indices { second[i].start = middle }
        }
        // The line a part ends with ends with it.
        if let last = first.indices.last { first[last].endsLine = false }
        return (CaptionPage(words: first, hasWordTimings: hasWordTimings), CaptionPage(words: second, hasWordTimings: hasWordTimings))
    }
}
