import FlipbookDrawing
import Foundation

/// Reads WebVTT (`.vtt`) by the specification's file parsing algorithm: the `WEBVTT` signature and
/// header, then blocks (a cue, a `STYLE` or `REGION` definition, a `NOTE`) split at blank lines or
/// at a timing line, which ends the text before it. A cue is an optional identifier line, a timing
/// line `[HH:]MM:SS.mmm --> [HH:]MM:SS.mmm` with its settings, and its text, read by the cue text
/// parsing rules. What the specification skips (a cue whose timings do not parse, text outside any
/// cue) is skipped with a warning naming its line; NUL characters read as U+FFFD.
struct WebVTTReader {
    /// The file's path, for messages.
    var path: String

    static let timingForm = "[HH:]MM:SS.mmm --> [HH:]MM:SS.mmm"

    /// A block's outcome: a cue (its timing line's number, times, settings and identifier, and the
    /// range of ``lines`` holding its text), a definition, or nothing.
    private enum Block {
        case cue(line: Int, start: TimeInterval, end: TimeInterval, settings: CaptionCueSettings, identifier: String, text: Range<Int>)
        case style
        case region(id: String?)
        case nothing
    }

    private var lines: [Substring] = []
    private var index = 0
    private var seenCue = false
    private var regions: Set<String> = []
    /// The lines that had NUL characters, as written (``lines`` holds them with U+FFFD), for messages.
    private var written: [Int: Substring] = [:]
    private var warnings: CaptionWarnings

    init(path: String) {
        self.path = path
        warnings = CaptionWarnings(path: path)
    }

    func cues(of text: String) throws -> (cues: [CaptionCue], warnings: [CaptionWarning]) {
        var reader = self
        return try reader.read(text)
    }

    private mutating func read(_ text: String) throws -> (cues: [CaptionCue], warnings: [CaptionWarning]) {
        lines = captionLines(text)
        let hasNUL = text.utf8.contains(0)
        for (number, line) in lines.enumerated() where hasNUL && line.utf8.contains(0) {
            written[number] = line
            lines[number] = Substring(line.replacingOccurrences(of: "\0", with: "\u{FFFD}"))
        }
        if let first = written.keys.min() {
            let others = written.count > 1 ? " (and on \(written.count - 1) more line\(written.count == 2 ? "" : "s"))" : ""
            warnings.add(line: first + 1, "NUL characters are read as U+FFFD in \(quoted(written[first]!))\(others).")
        }
        guard let signature = lines.first, signature == "WEBVTT" || signature.hasPrefix("WEBVTT ") || signature.hasPrefix("WEBVTT\t")
        else {
            let found = text.isEmpty ? "the file is empty" : "it starts with \(quoted(written[0] ?? lines.first ?? ""))"
            warnings.add(line: 1, "a WebVTT file starts with the line \"WEBVTT\"; \(found), so no cue is read.")
            return ([], warnings.all)
        }
        index = 1
        var cues: [CaptionCue] = []
        // The header: the lines after the signature up to a blank line (or a timing line).
        if index < lines.count, !lines[index].isEmpty {
            _ = try collectBlock(inHeader: true)
        }
        while index < lines.count {
            while index < lines.count, lines[index].isEmpty { index += 1 }
            guard index < lines.count else { break }
            switch try collectBlock(inHeader: false) {
            case .cue(let line, let start, let end, let settings, let identifier, let range):
                guard cues.count < CaptionFile.maximumCueCount else {
                    throw captionError(path, line: line, "the file has more than \(CaptionFile.maximumCueCount) cues; "
                                           + "at most \(CaptionFile.maximumCueCount) are read")
                }
                cues.append(try cue(line: line, start: start, end: end, settings: settings, identifier: identifier, text: range))
            case .region(let id):
                if let id { regions.insert(id) }
            case .style, .nothing:
                continue
            }
        }
        return (cues, warnings.all)
    }

