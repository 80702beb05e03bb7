import FlipbookDrawing
import Foundation

extension CaptionFile {
    /// The file as `flipbook captions --json` prints it, keys sorted: `{"path", "format", "cues":
    /// [{"line", "start", "end", "text", "rawText", "identifier"?, "words"?, "settings"?, "spans"?}],
    /// "warnings": [{"line", "message"}]}`. Times are in seconds; `words` appear for a cue with word
    /// timings, `settings` with the WebVTT settings that differ from their defaults, `spans` with its
    /// tags (offsets in Unicode scalars of `text`).
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Listing(self)), as: UTF8.self)
    }

    /// The file as `flipbook captions` prints it: a line naming it, then each cue's line, times,
    /// identifier and settings, its text indented, and its words' times when it has them.
    public var listing: String {
        var lines = ["\(path): \(cues.count) cue\(cues.count == 1 ? "" : "s") (\(format.name))"]
        for cue in cues {
            var head = "line \(cue.line): \(formatNumber(cue.start)) --> \(formatNumber(cue.end)) s"
            if !cue.identifier.isEmpty { head += "  id \(quoted(cue.identifier))" }
            let settings = Listing.Settings(cue.settings)
            if !settings.isEmpty { head += "  " + settings.written }
            lines.append(head)
            lines += cue.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            if cue.hasWordTimings {
                lines.append("    words: " + cue.words.map { "\($0.text) \(formatNumber($0.start))–\(formatNumber($0.end))" }
                    .joined(separator: ", "))
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension CaptionFormat {
    /// The format's name as people write it.
    var name: String {
        switch self {
        case .srt: "SubRip"
        case .webvtt: "WebVTT"
        case .json: "word timings"
        }
    }
}

/// The JSON form of a captions file.
private struct Listing: Encodable {
    struct Word: Encodable {
        var text: String
        var start, end: Double
    }

    struct Span: Encodable {
        var tag: String
        var start, end: Int
        var classes: [String]?
        var annotation: String?
        var color: String?
    }

    /// The settings that differ from their defaults, as WebVTT writes them.
    struct Settings: Encodable {
        var vertical: String?
        var line: Double?
        var lineIsPercentage: Bool?
        var lineAlign: String?
        var position: Double?
        var positionAlign: String?
        var size: Double?
        var align: String?
        var region: String?

        init(_ settings: CaptionCueSettings) {
            let standard = CaptionCueSettings()
            vertical = settings.vertical?.rawValue
            line = settings.line
            lineIsPercentage = settings.line != nil ? settings.lineIsPercentage : nil
            lineAlign = settings.lineAlign != standard.lineAlign ? settings.lineAlign.rawValue : nil
            position = settings.position
            positionAlign = settings.positionAlign?.rawValue
            size = settings.size != standard.size ? settings.size : nil
            align = settings.align != standard.align ? settings.align.rawValue : nil
            region = settings.region
        }

        var isEmpty: Bool { written.isEmpty }

        /// `line:0 align:start`, as a timing line gives them.
        var written: String {
            func number(_ value: Double, percent: Bool) -> String { formatNumber(value) + (percent ? "%" : "") }
            var parts: [String] = []
            if let vertical { parts.append("vertical:\(vertical)") }
            if let line { parts.append("line:" + number(line, percent: lineIsPercentage == true) + (lineAlign.map { ",\($0)" } ?? "")) }
            if let position { parts.append("position:" + number(position, percent: true) + (positionAlign.map { ",\($0)" } ?? "")) }
            if let size { parts.append("size:" + number(size, percent: true)) }
            if let align { parts.append("align:\(align)") }
            if let region { parts.append("region:\(region)") }
            return parts.joined(separator: " ")
        }
    }

    struct Cue: Encodable {
        var line: Int
        var start, end: Double
        var text: String
        var rawText: String
        var identifier: String?
        var words: [Word]?
        var settings: Settings?
        var spans: [Span]?
    }

    struct Warning: Encodable {
        var line: Int
        var message: String
    }

    var path: String
    var format: String
    var cues: [Cue]
    var warnings: [Warning]

    init(_ file: CaptionFile) {
        path = file.path
        format = file.format.rawValue
        cues = file.cues.map { cue in
            let settings = Settings(cue.settings)
            return Cue(line: cue.line, start: cue.start, end: cue.end, text: cue.text, rawText: cue.rawText,
                       identifier: cue.identifier.isEmpty ? nil : cue.identifier,
                       words: cue.hasWordTimings ? cue.words.map { Word(text: $0.text, start: $0.start, end: $0.end) } : nil,
                       settings: settings.isEmpty ? nil : settings,
                       spans: cue.spans.isEmpty ? nil : cue.spans.map {
                           Span(tag: $0.tag, start: $0.start, end: $0.end, classes: $0.classes.isEmpty ? nil : $0.classes,
                                annotation: $0.annotation, color: $0.color?.hexString)
                       })
        }
        warnings = file.warnings.map { Warning(line: $0.line, message: $0.message) }
    }
}
