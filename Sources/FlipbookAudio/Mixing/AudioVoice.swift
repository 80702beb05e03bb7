import FlipbookCore
import Foundation

/// One sound placed in a mix: samples (a decoded file or a bundled sound), where they start, which
/// part of them plays (trimmed, looped), how fast, and at what gain with what fades.
public struct AudioVoice: Sendable {
    /// The gain over the voice's own clock (seconds since ``start``).
    public enum Gain: Sendable {
        /// One gain throughout, linear.
        case constant(Double)
        /// A gain in decibels that changes with time (a keyframed volume).
        case decibels(@Sendable (TimeInterval) -> Double)
    }

    /// What plays.
    public var samples: AudioSamples
    /// The mix frame the voice's first frame lands on (see ``AudioSamples/frame(at:)``).
    public var start: Int
    /// The frames of ``samples`` that play: a file's trim. Clamped to the samples.
    public var source: Range<Int>
    /// Whether ``source`` repeats until ``end``.
    public var loops: Bool
    /// The mix frame at which the voice stops (a layer's end), or `nil` for when its samples end.
    public var end: Int?
    /// Frames of source played per output frame: 1 plays at the recorded pitch, 2 an octave up.
    public var rate: Double
    /// The gain.
    public var gain: Gain
    /// Frames over which the voice rises from silence at its start.
    public var fadeIn: Int
    /// Frames over which it falls to silence at its end.
    public var fadeOut: Int

    /// A voice playing `samples` whole from mix frame `start`, at unity gain, without fades.
    public init(samples: AudioSamples, start: Int, source: Range<Int>? = nil, loops: Bool = false, end: Int? = nil,
                rate: Double = 1, gain: Gain = .constant(1), fadeIn: Int = 0, fadeOut: Int = 0) {
        self.samples = samples
        self.start = start
        self.source = source ?? 0..<samples.frameCount
        self.loops = loops
        self.end = end
        self.rate = rate
        self.gain = gain
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
    }

    /// The source frames that play, clamped to the samples.
    var clampedSource: Range<Int> {
        let lower = min(max(0, source.lowerBound), samples.frameCount)
        return lower..<min(max(lower, source.upperBound), samples.frameCount)
    }

    /// How many mix frames the voice lasts.
    var length: Int {
        let span = clampedSource.count
        guard span > 0, rate > 0 else { return 0 }
        let natural = loops ? Int.max / 4 : Int(saturating: Double(span) / rate, rounded: .down)
        guard let end else { return loops ? 0 : natural }
        return max(0, min(natural, end - start))
    }
}
