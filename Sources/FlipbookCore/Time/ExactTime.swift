import Foundation

/// A time as an exact fraction of seconds, so that a frame's time and a video frame's presentation
/// time compare without floating-point epsilons: frame 1001 of a 29.97 fps clip is exactly 1001²/30000 s.
///
/// Times reach scenes as `TimeInterval`s; ``init(approximating:)`` recovers the fraction a time was
/// computed from (a frame number over a frame rate, a layer's start) as the simplest fraction within
/// a few units in the last place of the double.
package struct ExactTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numerator; the sign of the time.
    package let numerator: Int64
    /// The denominator, always positive, and the fraction is in lowest terms.
    package let denominator: Int64

    /// The largest denominator recovered from a double: every frame rate Flipbook takes times the motion
    /// blur's sub-frames fits far below it.
    package static let maximumDenominator: Int64 = 1 << 30

    /// `numerator / denominator`, reduced; `nil` when the denominator is 0.
    package init?(_ numerator: Int64, _ denominator: Int64) {
        guard denominator != 0, numerator != .min, denominator != .min else { return nil }
        let divisor = Self.gcd(numerator.magnitude, denominator.magnitude)
        let sign: Int64 = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / Int64(divisor)
        self.denominator = sign * denominator / Int64(divisor)
    }

    /// A whole number of seconds.
    package init(seconds: Int64) {
        numerator = seconds
        denominator = 1
    }

    /// The simplest fraction within a few units in the last place of `value` (denominator at most
    /// ``maximumDenominator``); `nil` for a non-finite value or one beyond ±2⁴⁰ seconds.
    package init?(approximating value: Double) {
        guard value.isFinite, abs(value) < 0x1p40 else { return nil }
        let tolerance = max(abs(value), 1) * 0x1p-46
        guard let fraction = Self.simplest(between: value - tolerance, and: value + tolerance) else { return nil }
        self = fraction
    }

    /// The seconds as a double.
    package var seconds: Double { Double(numerator) / Double(denominator) }

    package var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    /// The sum, `nil` on overflow.
    package func adding(_ other: ExactTime) -> ExactTime? {
        let l = Self.lcmDenominator(denominator, other.denominator)
        guard let l else { return nil }
        let (a, o1) = numerator.multipliedReportingOverflow(by: l / denominator)
        let (b, o2) = other.numerator.multipliedReportingOverflow(by: l / other.denominator)
        let (sum, o3) = a.addingReportingOverflow(b)
        guard !o1, !o2, !o3 else { return nil }
        return ExactTime(sum, l)
    }

    /// The difference, `nil` on overflow.
    package func subtracting(_ other: ExactTime) -> ExactTime? {
        adding(ExactTime(unchecked: -other.numerator, other.denominator))
    }

    /// The product, `nil` on overflow.
    package func multiplied(by other: ExactTime) -> ExactTime? {
        // Cross-reduce first so products of frame times stay small.
        let g1 = Int64(Self.gcd(numerator.magnitude, other.denominator.magnitude))
        let g2 = Int64(Self.gcd(other.numerator.magnitude, denominator.magnitude))
        let (n, o1) = (numerator / g1).multipliedReportingOverflow(by: other.numerator / g2)
        let (d, o2) = (denominator / g2).multipliedReportingOverflow(by: other.denominator / g1)
        guard !o1, !o2 else { return nil }
        return ExactTime(n, d)
    }

    /// The remainder of this time divided by `period` (> 0), in `0..<period`; `nil` on overflow.
    package func remainder(dividingBy period: ExactTime) -> ExactTime? {
        guard period.numerator > 0, let whole = divided(by: period)?.floor,
              let taken = period.multiplied(by: ExactTime(seconds: whole)) else { return nil }
        return subtracting(taken)
    }

    /// This time divided by `other` (non-zero), `nil` on overflow.
    package func divided(by other: ExactTime) -> ExactTime? {
        guard other.numerator != 0 else { return nil }
        return multiplied(by: ExactTime(unchecked: other.denominator, other.numerator))
    }

    /// The greatest whole number not above this time.
    package var floor: Int64 {
        let quotient = numerator / denominator
        return numerator % denominator < 0 ? quotient - 1 : quotient
    }

    /// The greatest whole number of `units` (a stream's time base `num/den` seconds) not above this
    /// time: the tick it falls in. `nil` on overflow.
    package func ticks(timeBase units: ExactTime) -> Int64? {
        divided(by: units)?.floor
    }

    package static func < (a: ExactTime, b: ExactTime) -> Bool {
        let (left, o1) = a.numerator.multipliedFullWidth(by: b.denominator)
        let (right, o2) = b.numerator.multipliedFullWidth(by: a.denominator)
        return (left, o1) < (right, o2)
    }

    private init(unchecked numerator: Int64, _ denominator: Int64) {
        let sign: Int64 = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator
        self.denominator = sign * denominator
    }

    private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return max(a, 1)
    }

    private static func lcmDenominator(_ a: Int64, _ b: Int64) -> Int64? {
        let g = Int64(gcd(a.magnitude, b.magnitude))
        let (l, overflow) = (a / g).multipliedReportingOverflow(by: b)
        return overflow ? nil : l
    }

    /// The fraction with the smallest denominator in `[low, high]` (Stern–Brocot descent by continued
    /// fractions), or `nil` when that denominator exceeds ``maximumDenominator``.
    private static func simplest(between low: Double, and high: Double) -> ExactTime? {
        if low <= 0, high >= 0 { return ExactTime(seconds: 0) }
        if high < 0 {
            return simplest(between: -high, and: -low).map { ExactTime(unchecked: -$0.numerator, $0.denominator) }
        }
        // Convergents h/k of the continued fraction, stopping at the first inside the interval.
        var (h0, h1): (Double, Double) = (0, 1)
        var (k0, k1): (Double, Double) = (1, 0)
        var (lo, hi) = (low, high)
        for _ in 0..<64 {
            let whole = lo.rounded(.down)
            if whole + 1 <= hi || whole == lo {
                // An integer lies in [lo, hi]: the smallest one above lo (or lo itself) ends the descent.
                let a = whole == lo ? whole : whole + 1
                let h = a * h1 + h0, k = a * k1 + k0
                guard k <= Double(maximumDenominator), h < 0x1p62 else { return nil }
                return ExactTime(Int64(h), Int64(k))
            }
            let h = whole * h1 + h0, k = whole * k1 + k0
            (h0, h1, k0, k1) = (h1, h, k1, k)
            guard k1 <= Double(maximumDenominator) else { return nil }
            (lo, hi) = (1 / (hi - whole), 1 / (lo - whole))
        }
        return nil
    }
}
