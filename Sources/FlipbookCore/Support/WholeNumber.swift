/// Whole numbers from computed `Double`s without `Int(_:)`'s trap on NaN, infinity or a value past
/// `Int`'s range: every conversion of a number that can come from a user (a scene file, a flag, an
/// argument of the drawing API) goes through one of these.
extension Int {
    /// `value` rounded by `rule`, or an invalid-input error naming `parameter` where it is not finite
    /// or does not fit in an `Int`.
    package init(_ value: Double, rounded rule: FloatingPointRoundingRule, checking parameter: @autoclosure () -> String) throws {
        guard let whole = Int(exactly: value.rounded(rule)) else {
            throw FlipbookError(invalid: parameter(), "must be a finite number within ±\(Int.max); it is \(value).")
        }
        self = whole
    }

    /// `value` rounded by `rule` and held to `Int`'s range, NaN as 0: for arithmetic on numbers that
    /// were checked where they were given (drawing, mixing), which must not trap on one that slips
    /// through.
    @inlinable
    package init(saturating value: Double, rounded rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        let whole = value.rounded(rule)
        if whole.isNaN {
            self = 0
        } else if whole >= 0x1p63 {
            self = .max
        } else if whole < -0x1p63 {
            self = .min
        } else {
            self = Int(whole)
        }
    }
}
