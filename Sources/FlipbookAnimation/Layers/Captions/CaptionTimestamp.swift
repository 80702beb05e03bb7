import FlipbookDrawing
import Foundation

/// Reads the timestamps of WebVTT (`HH:MM:SS.mmm` or `MM:SS.mmm`, by the specification's steps) and
/// of SRT as players read them (`H:M:S,mmm`, a comma or a dot before the milliseconds).
enum CaptionTimestamp {
    /// A WebVTT timestamp at `scanner`, which moves past it; `nil` when there is none (the scanner
    /// is then somewhere inside it). Hours take any number of digits and are given when the first
    /// field is not two digits or exceeds 59; minutes and seconds are two digits up to 59, the
    /// fraction three digits.
    static func webVTT(_ scanner: inout ScalarScanner) -> TimeInterval? {
        guard let first = scanner.current, isDigit(first) else { return nil }
        let leading = scanner.collect(while: isDigit)
        var value1 = Double(String(leading)) ?? .infinity
        let givesHours = leading.count != 2 || value1 > 59
        guard scanner.take(":") else { return nil }
        let second = scanner.collect(while: isDigit)
        guard second.count == 2 else { return nil }
        var value2 = Double(String(second)) ?? 0
        var value3: Double
        if givesHours || scanner.current == ":" {
            guard scanner.take(":") else { return nil }
            let third = scanner.collect(while: isDigit)
            guard third.count == 2 else { return nil }
            value3 = Double(String(third)) ?? 0
        } else {
            value3 = value2
            value2 = value1
            value1 = 0
        }
        guard scanner.take(".") else { return nil }
        let fraction = scanner.collect(while: isDigit)
        guard fraction.count == 3, value2 <= 59, value3 <= 59 else { return nil }
        let seconds = value1 * 3600 + value2 * 60 + value3 + (Double(String(fraction)) ?? 0) / 1000
        return seconds.isFinite ? seconds : nil
    }

    /// An SRT timestamp at `scanner` as players read one (FFmpeg, VLC): hours, minutes and seconds of
    /// any number of digits, a comma or a dot, then one to three digits counted as milliseconds.
    static func srt(_ scanner: inout ScalarScanner) -> TimeInterval? {
        var fields: [Double] = []
        for separator in [":", ":", nil] as [Unicode.Scalar?] {
            let digits = scanner.collect(while: isDigit)
            guard !digits.isEmpty, digits.count <= maximumDigits, let value = Double(String(digits)) else { return nil }
            fields.append(value)
            if let separator, !scanner.take(separator) { return nil }
        }
        guard scanner.take(",") || scanner.take(".") else { return nil }
        let milliseconds = scanner.collect(while: isDigit)
        guard (1...3).contains(milliseconds.count), let thousandths = Double(String(milliseconds)) else { return nil }
        return fields[0] * 3600 + fields[1] * 60 + fields[2] + thousandths / 1000
    }

    /// The most digits an SRT field is read with: far beyond any clip, and always finite.
    static let maximumDigits = 12

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// `4.25 seconds`, as messages say a time.
    static func spoken(_ seconds: TimeInterval) -> String {
        "\(formatNumber(seconds)) second\(seconds == 1 ? "" : "s")"
    }
}

/// A position in a line's Unicode scalars, moved forward as a reader takes what it expects.
struct ScalarScanner {
    private let scalars: Substring.UnicodeScalarView
    private var index: Substring.UnicodeScalarView.Index

    init(_ scalars: Substring.UnicodeScalarView) {
        self.scalars = scalars
        index = scalars.startIndex
    }

    var isAtEnd: Bool { index == scalars.endIndex }
    /// The scalar at the position; `nil` at the end.
    var current: Unicode.Scalar? { isAtEnd ? nil : scalars[index] }
    /// Everything from the position on.
    var rest: Substring { Substring(scalars[index...]) }

    /// Moves past `scalar` when it is next; whether it was.
    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard current == scalar else { return false }
        index = scalars.index(after: index)
        return true
    }

    /// The run of scalars from the position that satisfy `predicate`, moved past.
    @discardableResult
    mutating func collect(while predicate: (Unicode.Scalar) -> Bool) -> Substring.UnicodeScalarView {
        let start = index
        while index != scalars.endIndex, predicate(scalars[index]) { index = scalars.index(after: index) }
        return scalars[start..<index]
    }

    /// Moves past ASCII whitespace.
    mutating func skipWhitespace() { collect(while: isASCIIWhitespace) }
}
