import FlipbookDrawing
import Foundation

/// Reads SubRip (`.srt`) as players read it (FFmpeg's demuxer, VLC): a cue starts at each timing
/// line `H:M:S,mmm --> H:M:S,mmm` (a dot may stand for the comma; anything after the end time, such
/// as `X1:…` coordinates, is ignored) and its text runs to the next timing line. The number before
/// a timing line is the cue's, and may be missing; blank lines end nothing but are dropped. A line
/// that looks like a timing line but does not read as one skips its cue with a warning, as does
/// text before the first cue.
struct SRTReader {
    /// The file's path, for messages.
    var path: String

    static let timingForm = "HH:MM:SS,mmm --> HH:MM:SS,mmm"

    func cues(of text: String) throws -> (cues: [CaptionCue], warnings: [CaptionWarning]) {
        var warnings = CaptionWarnings(path: path)
        var cues: [CaptionCue] = []
        let lines = captionLines(text)
        /// The cue being read: its timing line, times, number, and the indices of its text's lines.
        var current: (line: Int, start: TimeInterval, end: TimeInterval, number: String, text: [Int])?
        // Text after a timing line that did not read, or before the first cue, is in no cue.
        var inNoCue = false
        func finish() throws {
            guard let cue = current else { return }
            current = nil
            guard cues.count < CaptionFile.maximumCueCount else {
                throw captionError(path, line: cue.line, "the file has more than \(CaptionFile.maximumCueCount) cues; "
                                       + "at most \(CaptionFile.maximumCueCount) are read")
            }
            let rawText = cue.text.map { String(lines[$0]) }.joined(separator: "\n")
            guard rawText.unicodeScalars.count <= CaptionFile.maximumCueLength else {
                throw captionError(path, line: cue.line, "the cue's text has more than \(CaptionFile.maximumCueLength) characters; "
                                       + "at most \(CaptionFile.maximumCueLength) are read")
            }
            let parsed = SRTCueText(parsing: rawText)
            if let offset = parsed.tooDeepAt {
                let breaks = rawText.unicodeScalars.prefix(offset).filter { $0 == "\n" }.count
                throw captionError(path, line: cue.text[breaks] + 1, "the cue's tags are nested more than \(WebVTTCueText.maximumDepth) deep")
            }
            let read = CaptionCue(built: parsed.built, start: cue.start, end: cue.end, line: cue.line, identifier: cue.number,
                                  rawText: rawText)
            if read.text.isEmpty { warnings.add(line: cue.line, "the cue has no text.") }
            cues.append(read)
        }
        for (index, line) in lines.enumerated() {
            let trimmed = Self.trimmed(line)
            if Self.isTiming(trimmed) {
                try finish()
                // A number alone on the line before is the cue's (it was not taken as text).
                let number = index > 0 && Self.isNumber(Self.trimmed(lines[index - 1])) ? String(Self.trimmed(lines[index - 1])) : ""
                do {
                    let (start, end) = try Self.times(trimmed)
                    current = (index + 1, start, end, number, [])
                    inNoCue = false
                } catch let reason as TimingFailure {
                    warnings.add(line: index + 1, "the timing line \(quoted(line)) is not \(Self.timingForm) (\(reason.text)); "
                                     + "the cue is skipped.")
                    inNoCue = true
                }
                continue
            }
            if trimmed.isEmpty { continue }
            if Self.isNumber(trimmed), index + 1 < lines.count, Self.isTiming(Self.trimmed(lines[index + 1])) { continue }
            if current != nil {
                current?.text.append(index)
            } else if !inNoCue {
                warnings.add(line: index + 1, "\(quoted(line)) is in no cue (no timing line comes before it); it is skipped.")
                inNoCue = true
            }
        }
        try finish()
        return (cues, warnings.all)
    }

    private static func trimmed(_ line: Substring) -> Substring {
        let scalars = line.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isASCIIWhitespace($0) }),
              let last = scalars.lastIndex(where: { !isASCIIWhitespace($0) })
        else { return "" }
        return Substring(scalars[first...last])
    }

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(CaptionTimestamp.isDigit)
    }

    /// Whether a trimmed line is meant as a timing line: it has an arrow, and nothing or a digit before it.
    private static func isTiming(_ text: Substring) -> Bool {
        guard let arrow = text.range(of: "-->") else { return false }
        let before = text[..<arrow.lowerBound]
        return before.isEmpty || before.unicodeScalars.first.map(CaptionTimestamp.isDigit) == true
    }

    private struct TimingFailure: Error {
        var text: String
    }

    private static func times(_ text: Substring) throws -> (TimeInterval, TimeInterval) {
        var scanner = ScalarScanner(text.unicodeScalars)
        guard let start = CaptionTimestamp.srt(&scanner) else { throw TimingFailure(text: "its start time is malformed") }
        scanner.skipWhitespace()
        guard scanner.take("-"), scanner.take("-"), scanner.take(">") else {
            throw TimingFailure(text: "no \"-->\" follows the start time")
        }
        scanner.skipWhitespace()
        guard let end = CaptionTimestamp.srt(&scanner) else { throw TimingFailure(text: "its end time is malformed") }
        return (start, end)
    }
}
