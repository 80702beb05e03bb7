import FlipbookDrawing
import Foundation

// Numbers, whole numbers, seeds, ranges and angles. Every integer is checked before it is made
// (`Int(exactly:)`, `UInt64(literal)`), so no number in a file can trap a conversion.

extension ValueCodec where Value == Double {
    /// A number. ±infinity (a literal such as `1e999`) is read, then refused by the limits.
    package static var number: ValueCodec {
        ValueCodec(typeName: "number", expected: "a number", isScalar: true,
                   read: { json, keyPath, requirement in try json.number(keyPath, requirement) },
                   write: { .number($0) }, numbers: { [$0] })
    }
}

extension ValueCodec where Value == CGFloat {
    package static var number: ValueCodec {
        ValueCodec(typeName: "number", expected: "a number", isScalar: true,
                   read: { json, keyPath, requirement in CGFloat(try json.number(keyPath, requirement)) },
                   write: { .number(Double($0)) }, numbers: { [Double($0)] })
    }
}

extension ValueCodec where Value == Int {
    /// A whole number that fits an `Int`.
    package static var whole: ValueCodec {
        ValueCodec(typeName: "whole number", expected: "a whole number", isScalar: true,
                   read: { json, keyPath, requirement in
                       guard let value = Int(exactly: try json.number(keyPath, requirement)) else {
                           throw json.invalid(keyPath, requirement, found: json.literalText)
                       }
                       return value
                   },
                   write: { .number(Double($0)) }, numbers: { [Double($0)] })
    }
}

extension ValueCodec where Value == UInt64 {
    /// A seed: any whole number from 0 to 2⁶⁴ − 1, read from its digits (a `Double` would round
    /// seeds above 2⁵³).
    package static var seed: ValueCodec {
        ValueCodec(typeName: "whole number", expected: "a whole number from 0 to \(UInt64.max)", isScalar: true,
                   read: { json, keyPath, requirement in
                       guard case .number(let value, let literal) = json.content else {
                           throw json.invalid(keyPath, requirement)
                       }
                       if let exact = UInt64(literal) { return exact }
                       // `1e3` or `5.0`: whole, but not written as digits.
                       if value >= 0, value < 0x1p64, let whole = UInt64(exactly: value) { return whole }
                       throw json.invalid(keyPath, requirement, found: literal)
                   },
                   write: { JSONValue(.number(Double($0), literal: String($0))) })
    }
}

extension ValueCodec where Value == ClosedRange<Double> {
    /// A range `[low, high]` with low ≤ high, or one number (low = high). Checked before the range is
    /// made, since `ClosedRange` traps on low > high.
    package static var range: ValueCodec {
        let expected = "a range [low, high] or one number"
        return ValueCodec(
            typeName: "[low, high]", expected: expected,
            read: { json, keyPath, requirement in
                if case .number(let value, _) = json.content { return value...value }
                let pair = try json.numbers(["low", "high"], keyPath, requirement)
                // Also false for NaN, which would trap too.
                guard pair[0] <= pair[1] else {
                    throw json.invalid(keyPath, "a range [low, high] with low ≤ high", found: json.literalText)
                }
                return pair[0]...pair[1]
            },
            write: { $0.lowerBound == $0.upperBound ? .number($0.lowerBound) : .numbers([$0.lowerBound, $0.upperBound]) },
            numbers: { [$0.lowerBound, $0.upperBound] })
    }
}

extension ValueCodec where Value == Angle {
    /// An angle in degrees.
    package static var degrees: ValueCodec {
        ValueCodec(typeName: "number", expected: "a number of degrees", isScalar: true,
                   read: { json, keyPath, requirement in .degrees(try json.number(keyPath, requirement)) },
                   write: { .number($0.degrees) }, numbers: { [$0.degrees] })
    }
}

extension ValueCodec where Value == FrameRate {
    /// `30`, `29.97` or `"30000/1001"`, read for its form; the timeline checks that the rate is
    /// supported, once, and the file's reader shows the value as written.
    package static var frameRate: ValueCodec {
        ValueCodec(typeName: "frame rate", expected: "a frame rate",
                   read: { json, keyPath, _ in
                       switch json.content {
                       case .number(let value, _): return FrameRate(decimal: value)
                       case .string(let text): if let rate = FrameRate(reading: text) { return rate }
                       default: break
                       }
                       throw FlipbookError(invalid: keyPath, "\(FrameRate.requirement); it is \(json.literalText).",
                                           at: json.location(keyPath: keyPath))
                   },
                   write: { $0.isWhole ? .number(Double($0.numerator)) : .string($0.exactDescription) })
    }
}

extension ValueCodec where Value == String {
    package static var text: ValueCodec {
        ValueCodec(typeName: "string", expected: "a string",
                   read: { json, keyPath, requirement in try json.string(keyPath, requirement) },
                   write: { .string($0) })
    }
}
