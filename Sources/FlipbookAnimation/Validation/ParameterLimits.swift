import FlipbookDrawing
import Foundation

/// The numbers a parameter allows: an interval whose ends may be open, stated once so the check,
/// the message and the reference all say the same thing.
public struct ParameterLimits: Sendable, Equatable {
    /// The smallest allowed value (or the open bound just below the allowed ones).
    public let lower: Double
    /// Whether ``lower`` itself is allowed.
    public let includesLower: Bool
    /// The largest allowed value.
    public let upper: Double

    /// `lower ... upper`, both ends allowed.
    public static func between(_ lower: Double, _ upper: Double) -> ParameterLimits {
        ParameterLimits(lower: lower, includesLower: true, upper: upper)
    }

    /// Greater than `lower` and at most `upper`.
    public static func above(_ lower: Double, atMost upper: Double) -> ParameterLimits {
        ParameterLimits(lower: lower, includesLower: false, upper: upper)
    }

    /// `-magnitude ... magnitude`.
    public static func within(_ magnitude: Double) -> ParameterLimits {
        .between(-magnitude, magnitude)
    }

    /// Whether `value` is finite and allowed.
    public func contains(_ value: Double) -> Bool {
        value.isFinite && (includesLower ? value >= lower : value > lower) && value <= upper
    }

    /// "between 0 and 1", "greater than 0 and at most 1000".
    public var description: String {
        if includesLower {
            return "between \(formatNumber(lower)) and \(formatNumber(upper))"
        }
        return "greater than \(formatNumber(lower)) and at most \(formatNumber(upper))"
    }

    /// `0...1`, `> 0, ≤ 1000`: short, for tables.
    public var shortDescription: String {
        includesLower ? "\(formatNumber(lower))...\(formatNumber(upper))" : "> \(formatNumber(lower)), ≤ \(formatNumber(upper))"
    }
}
