import Foundation

/// The last steps of every mix: loudness normalisation (when a target is given), then the true-peak
/// limiter.
public enum MixMastering {
    /// What mastering did, for the render's report.
    public struct Outcome: Sendable, Equatable {
        /// The integrated loudness of the finished mix, LUFS (`-infinity` for silence).
        public var loudness: Double
        /// The gain applied to reach the target, in dB (0 without a target).
        public var gain: Double
    }

    /// Brings `samples` to `target` LUFS (when given) and limits them to the limiter's ceiling.
    ///
    /// The gain is measured on the mix, applied, and the limited result measured again; when the
    /// limiter took loudness away, the gain is raised by what is missing and the mix limited again
    /// (three rounds at most), so the finished mix measures within 0.1 LU of the target unless the
    /// ceiling forbids it. Silence is left silent.
    public static func master(_ samples: inout AudioSamples, target: Double?,
                              limiter: TruePeakLimiter = TruePeakLimiter()) throws -> Outcome {
        guard let target else {
            limiter.apply(to: &samples)
            return Outcome(loudness: try LoudnessMeter.integratedLoudness(of: samples), gain: 0)
        }
        let original = samples
        let measured = try LoudnessMeter.integratedLoudness(of: original)
        guard measured.isFinite else {
            limiter.apply(to: &samples)
            return Outcome(loudness: measured, gain: 0)
        }
        var gain = target - measured
        var loudness = measured
        for _ in 0..<3 {
            samples = original
            scale(&samples, decibels: gain)
            limiter.apply(to: &samples)
            loudness = try LoudnessMeter.integratedLoudness(of: samples)
            let missing = target - loudness
            if abs(missing) <= 0.1 { break }
            gain += missing
        }
        return Outcome(loudness: loudness, gain: gain)
    }

    /// Multiplies every sample by `decibels`' gain.
    static func scale(_ samples: inout AudioSamples, decibels: Double) {
        let factor = Float(linearGain(decibels: decibels))
        samples.interleaved.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] *= factor }
        }
    }
}
