import Foundation

/// Frames per second: a whole number from 1 to 1000, or one of the NTSC rates 24000/1001 (23.976),
/// 30000/1001 (29.97) and 60000/1001 (59.94).
///
/// A rate is a rational number, so frame times are exact: at 29.97 fps frame 30 starts at
/// 30 × 1001/30000 = 1.001 s, and the encoder's time base is 1001/30000 s. Write it as a literal
/// (`fps: 60`, `fps: 29.97`), as a ratio (`FrameRate(30000, 1001)`), or in files and flags as `30`,
/// `29.97` or `"30000/1001"`.
///
/// Making a rate never traps; ``validate()`` (which `Timeline` and every file and flag reader call)
/// reports a rate outside the supported ones with the list of what is supported.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// Frames per `denominator` seconds. Reduced: 30000/1001, not 60000/2002.
    public let numerator: Int
    /// Seconds (with ``numerator``) per that many frames; 1 for whole rates.
    public let denominator: Int

    /// The whole rates Flipbook accepts.
    public static let wholeRates: ClosedRange<Int> = 1...1000
    /// The fractional rates Flipbook accepts: the NTSC family, each written as its decimal.
    public static let ntscRates: [(rate: FrameRate, decimal: String)] = [
        (FrameRate(24000, 1001), "23.976"), (FrameRate(30000, 1001), "29.97"), (FrameRate(60000, 1001), "59.94"),
    ]
    /// The rates Flipbook accepts, as a requirement reads them: one sentence fragment, stated once.
    public static let supportedRates =
        "a whole number of frames per second from \(wholeRates.lowerBound) to \(wholeRates.upperBound), "
        + "or \(ntscRates.map(\.decimal).joined(separator: ", ").replacingLastComma()) "
        + "(written \(ntscRates.map(\.rate.exactDescription).joined(separator: ", ")))"
    /// What a rate must be, for messages: "must be " and ``supportedRates``.
    public static let requirement = "must be " + supportedRates

    /// `fps` frames per second.
    public init(_ fps: Int) {
        self.init(fps, 1)
    }

    /// `numerator / denominator` frames per second, e.g. `FrameRate(30000, 1001)`.
    public init(_ numerator: Int, _ denominator: Int) {
        // Reduced so equal rates compare equal; a zero or negative part stays as given, for validate().
        guard numerator > 0, denominator > 0 else {
            self.numerator = numerator
            self.denominator = denominator
            return
        }
        var (a, b) = (numerator, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        self.numerator = numerator / a
        self.denominator = denominator / a
    }

    /// `fps: 60`: a whole number of frames per second.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// 29.97, 23.976 and 59.94 (and anything within 0.005 of them) mean the NTSC rationals; a whole
    /// number means itself; anything else keeps three decimals and fails ``validate()``.
    public init(floatLiteral value: Double) {
        self.init(decimal: value)
    }

    /// The rate a decimal number of frames per second stands for (see ``init(floatLiteral:)``).
    public init(decimal value: Double) {
        if let ntsc = Self.ntscRates.first(where: { abs($0.rate.framesPerSecond - value) < 0.005 }) {
            self = ntsc.rate
        } else if value.isFinite, value == value.rounded(), abs(value) <= 1e9 {
            self.init(Int(value))
        } else if value.isFinite, abs(value) <= 1e6 {
            self.init(Int(saturating: value * 1000), 1000)
        } else {
            // Not a number anyone can mean; 0/0 fails validate() and prints as "0/0".
            self.init(0, 0)
        }
    }

    /// The rate as a `Double`: 29.97002997… for 30000/1001.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// Whether the rate is a whole number of frames per second.
    public var isWhole: Bool { denominator == 1 }

    /// `30`, `29.97`: how people write the rate.
    public var description: String {
        if denominator == 1 { return String(numerator) }
        return Self.ntscRates.first { $0.rate == self }?.decimal ?? "\(numerator)/\(denominator)"
    }

    /// `30`, `30000/1001`: exact, for files.
    public var exactDescription: String { denominator == 1 ? String(numerator) : "\(numerator)/\(denominator)" }

    /// Whether Flipbook renders and encodes at this rate.
    public var isSupported: Bool {
        (denominator == 1 && Self.wholeRates.contains(numerator)) || Self.ntscRates.contains { $0.rate == self }
    }

    /// Throws unless the rate ``isSupported``. The error names "The frame rate"; a file or flag
    /// reader places it at its key or flag.
    public func validate() throws {
        guard isSupported else {
            throw FlipbookError.mustBe(subject: "The frame rate", Self.supportedRates, itIs: "\(self)")
        }
    }

    /// The start of frame `frame` in seconds: exactly `frame × denominator / numerator`, rounded
    /// once to the nearest `Double`.
    public func time(ofFrame frame: Int) -> TimeInterval {
        guard numerator > 0 else { return 0 }
        let (product, overflow) = frame.multipliedReportingOverflow(by: denominator)
        if !overflow { return Double(product) / Double(numerator) }
        return Double(frame) * Double(denominator) / Double(numerator)
    }

    /// How many frames `duration` seconds hold, rounded to the nearest frame; `nil` when the count
    /// would not fit an `Int` (or the duration is not finite).
    public func frameCount(forDuration duration: TimeInterval) -> Int? {
        let frames = (duration * Double(numerator) / Double(denominator)).rounded()
        return Int(exactly: frames)
    }

    /// Reads a rate as written in files and flags: `30`, `29.97`, `30000/1001`.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) naming "The frame rate" when the text is not a
    ///   number or a ratio, or the rate is not supported, showing the text as written.
    public init(parsing text: String) throws {
        guard let rate = FrameRate(reading: text) else {
            throw FlipbookError.mustBe(subject: "The frame rate", Self.supportedRates, itIs: Self.shown(text))
        }
        do {
            try rate.validate()
        } catch let error as FlipbookError {
            throw error.writtenAs(Self.shown(text))
        }
        self = rate
    }

    /// Reads the form of a rate, `30`, `29.97` or `30000/1001`, without checking that it is
    /// supported (``validate()`` does, once, where the rate is used); `nil` for other text.
    public init?(reading text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            guard let number = Double(trimmed) else { return nil }
            self.init(decimal: number)
        case 2:
            guard let n = Int(parts[0]), let d = Int(parts[1]) else { return nil }
            self.init(n, d)
        default:
            return nil
        }
    }

    /// A rate's text as a message shows it: a number bare (as a file's number reads), anything
    /// else quoted.
    public static func shown(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return Double(trimmed)?.isFinite == true ? trimmed : "\"\(text)\""
    }
}

extension FrameRate: Codable {
    /// A whole rate is written as a number (`30`), a fractional one as its exact ratio (`"30000/1001"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if isWhole { try container.encode(numerator) } else { try container.encode(exactDescription) }
    }

    /// Reads `30`, `29.97` or `"30000/1001"` (or `"29.97"`); an unsupported rate is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self.init(decimal: number)
            guard isSupported else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\(Self.requirement); it is \(formatNumber(number))")
            }
        } else {
            let text = try container.decode(String.self)
            do {
                try self.init(parsing: text)
            } catch {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\(Self.requirement); it is \"\(text)\"")
            }
        }
    }
}
