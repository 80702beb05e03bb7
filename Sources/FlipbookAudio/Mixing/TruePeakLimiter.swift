import Foundation

/// A look-ahead limiter that keeps a mix's true peak (the peak between samples, as a player's
/// reconstruction filter makes it: ITU-R BS.1770-4, annex 2) at or below ``ceiling``.
///
/// The whole mix is known, so the limiter is offline and exact: for every frame it finds the gain
/// the 4× oversampled peak around it needs, recovers from a cut over ``release`` seconds, and
/// smooths the gain with a minimum and a moving average over ``lookAhead`` frames, so the gain is
/// already down when a peak arrives and never above what any frame needs. Linked stereo: both
/// channels take the same gain, so the image does not move. Deterministic, with no state carried
/// between renders.
public struct TruePeakLimiter: Sendable {
    /// The ceiling in dBTP. −1 dBTP leaves room for a lossy encoder's overshoot, so the decoded
    /// file stays below 0 dBFS too.
    public var ceiling: Double = -1
    /// Frames the gain starts falling before a peak (5 ms).
    public var lookAhead = 240
    /// Seconds to recover from a cut (63 % of the way back).
    public var release: TimeInterval = 0.08

    /// A limiter with the default ceiling, look-ahead and release.
    public init() {}

    /// The 4× interpolation filter: for phase `p` (1…3) the 12 taps of a Hann-windowed sinc at
    /// offsets −5…6 frames, phase after phase in one flat array (phase 0 is the sample itself).
    private static let taps: [Double] = (1..<4).flatMap { phase in
        let fraction = Double(phase) / 4
        return (-5...6).map { offset in
            let t = fraction - Double(offset)
            let sinc = t == 0 ? 1 : sin(Double.pi * t) / (Double.pi * t)
            let window = abs(t) < 6 ? 0.5 * (1 + cos(Double.pi * t / 6)) : 0
            return sinc * window
        }
    }

    /// Frames before and after a frame that its interpolated values are made from.
    private static let reachBefore = 5, reachAfter = 6

    /// The most any interpolated value can exceed the largest sample it is made from: the largest
    /// sum of a phase's absolute taps. Where every sample around a frame is at most
    /// `limit / filterGain`, no value between them exceeds `limit`.
    static let filterGain: Double = (0..<3).map { phase in
        taps[(12 * phase)..<(12 * phase + 12)].reduce(0) { $0 + abs($1) }
    }.max() ?? 1

    /// Frames per block in which ``truePeaks(_:frameCount:above:)`` first bounds the peak.
    private static let block = 256

    /// The true peak around each frame (both channels), linear — exactly where it may exceed
    /// `threshold`; elsewhere a value at most `threshold` (the frame's sample peak).
    ///
    /// A block of frames whose samples, and the filter's reach around them, are all below
    /// `threshold / filterGain` cannot have a true peak above `threshold`, so it is not
    /// oversampled: quiet and silent stretches cost one pass over their samples.
    static func truePeaks(_ samples: [Float], frameCount: Int, above threshold: Double = 0) -> [Double] {
        var peaks = [Double](repeating: 0, count: frameCount)
        // A hair below the bound, so rounding in the filter's sums cannot cross it.
        let quiet = threshold / filterGain * (1 - 1e-9)
        samples.withUnsafeBufferPointer { input in
            taps.withUnsafeBufferPointer { taps in
                peaks.withUnsafeMutableBufferPointer { peaks in
                    var first = 0
                    while first < frameCount {
                        let end = min(frameCount, first + block)
                        // The sample peak of the block and of the frames its filter reaches.
                        let low = max(0, first - reachBefore), high = min(frameCount, end + reachAfter)
                        var loudest: Float = 0
                        for index in (2 * low)..<(2 * high) { loudest = max(loudest, abs(input[index])) }
                        if Double(loudest) <= quiet {
                            for frame in first..<end {
                                peaks[frame] = Double(max(abs(input[2 * frame]), abs(input[2 * frame + 1])))
                            }
                        } else {
                            for frame in first..<end { peaks[frame] = truePeak(input, taps, frame: frame, frameCount: frameCount) }
                        }
                        first = end
                    }
                }
            }
        }
        return peaks
    }

