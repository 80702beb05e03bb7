import Foundation

/// A value for one of a Lottie file's slots (the Lottie format's `slots`, which properties name with
/// `sid`): substituted into the JSON before rlottie reads it, so it changes the animation everywhere
/// the slot is used.
public enum LottieSlotValue: Sendable, Equatable {
    /// A colour property's value (a fill's or stroke's `c`).
    case color(Color)
    /// A one-number property's value (an opacity 0…100, a stroke width, a rotation in degrees).
    case number(Double)
    /// A property of several numbers (a position, a scale in percent).
    case vector([Double])

    /// The Lottie property value: `{"a": 0, "k": …}`, a colour as `[r, g, b, a]` in 0…1.
    var property: LottieJSON {
        func numbers(_ values: [Double]) -> LottieJSON { .array(values.map { .literal("\($0)") }) }
        let value: LottieJSON
        switch self {
        case .color(let color): value = numbers([color.red, color.green, color.blue, color.opacity])
        case .number(let number): value = .literal("\(number)")
        case .vector(let values): value = numbers(values)
        }
        return .object([("a", .literal("0")), ("k", value)])
    }

    /// Why the value cannot be used, or `nil`: every number must be finite.
    package var problem: String? {
        switch self {
        case .color: nil
        case .number(let value): value.isFinite ? nil : "must be a finite number; it is \(value)."
        case .vector(let values):
            values.isEmpty ? "must be a non-empty list of numbers; it is empty."
                : values.allSatisfy(\.isFinite) ? nil : "must be a list of finite numbers."
        }
    }
}
