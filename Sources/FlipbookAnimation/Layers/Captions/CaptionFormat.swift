import FlipbookDrawing
import Foundation

/// The formats a captions file may be in.
public enum CaptionFormat: String, Sendable, Equatable, CaseIterable {
    /// SubRip: numbered cues with `HH:MM:SS,mmm --> HH:MM:SS,mmm` timings.
    case srt
    /// WebVTT: a `WEBVTT` header, then cues with `HH:MM:SS.mmm --> HH:MM:SS.mmm` (hours optional).
    case webvtt
    /// Word timings as JSON: a list of `{"text", "start", "end"}` in seconds (Whisper's) or
    /// `{"text", "startMs", "endMs"}` in milliseconds.
    case json

    /// The format a file's extension names: `.srt`, `.vtt`, `.json`; `nil` for another.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "srt": self = .srt
        case "vtt", "webvtt": self = .webvtt
        case "json": self = .json
        default: return nil
        }
    }

    /// The cues of `text`, a file of this format at `path` (for messages), in file order, unchecked,
    /// and what was skipped or replaced reading them.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) at `path` and the 1-based line of what cannot be
    ///   read at all: a malformed word-timing list, more cues than ``CaptionFile/maximumCueCount``,
    ///   a cue longer than ``CaptionFile/maximumCueLength``, tags nested too deep.
    func cues(of text: String, path: String) throws -> (cues: [CaptionCue], warnings: [CaptionWarning]) {
        switch self {
        case .srt: try SRTReader(path: path).cues(of: text)
        case .webvtt: try WebVTTReader(path: path).cues(of: text)
        case .json: (try WordTimingReader(path: path).cues(of: text), [])
        }
    }
}

/// An error in a captions file: `captions.srt:37: the file has more than 100000 cues …`.
func captionError(_ path: String, line: Int, _ message: String) -> FlipbookError {
    FlipbookError(.invalidInput, message, at: FlipbookError.Location(file: path, line: line > 0 ? line : nil))
}
