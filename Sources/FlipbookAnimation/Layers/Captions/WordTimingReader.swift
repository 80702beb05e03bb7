import FlipbookDrawing
import Foundation

/// Reads word timings as JSON: a list whose elements are Whisper's `{"text", "start", "end"}` (seconds;
/// `"word"` may stand for `"text"`) or `{"text", "startMs", "endMs"}` (milliseconds). Each element is
/// a cue of its own; an element of several words spreads them over its time as an SRT cue does.
struct WordTimingReader {
    /// The file's path, for messages.
    var path: String

    static let expectedElement = #"an object {"text", "start", "end"} (seconds) or {"text", "startMs", "endMs"} (milliseconds)"#

    func cues(of text: String) throws -> [CaptionCue] {
        let json: JSONValue
        do {
            json = try JSONReader.read(Data(text.utf8))
        } catch let error as FlipbookError {
            throw error.at(file: path)
        }
        guard let elements = json.elements else {
            throw captionError(path, line: json.line, "word timings must be a list, each element \(Self.expectedElement); "
                                   + "it is \(json.kindDescription)")
        }
        if elements.count > CaptionFile.maximumCueCount {
            throw captionError(path, line: elements[CaptionFile.maximumCueCount].line,
                               "the file has more than \(CaptionFile.maximumCueCount) word timings; "
                                   + "at most \(CaptionFile.maximumCueCount) are read")
        }
        return try elements.enumerated().map { try cue($1, index: $0) }
    }

    private func cue(_ element: JSONValue, index: Int) throws -> CaptionCue {
        let line = element.line
        func failure(_ message: String) -> FlipbookError {
            captionError(path, line: line, "word timing [\(index)] \(message)")
        }
        guard let members = element.members else {
            throw failure("must be \(Self.expectedElement); it is \(element.kindDescription)")
        }
        func member(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        guard let textValue = member("text") ?? member("word") else { throw failure(#"has no "text""#) }
        guard case .string(let text) = textValue.content else {
            throw failure(#""text" must be a string; it is \#(textValue.kindDescription)"#)
        }
        // Seconds, or milliseconds when the element uses startMs and endMs.
        let inMilliseconds = member("start") == nil && member("startMs") != nil
        let (startKey, endKey, unit) = inMilliseconds ? ("startMs", "endMs", 1000.0) : ("start", "end", 1.0)
        func time(_ key: String) throws -> TimeInterval {
            guard let value = member(key) else { throw failure("has no \"\(key)\"") }
            guard case .number(let number, _) = value.content, number.isFinite, number >= 0 else {
                throw failure("\"\(key)\" must be a number of \(inMilliseconds ? "milliseconds" : "seconds") "
                                  + "from 0; it is \(value.literalText)")
            }
            return number / unit
        }
        // Each element is timed; several words in one share its time as an untimed cue's do.
        var cue = CaptionCue(text: text, start: try time(startKey), end: try time(endKey), line: line)
        cue.hasWordTimings = true
        cue.rawText = text
        return cue
    }
}
