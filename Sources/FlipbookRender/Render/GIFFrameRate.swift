import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// A GIF plays at most 50 fps (its delays are whole hundredths of a second, and browsers slow
/// delays under 2/100 s down). A faster timeline going to a GIF is written at the fastest rate
/// that takes every k-th frame and is itself a supported rate — 60 → 30, 59.94 → 29.97, 120 → 40 —
/// and the note says so. A timeline is a pure function of time, so that is the same timeline at the
/// lower rate: its frames are exactly every k-th frame of the original.
///
/// Returns the timeline unchanged (and no note) for every other output, and when no such rate exists
/// (the GIF encoder then refuses the rate with its own advice).
func timelineForGIF(_ timeline: Timeline, format: OutputFormat) -> (Timeline, note: String?) {
    let fps = timeline.fps
    guard fps.framesPerSecond > GIFTiming.maximumRate, format.container == .gif else { return (timeline, nil) }
    let smallest = Int(saturating: fps.framesPerSecond / GIFTiming.maximumRate, rounded: .up)
    for step in smallest...(smallest + 8) {
        let (denominator, overflow) = fps.denominator.multipliedReportingOverflow(by: step)
        guard !overflow else { break }
        let rate = FrameRate(fps.numerator, denominator)
        guard rate.isSupported, rate.framesPerSecond <= GIFTiming.maximumRate else { continue }
        var slower = timeline
        slower.fps = rate
        let nth = step == 2 ? "second" : step == 3 ? "third" : "\(step)th"
        return (slower, "The \(fps) fps timeline is written at \(rate) fps, every \(nth) frame: a GIF plays at most "
            + "\(Int(GIFTiming.maximumRate)) fps.")
    }
    return (timeline, nil)
}
