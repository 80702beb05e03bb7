import FlipbookDrawing
import Foundation

// Range checks on every value a keyframed property takes at its keyframes, each error naming the
// value as a file writes it: `font.size` for one value, `font.size[2].value` for a keyframe's.

extension Keyframed {
    /// Checks the keyframes' times (``validate(keyPath:)``), then runs `check` on each keyframe's
    /// value with its key path.
    func checkEach(keyPath: String, _ check: (Value, _ keyPath: String) throws -> Void) throws {
        try validate(keyPath: keyPath)
        if let value = constantValue { return try check(value, keyPath) }
        for (index, key) in keys.enumerated() { try check(key.value, "\(keyPath)[\(index)].value") }
    }

    /// The keyframes' times, or `[0]` for a value that does not change.
    var keyTimes: [TimeInterval] { constantValue == nil ? keys.map(\.time) : [0] }
}

extension Keyframed where Value == Double {
    /// Checks that every keyframe's value is within `limits`.
    func checkValues(within limits: ParameterLimits, keyPath: String, unit: String? = nil) throws {
        try checkEach(keyPath: keyPath) { value, path in try check(value, within: limits, path, unit: unit) }
    }
}
