import FlipbookDrawing
import Foundation

/// Reads SubRip (`.srt`) cues: an optional cue number, a timing line
/// `HH:MM:SS,mmm --> HH:MM:SS,mmm`, then the text's lines up to a blank line.
struct SRTReader {
    /// The file's path, for messages.
    var path: String

    static let timestampForm = "HH:MM:SS,mmm"

    func cues(of text: String) throws -> [CaptionCue] {
        var cues: [CaptionCue] = []
        let lines = numberedLines(text)
        var index = 0
        while index < lines.count {
            let (number, line) = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                index += 1
                continue
            }
            // The cue number is optional; the timing line is not.
            var timing = (number: number, text: trimmed)
            if !trimmed.contains("-->") {
                guard trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw captionError(path, line: number, "expected a cue number or a timing line "
                                           + "\"\(Self.timestampForm) --> \(Self.timestampForm)\"; found \"\(trimmed)\"")
                }
                index += 1
                guard index < lines.count else {
                    throw captionError(path, line: number, "cue \(trimmed) has no timing line")
                }
                timing = (lines[index].number, lines[index].text.trimmingCharacters(in: .whitespaces))
            }
            let (start, end) = try CaptionTimestamp.timingLine(timing.text, line: timing.number, path: path, form: Self.timestampForm,
                                                              read: CaptionTimestamp.srt)
            index += 1
            var textLines: [String] = []
            while index < lines.count, !lines[index].text.trimmingCharacters(in: .whitespaces).isEmpty {
                textLines.append(lines[index].text)
                index += 1
            }
            cues.append(CaptionCue(text: textLines.joined(separator: " "), start: start, end: end, line: timing.number))
        }
        return cues
    }
}