    /// The specification's "collect a WebVTT block" from ``index``, which it leaves after the block
    /// (or at a timing line that ends it).
    private mutating func collectBlock(inHeader: Bool) throws -> Block {
        var lineCount = 0
        var previous = index
        var buffer = index..<index
        var seenArrow = false
        var cue: (line: Int, start: TimeInterval, end: TimeInterval, settings: CaptionCueSettings, identifier: String)?
        var definition = Block.nothing
        var timingFailed = false
        while index < lines.count {
            let line = lines[index]
            lineCount += 1
            index += 1
            if line.contains("-->") {
                guard !inHeader, lineCount == 1 || (lineCount == 2 && !seenArrow) else {
                    index = previous
                    break
                }
                seenArrow = true
                previous = index
                do {
                    let (start, end, settings) = try timings(line)
                    let identifier = buffer.isEmpty ? "" : String(lines[buffer.lowerBound])
                    cue = (index, start, end, settings, identifier)
                    buffer = index..<index
                    seenCue = true
                } catch let reason as TimingFailure {
                    warnings.add(line: index, "the timing line \(quoted(written[index - 1] ?? line)) is not \(Self.timingForm) "
                                     + "(\(reason.text)); the cue is skipped.")
                    cue = nil
                    timingFailed = true
                }
            } else if line.isEmpty {
                break
            } else {
                if !inHeader, lineCount == 2, !seenCue, let first = buffer.first.map({ lines[$0] }) {
                    if Self.isAlone("STYLE", first) {
                        definition = .style
                        buffer = index - 1..<index - 1
                    } else if Self.isAlone("REGION", first) {
                        definition = .region(id: nil)
                        buffer = index - 1..<index - 1
                    }
                }
                buffer = buffer.lowerBound..<index
                previous = index
            }
        }
        if let cue {
            return .cue(line: cue.line, start: cue.start, end: cue.end, settings: cue.settings, identifier: cue.identifier, text: buffer)
        }
        if case .region = definition { return .region(id: regionIdentifier(buffer)) }
        if case .style = definition { return .style }
        // Comments, and definitions after the first cue (which the specification ignores), are no
        // cue text gone astray.
        if !inHeader, !timingFailed, let first = buffer.first,
           !["NOTE", "STYLE", "REGION"].contains(where: { Self.startsWith($0, lines[first]) }) {
            warnings.add(line: first + 1, "\(quoted(written[first] ?? lines[first])) is in no cue (no timing line comes before it); "
                             + "it is skipped.")
        }
        return .nothing
    }

    /// Whether `line` is `keyword` alone, or followed by a space or a tab and anything.
    private static func startsWith(_ keyword: String, _ line: Substring) -> Bool {
        guard line.hasPrefix(keyword) else { return false }
        let rest = line.dropFirst(keyword.count)
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }

    /// Whether `line` is `keyword` followed by nothing but whitespace.
    private static func isAlone(_ keyword: String, _ line: Substring) -> Bool {
        line.hasPrefix(keyword) && line.dropFirst(keyword.count).unicodeScalars.allSatisfy(isASCIIWhitespace)
    }

    /// The `id` a region definition's settings give.
    private func regionIdentifier(_ buffer: Range<Int>) -> String? {
        for line in lines[buffer] {
            for setting in line.split(whereSeparator: { isASCIIWhitespace($0.unicodeScalars.first!) }) where setting.hasPrefix("id:") {
                let id = setting.dropFirst(3)
                if !id.isEmpty, !id.contains("-->") { return String(id) }
            }
        }
        return nil
    }

    private struct TimingFailure: Error {
        var text: String
    }

    /// The specification's "collect WebVTT cue timings and settings".
    private func timings(_ line: Substring) throws -> (TimeInterval, TimeInterval, CaptionCueSettings) {
        var scanner = ScalarScanner(line.unicodeScalars)
        scanner.skipWhitespace()
        guard let start = CaptionTimestamp.webVTT(&scanner) else { throw TimingFailure(text: "its start time is malformed") }
        scanner.skipWhitespace()
        guard scanner.take("-"), scanner.take("-"), scanner.take(">") else {
            throw TimingFailure(text: "no \"-->\" follows the start time")
        }
        scanner.skipWhitespace()
        guard let end = CaptionTimestamp.webVTT(&scanner) else { throw TimingFailure(text: "its end time is malformed") }
        return (start, end, CaptionCueSettings(parsing: scanner.rest, regions: regions))
    }

    /// The cue whose text is `lines[text]`, read by the cue text parsing rules.
    private func cue(line: Int, start: TimeInterval, end: TimeInterval, settings: CaptionCueSettings, identifier: String,
                     text: Range<Int>) throws -> CaptionCue {
        let rawText = lines[text].joined(separator: "\n")
        guard rawText.unicodeScalars.count <= CaptionFile.maximumCueLength else {
            throw captionError(path, line: line, "the cue's text has more than \(CaptionFile.maximumCueLength) characters; "
                                   + "at most \(CaptionFile.maximumCueLength) are read")
        }
        let parsed = WebVTTCueText(parsing: rawText)
        if let offset = parsed.tooDeepAt {
            let breaks = rawText.unicodeScalars.prefix(offset).filter { $0 == "\n" }.count
            throw captionError(path, line: line + 1 + breaks, "the cue's tags are nested more than \(WebVTTCueText.maximumDepth) deep")
        }
        return CaptionCue(built: parsed.built, start: start, end: end, line: line, identifier: identifier, rawText: rawText,
                          settings: settings)
    }
}

/// The lines of `text`, split where the specification (and every player) splits them: at a
/// carriage return and line feed together, or either alone. A line break ending the text starts no
/// further line. Form feeds, vertical tabs and Unicode's line separators stay inside lines.
func captionLines(_ text: String) -> [Substring] {
    var lines: [Substring] = []
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var index = start
    while index != scalars.endIndex {
        let scalar = scalars[index]
        guard scalar == "\n" || scalar == "\r" else {
            index = scalars.index(after: index)
            continue
        }
        lines.append(Substring(scalars[start..<index]))
        index = scalars.index(after: index)
        if scalar == "\r", index != scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
        start = index
    }
    if start != scalars.endIndex { lines.append(Substring(scalars[start...])) }
    return lines
}
