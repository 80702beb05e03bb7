import Foundation

/// Reads `"120-239"` (inclusive, zero-based, first ≤ last) as written after `render --frames` and
/// in batch files' `"frames"`; `nil` when the text is not such a range. Whether the frames exist is
/// checked by ``render(_:frames:to:options:workers:cancellation:progress:)``, which knows the clip.
public func frameRange(parsing text: String) -> ClosedRange<Int>? {
    let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), first >= 0, first <= last else {
        return nil
    }
    return first...last
}
