import Foundation

/// Shrinking text to fit its box, as SwiftUI's `minimumScaleFactor` does: the largest font scale at or
/// above a minimum at which the text fits.
enum ShrinkToFit {
    /// Halvings of the scale interval: the scale is then within 1/65536 of the largest that fits,
    /// and always the same for the same text.
    static let bisectionSteps = 16

    /// The largest scale from `minimum` to 1 at which `fits`, by bisection (`low` always fits, `high`
    /// never does); `nil` when not even `minimum` does.
    static func largestScale(minimum: Double, fits: (Double) throws -> Bool) rethrows -> Double? {
        if try fits(1) { return 1 }
        guard minimum < 1, try fits(minimum) else { return nil }
        var low = minimum, high = 1.0
        for _ in 0..<bisectionSteps {
            let middle = (low + high) / 2
            if try fits(middle) { low = middle } else { high = middle }
        }
        return low
    }
}