    /// The largest magnitude of frame `frame`'s samples and of the three values the filter
    /// interpolates after it, over both channels.
    @inline(__always)
    private static func truePeak(_ input: UnsafeBufferPointer<Float>, _ taps: UnsafeBufferPointer<Double>,
                                 frame: Int, frameCount: Int) -> Double {
        var peak = Double(max(abs(input[2 * frame]), abs(input[2 * frame + 1])))
        let lower = max(0, reachBefore - frame)
        let upper = min(12, frameCount - frame + reachBefore)
        for phase in 0..<3 {
            var left = 0.0, right = 0.0
            let base = 12 * phase
            for tap in lower..<upper {
                let weight = taps[base + tap]
                let source = 2 * (frame + tap - reachBefore)
                left += weight * Double(input[source])
                right += weight * Double(input[source + 1])
            }
            peak = max(peak, abs(left), abs(right))
        }
        return peak
    }

    /// Limits `samples` in place.
    public func apply(to samples: inout AudioSamples) {
        let count = samples.frameCount
        guard count > 0 else { return }
        let limit = linearGain(decibels: ceiling)
        let peaks = Self.truePeaks(samples.interleaved, frameCount: count, above: limit)
        guard let loudest = peaks.max(), loudest > limit else { return }
        // The gain each frame's peak needs, then the lowest of its neighbours' (the interpolation
        // filter's reach), so every sample a peak is made from is turned down with it.
        let needed = peaks.map { $0 > limit ? limit / $0 : 1 }
        Self.multiply(&samples, by: gains(needed, reach: 6))
    }

    /// The gain of each frame: at most what `needed` asks of every frame within `reach` of it, recovering
    /// over ``release`` and falling ahead of a cut over ``lookAhead``, so it is smooth and never above
    /// what any frame near it needs.
    func gains(_ needed: [Double], reach frames: Int) -> [Double] {
        let count = needed.count
        let reach = Self.slidingMinimum(needed, before: frames, after: frames)
        // Recovery: the gain climbs back toward 1 exponentially, never above what a frame needs.
        let recovery = 1 - exp(-1 / (release * Double(AudioSamples.sampleRate)))
        var released = reach
        for index in 1..<count {
            released[index] = min(reach[index], released[index - 1] + (1 - released[index - 1]) * recovery)
        }
        // Look-ahead: the minimum over the next `lookAhead` frames averaged over the last
        // `lookAhead` frames; each of those minima covers this frame, so the average is at most its gain.
        let window = max(1, lookAhead)
        let ahead = Self.slidingMinimum(released, before: 0, after: window - 1)
        var gains = [Double](repeating: 1, count: count)
        var sum = 0.0
        for index in 0..<count {
            sum += ahead[index]
            if index >= window { sum -= ahead[index - window] }
            let seen = min(index + 1, window)
            // Frames before the start count as unity gain's minimum: the first frames' own.
            gains[index] = (sum + Double(window - seen) * ahead[0]) / Double(window)
            gains[index] = min(gains[index], released[index])
        }
        return gains
    }

    /// Multiplies each frame of `samples` by its gain in `gains` (both channels).
    static func multiply(_ samples: inout AudioSamples, by gains: [Double]) {
        samples.interleaved.withUnsafeMutableBufferPointer { output in
            for index in 0..<min(gains.count, output.count / 2) {
                let gain = Float(gains[index])
                output[2 * index] *= gain
                output[2 * index + 1] *= gain
            }
        }
    }

    /// The minimum of `values[i − before … i + after]` for each `i` (a monotonic deque: O(n)).
    static func slidingMinimum(_ values: [Double], before: Int, after: Int) -> [Double] {
        let count = values.count
        var result = [Double](repeating: 1, count: count)
        var deque: [Int] = []
        deque.reserveCapacity(before + after + 1)
        var head = 0
        var next = 0
        for index in 0..<count {
            while next < count, next <= index + after {
                while deque.count > head, let last = deque.last, values[last] >= values[next] { deque.removeLast() }
                deque.append(next)
                next += 1
            }
            while head < deque.count, deque[head] < index - before { head += 1 }
            result[index] = values[deque[head]]
            if head > 4096 {
                deque.removeFirst(head)
                head = 0
            }
        }
        return result
    }
}
