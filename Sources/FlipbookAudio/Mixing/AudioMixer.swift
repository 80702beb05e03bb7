import FlipbookCore
import Foundation

/// Adds voices into one buffer, sample-accurately: a voice starting at frame `k` has its first
/// sample at frame `k` exactly.
public enum AudioMixer {
    /// Frames between two evaluations of a changing gain; the gain is interpolated linearly between them.
    static let gainStep = 32

    /// The sum of `voices` over `frameCount` frames (parts outside are cut off).
    public static func mix(_ voices: [AudioVoice], frameCount: Int) -> AudioSamples {
        var mix = [Float](repeating: 0, count: max(0, frameCount) * AudioSamples.channelCount)
        for voice in voices { add(voice, into: &mix, frameCount: frameCount) }
        return AudioSamples(interleaved: mix)
    }

    /// Adds one voice.
    static func add(_ voice: AudioVoice, into mix: inout [Float], frameCount: Int) {
        let length = voice.length
        let source = voice.clampedSource
        guard length > 0, !source.isEmpty else { return }
        let first = max(0, -voice.start)
        let last = min(length, frameCount - voice.start)
        guard first < last else { return }
        let samples = voice.samples.interleaved
        let rate = Double(AudioSamples.sampleRate)
        var envelope = GainEnvelope(voice.gain)
        mix.withUnsafeMutableBufferPointer { output in
            samples.withUnsafeBufferPointer { input in
                for offset in first..<last {
                    var gain = envelope.value(at: offset, rate: rate)
                    if voice.fadeIn > 0, offset < voice.fadeIn { gain *= Double(offset) / Double(voice.fadeIn) }
                    let remaining = length - offset
                    if voice.fadeOut > 0, remaining <= voice.fadeOut { gain *= Double(remaining - 1) / Double(voice.fadeOut) }
                    let (left, right) = sample(input, at: Double(offset) * voice.rate, source: source, loops: voice.loops)
                    let target = 2 * (voice.start + offset)
                    output[target] += Float(Double(left) * gain)
                    output[target + 1] += Float(Double(right) * gain)
                }
            }
        }
    }

    /// The source's stereo sample `position` frames into `source` (looping or not), interpolated
    /// linearly between frames when the position is not whole.
    private static func sample(_ input: UnsafeBufferPointer<Float>, at position: Double, source: Range<Int>, loops: Bool)
        -> (Float, Float) {
        let whole = Int(saturating: position, rounded: .down)
        let fraction = Float(position - Double(whole))
        func frame(_ index: Int) -> (Float, Float) {
            var offset = index
            if loops { offset %= source.count } else if offset >= source.count { return (0, 0) }
            let at = 2 * (source.lowerBound + offset)
            return (input[at], input[at + 1])
        }
        let a = frame(whole)
        guard fraction > 0 else { return a }
        let b = frame(whole + 1)
        return (a.0 + (b.0 - a.0) * fraction, a.1 + (b.1 - a.1) * fraction)
    }
}

/// A voice's gain at each frame: constant, or a decibel curve evaluated every ``AudioMixer/gainStep``
/// frames and interpolated between.
private struct GainEnvelope {
    let constant: Double?
    let curve: (@Sendable (TimeInterval) -> Double)?
    /// The step last evaluated and its two ends' gains.
    private var cached: (step: Int, a: Double, b: Double)?

    init(_ gain: AudioVoice.Gain) {
        switch gain {
        case .constant(let value): constant = value; curve = nil
        case .decibels(let function): constant = nil; curve = function
        }
    }

    mutating func value(at frame: Int, rate: Double) -> Double {
        if let constant { return constant }
        guard let curve else { return 1 }
        let step = AudioMixer.gainStep
        let before = frame / step * step
        if cached?.step != before {
            cached = (before, linear(curve(Double(before) / rate)), linear(curve(Double(before + step) / rate)))
        }
        guard let (_, a, b) = cached else { return 1 }
        return a + (b - a) * Double(frame - before) / Double(step)
    }

    private func linear(_ decibels: Double) -> Double {
        decibels.isFinite ? linearGain(decibels: decibels) : 0
    }
}
