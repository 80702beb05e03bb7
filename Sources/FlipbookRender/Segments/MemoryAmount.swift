import FlipbookCore
import Foundation

/// Memory amounts as people write them: bytes with a binary suffix, "8G", "512M", "1.5G", "800K".
public enum MemoryAmount {
    private static let suffixes: [(letter: Character, factor: Double)] = [
        ("K", 1024), ("M", 1024 * 1024), ("G", 1024 * 1024 * 1024), ("T", 1024 * 1024 * 1024 * 1024),
    ]

    /// The bytes in `text` (the suffix's case and a trailing `B` or `iB` are not significant), or
    /// `nil` when it is not a finite positive number with at most one of K, M, G, T, or out of
    /// `Int`'s range.
    public static func bytes(_ text: String) -> Int? {
        var number = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        if number.hasSuffix("IB") { number = number.dropLast(2) } else if number.hasSuffix("B") { number = number.dropLast() }
        var factor = 1.0
        if let last = number.last, let suffix = suffixes.first(where: { $0.letter == last }) {
            factor = suffix.factor
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        let bytes = (value * factor).rounded()
        guard bytes < 9.2e18 else { return nil }
        return Int(exactly: bytes)
    }

    /// `bytes` with the largest binary suffix that leaves a whole part: 8589934592 → "8G".
    public static func format(_ bytes: Int) -> String {
        for (letter, factor) in suffixes.reversed() where Double(bytes) >= factor {
            return formatNumber((Double(bytes) / factor * 10).rounded() / 10) + String(letter)
        }
        return String(bytes)
    }
}
