import FlipbookCore
import Foundation

/// Sound as Flipbook mixes and encodes it: 32-bit float samples at 48 kHz, two channels
/// interleaved (left, right, left, …), full scale ±1.
///
/// A value type with copy-on-write storage: a decoded file shared by many voices is held once.
public struct AudioSamples: Sendable, Equatable {
    /// Samples per second per channel: 48 kHz, the rate every output is encoded at.
    public static let sampleRate = 48_000
    /// Channels: stereo.
    public static let channelCount = 2

    /// The samples, `channelCount` per frame, interleaved.
    public var interleaved: [Float]

    /// `frameCount` frames of silence.
    public init(silentFrames frameCount: Int) {
        interleaved = [Float](repeating: 0, count: max(0, frameCount) * Self.channelCount)
    }

    /// Samples already interleaved; a trailing partial frame is dropped.
    public init(interleaved: [Float]) {
        self.interleaved = interleaved
        let extra = interleaved.count % Self.channelCount
        if extra != 0 { self.interleaved.removeLast(extra) }
    }

    /// A mono signal put in both channels.
    public init(mono: [Float]) {
        var samples = [Float](repeating: 0, count: mono.count * Self.channelCount)
        for (index, value) in mono.enumerated() {
            samples[2 * index] = value
            samples[2 * index + 1] = value
        }
        interleaved = samples
    }

    /// The number of frames (samples per channel).
    public var frameCount: Int { interleaved.count / Self.channelCount }

    /// The length in seconds.
    public var duration: TimeInterval { Double(frameCount) / Double(Self.sampleRate) }

    /// The frames in `range` (clamped to the buffer), as a buffer of their own.
    public func frames(_ range: Range<Int>) -> AudioSamples {
        let lower = min(max(0, range.lowerBound), frameCount)
        let upper = min(max(lower, range.upperBound), frameCount)
        return AudioSamples(interleaved: Array(interleaved[(lower * Self.channelCount)..<(upper * Self.channelCount)]))
    }

    /// The largest magnitude of any sample (the sample peak, not the true peak).
    public var samplePeak: Float {
        interleaved.reduce(0) { max($0, abs($1)) }
    }

    /// The sample frame video frame `frame` of a clip at `fps` starts on: `round(frame × 48000 / fps)`,
    /// in exact integer arithmetic, so a sound placed at a video frame starts on that frame's sample
    /// (frame 1 at 29.97 fps is sample 1602, frame 3 is 4805).
    public static func frame(ofVideoFrame frame: Int, fps: FrameRate) -> Int {
        let (scaled, overflow) = Int64(frame).multipliedReportingOverflow(by: Int64(sampleRate) * Int64(fps.denominator) * 2)
        guard !overflow, fps.numerator > 0 else { return self.frame(at: fps.time(ofFrame: frame)) }
        let twice = scaled / Int64(fps.numerator)
        return Int((twice + (twice >= 0 ? 1 : -1)) / 2)
    }

    /// The frame at `time` seconds: `round(time × 48000)`, the one rule that places every sound.
    public static func frame(at time: TimeInterval) -> Int {
        let position = (time * Double(sampleRate)).rounded()
        guard position.isFinite, abs(position) < Double(Int.max / 4) else { return time < 0 ? Int.min / 4 : Int.max / 4 }
        return Int(position)
    }
}

/// Decibels to a linear gain: −6 dB is about 0.501.
public func linearGain(decibels: Double) -> Double { pow(10, decibels / 20) }

/// A linear gain to decibels; `-infinity` for silence.
public func decibels(linearGain gain: Double) -> Double { 20 * log10(gain) }
