import FlipbookDrawing
import Foundation

/// Reads the timestamps of SRT (`HH:MM:SS,mmm`) and WebVTT (`HH:MM:SS.mmm` or `MM:SS.mmm`).
enum CaptionTimestamp {
    /// The most digits of hours read: far beyond any clip, and no overflow.
    static let maximumHourDigits = 6

    /// `01:02:03,456` as seconds; `nil` unless it is exactly `HH:MM:SS,mmm` (hours of 1 or more digits).
    static func srt(_ text: Substring) -> TimeInterval? {
        read(text, fraction: ",", hoursRequired: true)
    }

    /// `01:02:03.456` or `02:03.456` as seconds; `nil` for any other form.
    static func webVTT(_ text: Substring) -> TimeInterval? {
        read(text, fraction: ".", hoursRequired: false)
    }

    private static func read(_ text: Substring, fraction: Character, hoursRequired: Bool) -> TimeInterval? {
        let whole = text.split(separator: fraction, omittingEmptySubsequences: false)
        guard whole.count == 2, whole[1].count == 3, let milliseconds = digits(whole[1]) else { return nil }
        let fields = whole[0].split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3 || (!hoursRequired && fields.count == 2) else { return nil }
        var hours = 0
        if fields.count == 3 {
            guard !fields[0].isEmpty, fields[0].count <= maximumHourDigits, let h = digits(fields[0]) else { return nil }
            hours = h
        }
        let minutesField = fields[fields.count - 2], secondsField = fields[fields.count - 1]
        guard minutesField.count == 2, secondsField.count == 2, let minutes = digits(minutesField), let seconds = digits(secondsField),
              minutes < 60, seconds < 60
        else { return nil }
        return Double(hours * 3600 + minutes * 60 + seconds) + Double(milliseconds) / 1000
    }

    /// The value of a run of ASCII digits; `nil` for anything else.
    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// `4.25 seconds`, as messages say a time.
    static func spoken(_ seconds: TimeInterval) -> String {
        "\(formatNumber(seconds)) second\(seconds == 1 ? "" : "s")"
    }
}

extension CaptionTimestamp {
    /// The start and end of a cue's timing line `START --> END`, each read by `read` (anything after
    /// the end, such as cue settings, is ignored).
    ///
    /// - Throws: ``FlipbookError`` at `path:line` naming the malformed line or timestamp and `form`.
    static func timingLine(_ text: String, line: Int, path: String, form: String,
                           read: (Substring) -> TimeInterval?) throws -> (start: TimeInterval, end: TimeInterval) {
        let halves = text.components(separatedBy: "-->")
        guard halves.count == 2 else {
            throw captionError(path, line: line, "malformed timing line \"\(text)\" (expected \(form) --> \(form))")
        }
        func stamp(_ field: Substring) throws -> TimeInterval {
            guard let seconds = read(field) else {
                throw captionError(path, line: line, "malformed timestamp \"\(field)\" (expected \(form))")
            }
            return seconds
        }
        let start = try stamp(Substring(halves[0].trimmingCharacters(in: .whitespaces)))
        return (start, try stamp(halves[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? ""))
    }
}
