import Foundation
import Testing
@testable import FlipbookAudio

@Suite struct TruePeakLimiterTests {
    /// Two seconds: silence, a quiet tone, then a tone at +6 dBFS whose peaks fall between samples
    /// (11 025 Hz against 48 kHz), and a click.
    static func signal() -> AudioSamples {
        var samples = [Float](repeating: 0, count: 2 * 96_000)
        for frame in 24_000..<48_000 {
            let value = Float(0.2 * sin(2 * Double.pi * 440 * Double(frame) / 48_000))
            samples[2 * frame] = value
            samples[2 * frame + 1] = -value
        }
        for frame in 60_000..<84_000 {
            let value = Float(2 * sin(2 * Double.pi * 11_025 * Double(frame) / 48_000 + 0.3))
            samples[2 * frame] = value
            samples[2 * frame + 1] = value * 0.5
        }
        samples[2 * 90_000] = 1.5
        samples[2 * 90_001 + 1] = -1.5
        return AudioSamples(interleaved: samples)
    }

    @Test func quietStretchesAreBoundedWithoutChangingAnyLoudPeak() {
        let samples = Self.signal()
        let limit = linearGain(decibels: -1)
        let exact = TruePeakLimiter.truePeaks(samples.interleaved, frameCount: samples.frameCount)
        let bounded = TruePeakLimiter.truePeaks(samples.interleaved, frameCount: samples.frameCount, above: limit)
        var loud = 0
        for frame in 0..<samples.frameCount {
            if exact[frame] > limit || bounded[frame] > limit {
                loud += 1
                #expect(exact[frame] == bounded[frame], "frame \(frame): \(bounded[frame]) against \(exact[frame])")
            } else {
                #expect(bounded[frame] <= exact[frame])
            }
        }
        #expect(loud >= 24_000, "only \(loud) frames above the ceiling")
        // Between samples the loud tone peaks above its samples' own peak.
        #expect(exact[60_000..<84_000].max()! > Double(samples.frames(60_000..<84_000).samplePeak) + 0.01)
        #expect(TruePeakLimiter.filterGain > 1 && TruePeakLimiter.filterGain < 2)
    }

    @Test func theLimitedTruePeakStaysUnderTheCeiling() throws {
        var samples = Self.signal()
        let before = samples
        TruePeakLimiter().apply(to: &samples)
        let peak = try LoudnessMeter.truePeak(of: samples)
        // libebur128 oversamples with its own filter: within 0.1 dB of ours.
        #expect(peak <= -0.9, "true peak \(peak) dBTP")
        #expect(try LoudnessMeter.truePeak(of: before) > 5)
        // The quiet tone before the loud one is left as it was.
        #expect(samples.frames(24_000..<40_000) == before.frames(24_000..<40_000))
    }

    @Test func aMixUnderTheCeilingIsLeftAsItIs() {
        var samples = AudioSamples(mono: (0..<48_000).map { Float(0.5 * sin(Double($0) * 0.05)) })
        let before = samples
        TruePeakLimiter().apply(to: &samples)
        #expect(samples == before)
    }
}
