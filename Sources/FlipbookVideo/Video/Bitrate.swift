import FlipbookCore
import Foundation

/// Bit rates as FFmpeg writes them: bits per second with an SI suffix, "8M", "62.5M", "800k".
public enum Bitrate {
    private static let suffixes: [(letter: Character, factor: Double)] = [("k", 1e3), ("M", 1e6), ("G", 1e9)]

    /// The bits per second in `text` ("8M", "2.5M", "800k", "8000000"; the suffix's case is not
    /// significant), or `nil` when it is not a finite positive number with at most one of k, M, G
    /// or out of `Int`'s range.
    public static func bitsPerSecond(_ text: String) -> Int? {
        var number = Substring(text.trimmingCharacters(in: .whitespaces))
        var factor = 1.0
        if let last = number.last, let suffix = suffixes.first(where: { $0.letter.lowercased() == last.lowercased() }) {
            factor = suffix.factor
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        let bits = (value * factor).rounded()
        guard bits < 9.2e18 else { return nil }
        return Int(exactly: bits)
    }
}

/// `bits` per second with the largest SI suffix that leaves a whole part: 62500000 → "62.5M".
package func formatBitrate(_ bits: Int) -> String {
    for (letter, factor) in [("G", 1e9), ("M", 1e6), ("k", 1e3)] where Double(bits) >= factor {
        return formatNumber(Double(bits) / factor) + letter
    }
    return String(bits)
}
