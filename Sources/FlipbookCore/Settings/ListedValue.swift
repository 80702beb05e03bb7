import Foundation

/// A setting's value as a plan lists it in JSON (`--dry-run --json`): a number where the value is
/// one (`"crf": 18`), else text (`"threads": "auto"`).
public enum ListedValue: Sendable, Equatable, Codable, CustomStringConvertible {
    case number(Double)
    case text(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number):
            // Whole numbers as integers, so JSON shows 18, not 18.0.
            if let whole = Int(exactly: number) { try container.encode(whole) } else { try container.encode(number) }
        case .text(let text): try container.encode(text)
        }
    }

    /// The value as text: `18`, `0.5`, `auto`.
    public var description: String {
        switch self {
        case .number(let number): formatNumber(number)
        case .text(let text): text
        }
    }
}
