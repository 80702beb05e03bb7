import FlipbookDrawing
import Foundation

/// Throws an invalid-input error "`keyPath` must be `requirement`; it is `value`." unless `condition`.
///
/// Every range check in the scenes goes through here (the parameter tables included), so messages
/// read alike and name the parameter the way a scene file spells it (e.g. `bursts[0].count`, which
/// a scene file's reader prefixes to `layers[1].bursts[0].count`). `keyPath` is also the error's
/// ``FlipbookError/Location/keyPath``, so a file reader can find the value's line and column.
package func check(_ condition: Bool, _ keyPath: String, _ requirement: String, _ value: Any) throws {
    guard condition else {
        throw FlipbookError.mustBe(keyPath, requirement, itIs: shown(value))
    }
}

/// Like ``check(_:_:_:_:)`` for a value that is not named by a key path ("The confetti canvas size").
package func check(_ condition: Bool, subject: String, _ requirement: String, _ value: Any) throws {
    guard condition else {
        throw FlipbookError(invalid: subject, "must be \(requirement); it is \(shown(value)).")
    }
}

/// A value as a message shows it: numbers as people write them (`3`, not `3.0`).
package func shown(_ value: Any) -> String {
    switch value {
    case let v as Double: formatNumber(v)
    case let v as CGFloat: formatNumber(Double(v))
    case let v as ClosedRange<Double>: "\(formatNumber(v.lowerBound))...\(formatNumber(v.upperBound))"
    default: "\(value)"
    }
}

/// Throws "`keyPath` must be between … `unit`; it is `value`." unless `limits` contains `value`.
package func check(_ value: Double, within limits: ParameterLimits, _ keyPath: String, unit: String? = nil) throws {
    try check(limits.contains(value), keyPath, limits.description + (unit.map { " \($0)" } ?? ""), value)
}
