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
    /// offsets −5…6 frames.
    private static let phases: [[Double]] = (0..<4).map { phase in
        let fraction = Double(phase) / 4
        return (-5...6).map { offset in
            let t = fraction - Double(offset)
            let sinc = t == 0 ? 1 : sin(Double.pi * t) / (Double.pi * t)
            let window = abs(t) < 6 ? 0.5 * (1 + cos(Double.pi * t / 6)) : 0
            return sinc * window
        }
    }

    /// The true peak around each frame (both channels), linear.
    static func truePeaks(_ samples: [Float], frameCount: Int) -> [Double] {
        var peaks = [Double](repeating: 0, count: frameCount)
        samples.withUnsafeBufferPointer { input in
            for frame in 0..<frameCount {
                var peak = 0.0
                for channel in 0..<AudioSamples.channelCount {
                    peak = max(peak, abs(Double(input[2 * frame + channel])))
                    for phase in 1..<4 {
                        var value = 0.0
                        for (tap, weight) in phases[phase].enumerated() {
                            let source = frame + tap - 5
                            guard source >= 0, source < frameCount else { continue }
                            value += weight * Double(input[2 * source + channel])
                        }
                        peak = max(peak, abs(value))
                    }
                }
                peaks[frame] = peak
            }
        }
        return peaks
    }

    /// Limits `samples` in place.
    public func apply(to samples: inout AudioSamples) {
        let count = samples.frameCount
        guard count > 0 else { return }
        let limit = linearGain(decibels: ceiling)
        let peaks = Self.truePeaks(samples.interleaved, frameCount: count)
        guard let loudest = peaks.max(), loudest > limit else { return }
        // The gain each frame's peak needs, then the lowest of its neighbours' (the interpolation
        // filter's reach), so every sample a peak is made from is turned down with it.
        let needed = peaks.map { $0 > limit ? limit / $0 : 1 }
        let reach = Self.slidingMinimum(needed, before: 6, after: 6)
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
        samples.interleaved.withUnsafeMutableBufferPointer { output in
            for index in 0..<count {
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
