import FlipbookDrawing
import Foundation

/// The words shown together: a page of captions, on screen from its first word's start to its last
/// word's end.
public struct CaptionPage: Sendable, Equatable {
    /// The words in reading order.
    public var words: [CaptionWord]

    /// A page of `words` (at least one).
    public init(words: [CaptionWord]) {
        self.words = words
    }

    /// When the page appears: its earliest word's start.
    public var start: TimeInterval { words.map(\.start).min() ?? 0 }
    /// When it goes: its latest word's end.
    public var end: TimeInterval { words.map(\.end).max() ?? 0 }

    /// The index of the word spoken at `time` (`start ≤ time < end`), the latest to start when several
    /// are; `nil` between words.
    public func spokenWord(at time: TimeInterval) -> Int? {
        words.indices.filter { words[$0].start <= time && time < words[$0].end }.max { words[$0].start < words[$1].start }
    }

    /// `track`'s words grouped into pages: a page ends at a cue's end when each cue is a page of its own
    /// (SRT, WebVTT), and a new page starts when the silence before a word, or the page's length with
    /// it, would exceed `combine` seconds.
    static func pages(of track: CaptionTrack, combine: TimeInterval) -> [CaptionPage] {
        let streams = track.cuesArePages ? track.cues.map(\.words) : [track.cues.flatMap(\.words)]
        var pages: [CaptionPage] = []
        for words in streams {
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
        }
        return pages
    }
}
