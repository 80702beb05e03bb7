import FlipbookDrawing
import Foundation

/// Reads WebVTT (`.vtt`) cues: a `WEBVTT` header line, then blocks separated by blank lines; a cue
/// is an optional identifier line, a timing line `HH:MM:SS.mmm --> HH:MM:SS.mmm` (hours optional,
/// cue settings after it ignored) and its text. `NOTE`, `STYLE` and `REGION` blocks are skipped.
struct WebVTTReader {
    /// The file's path, for messages.
    var path: String

    static let timestampForm = "HH:MM:SS.mmm"

    func cues(of text: String) throws -> [CaptionCue] {
        let lines = numberedLines(text)
        guard let header = lines.first, header.text == "WEBVTT" || header.text.hasPrefix("WEBVTT ") || header.text.hasPrefix("WEBVTT\t")
        else {
            throw captionError(path, line: 1, "a WebVTT file must start with the line \"WEBVTT\"")
        }
        var cues: [CaptionCue] = []
        var index = 1
        // The header block ends at the first blank line.
        while index < lines.count, !lines[index].text.trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
        while index < lines.count {
            // One block: the lines up to the next blank line.
            var block: [(number: Int, text: String)] = []
            while index < lines.count, !lines[index].text.trimmingCharacters(in: .whitespaces).isEmpty {
                block.append(lines[index])
                index += 1
            }
            index += 1
            guard let first = block.first else { continue }
            if ["NOTE", "STYLE", "REGION"].contains(where: { first.text == $0 || first.text.hasPrefix($0 + " ") || first.text.hasPrefix($0 + "\t") }) {
                continue
            }
            // The timing line is the first line, or the second after an identifier.
            guard let timingIndex = block.prefix(2).firstIndex(where: { $0.text.contains("-->") }) else {
                let number = block.count > 1 ? block[1].number : first.number
                throw captionError(path, line: number, "expected a cue timing line \"\(Self.timestampForm) --> \(Self.timestampForm)\"; "
                                       + "found \"\(block.count > 1 ? block[1].text : first.text)\"")
            }
            let timing = block[timingIndex]
            let (start, end) = try CaptionTimestamp.timingLine(timing.text, line: timing.number, path: path, form: Self.timestampForm,
                                                              read: CaptionTimestamp.webVTT)
            let text = block[(timingIndex + 1)...].map(\.text).joined(separator: " ")
            cues.append(CaptionCue(text: text, start: start, end: end, line: timing.number))
        }
        return cues
    }
}
