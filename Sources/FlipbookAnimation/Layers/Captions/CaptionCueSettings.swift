import FlipbookDrawing
import Foundation

/// A WebVTT cue's settings (`line:0 position:20%,line-left size:60% align:start vertical:rl
/// region:fred`), read as the WebVTT specification reads them and kept for layout; a setting the
/// file does not give, or gives a value the specification ignores, stays at its default.
public struct CaptionCueSettings: Sendable, Equatable {
    /// A vertical cue's direction of growth.
    public enum Vertical: String, Sendable, Equatable, CaseIterable {
        /// Lines grow to the left.
        case rl
        /// Lines grow to the right.
        case lr
    }

    /// Which part of the cue box the line position places.
    public enum LineAlign: String, Sendable, Equatable, CaseIterable {
        case start, center, end
    }

    /// Which part of the cue box the position places.
    public enum PositionAlign: String, Sendable, Equatable, CaseIterable {
        case lineLeft = "line-left", center, lineRight = "line-right"
    }

    /// How the cue's lines line up.
    public enum Align: String, Sendable, Equatable, CaseIterable {
        case start, center, end, left, right
    }

    /// Vertical text; `nil` for horizontal.
    public var vertical: Vertical?
    /// The line position: a line number when ``lineIsPercentage`` is false, else a percentage of the
    /// video; `nil` for automatic.
    public var line: Double?
    /// Whether ``line`` is a percentage (the specification's snap-to-lines flag unset).
    public var lineIsPercentage = false
    /// How the line position aligns the cue box. Default start.
    public var lineAlign: LineAlign = .start
    /// The position across the line, as a percentage; `nil` for automatic.
    public var position: Double?
    /// How the position aligns the cue box; `nil` for automatic.
    public var positionAlign: PositionAlign?
    /// The cue box's size, as a percentage. Default 100.
    public var size: Double = 100
    /// How the lines line up. Default center.
    public var align: Align = .center
    /// The identifier of the WebVTT region the cue shows in; `nil` for none.
    public var region: String?

    /// The default settings: horizontal, automatic line and position, full size, centred.
    public init() {}

    /// Whether every setting has its default.
    public var isDefault: Bool { self == CaptionCueSettings() }

    /// The settings of a timing line's remainder (`line:0 align:start`), as the specification parses
    /// them; `regions` are the identifiers of the file's region definitions so far.
    init(parsing remainder: Substring, regions: Set<String>) {
        for setting in remainder.split(whereSeparator: { isASCIIWhitespace($0.unicodeScalars.first!) }) {
            guard let colon = setting.firstIndex(of: ":"), colon != setting.startIndex, setting.index(after: colon) != setting.endIndex
            else { continue }
            let value = setting[setting.index(after: colon)...]
            switch setting[..<colon] {
            case "region":
                region = regions.contains(String(value)) ? String(value) : nil
            case "vertical":
                if let direction = Vertical(rawValue: String(value)) {
                    vertical = direction
                    region = nil
                }
            case "line": readLine(value)
            case "position": readPosition(value)
            case "size":
                guard let number = Self.percentage(value) else { continue }
                size = number
                if number != 100 { region = nil }
            case "align":
                if let alignment = Align(rawValue: String(value)) { align = alignment }
            default: continue
            }
        }
    }

    private mutating func readLine(_ value: Substring) {
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        let position = parts[0]
        guard position.contains(where: \.isASCIIDigit) else { return }
        let number: Double
        if position.last == "%" {
            guard let percent = Self.percentage(position) else { return }
            number = percent
        } else {
            guard let plain = Self.lineNumber(position) else { return }
            number = plain
        }
        var alignment = LineAlign.start
        if parts.count == 2 {
            guard let given = LineAlign(rawValue: String(parts[1])) else { return }
            alignment = given
        }
        line = number
        lineAlign = alignment
        lineIsPercentage = position.last == "%"
        region = nil
    }

    private mutating func readPosition(_ value: Substring) {
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard let number = Self.percentage(parts[0]) else { return }
        var alignment: PositionAlign?
        if parts.count == 2 {
            guard let given = PositionAlign(rawValue: String(parts[1])) else { return }
            alignment = given
        }
        if let alignment { positionAlign = alignment }
        position = number
    }

    /// A WebVTT percentage (`50%`, `12.5%`: digits, optionally a dot and digits, then `%`) from 0 to
    /// 100; `nil` for anything else.
    static func percentage(_ text: Substring) -> Double? {
        guard text.last == "%" else { return nil }
        let number = text.dropLast()
        let halves = number.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count <= 2, halves.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              let value = Double(number), value >= 0, value <= 100
        else { return nil }
        return value
    }

    /// A line number (`-1`, `3`, `0.5`): a minus sign only first, at most one dot, between digits.
    private static func lineNumber(_ text: Substring) -> Double? {
        let body = text.first == "-" ? text.dropFirst() : text
        let halves = body.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count <= 2, halves.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return Double(text)
    }
}

/// The specification's ASCII whitespace: tab, line feed, form feed, carriage return and space.
func isASCIIWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\u{C}" || scalar == "\r"
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9 (not any numeral).
    var isASCIIDigit: Bool { isASCII && isNumber }
}
