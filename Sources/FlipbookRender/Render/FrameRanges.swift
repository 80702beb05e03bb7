import FlipbookAnimation
import FlipbookDrawing
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

/// The frames to render: the whole timeline, or `requested` once it is known to lie inside it.
func checkedFrames(_ requested: ClosedRange<Int>?, of timeline: Timeline, output url: URL) throws
    -> ClosedRange<Int> {
    let count = timeline.frameCount
    guard count > 0 else {
        throw FlipbookError.invalidInput(
            "Cannot render \(url.path): a \(timeline.duration) s timeline at \(timeline.fps) fps has no frames.")
    }
    guard let requested else { return 0...(count - 1) }
    try checkFrameRange(requested, in: timeline)
    return requested
}

/// Refuses a frame range that reaches outside `timeline`'s frames, naming how many it has (key
/// path `frames`). Batch jobs call it while preparing, before anything is drawn.
package func checkFrameRange(_ frames: ClosedRange<Int>, in timeline: Timeline) throws {
    let count = timeline.frameCount
    guard frames.lowerBound >= 0, frames.upperBound < count else {
        throw FlipbookError(
            invalid: "frames",
            "must lie within 0-\(count - 1): the clip has \(count) frames "
                + "(\(timeline.duration) s at \(timeline.fps) fps); it is \(frames.lowerBound)-\(frames.upperBound).",
            at: .init(keyPath: "frames"))
    }
}

extension SettingFormat where Value == ClosedRange<Int> {
    /// `"120-239"`: inclusive, zero-based frame numbers (``frameRange(parsing:)``).
    public static var frames: SettingFormat {
        SettingFormat(text: { "\($0.lowerBound)-\($0.upperBound)" }, fromText: { text, setting in
            guard let range = frameRange(parsing: text) else {
                throw FlipbookError.mustBe(
                    setting.key, "\"FIRST-LAST\", frame numbers from 0 with FIRST ≤ LAST, e.g. \"120-239\"", itIs: "\"\(text)\"")
            }
            return range
        })
    }
}
