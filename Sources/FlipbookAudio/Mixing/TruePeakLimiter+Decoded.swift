import Foundation

// The limiter keeps the mix under its ceiling; a lossy encoder's decoded output overshoots the mix it
// was given (by a fraction of a decibel where the mix is held at the ceiling, by decibels at a sharp
// transient). Given that output, the limiter turns the mix down where it overshot, and only there.

extension TruePeakLimiter {
    /// The frames on either side of a decoded overshoot turned down with it: an encoder's block and the
    /// overlap of its window (AAC's 1024 samples in 2048-sample windows; Opus's 20 ms frames), whose
    /// samples all shape the decoded waveform there.
    package static let encoderReach = 2048

    /// Turns `samples` down where `decoded` — the same samples through a lossy encoder and its decoder,
    /// aligned with them — has a true peak above the ceiling less `margin` decibels: each such frame, and
    /// the frames within ``encoderReach`` of it, by what it exceeds, with the limiter's smooth gain.
    /// Everywhere else the samples are left as they are.
    package func lower(_ samples: inout AudioSamples, whereDecoded decoded: AudioSamples, margin: Double) {
        let count = min(samples.frameCount, decoded.frameCount)
        guard count > 0 else { return }
        let limit = linearGain(decibels: ceiling - margin)
        let peaks = Self.truePeaks(decoded.interleaved, frameCount: count, above: limit)
        guard let loudest = peaks.max(), loudest > limit else { return }
        let needed = peaks.map { $0 > limit ? limit / $0 : 1 }
            + [Double](repeating: 1, count: samples.frameCount - count)
        Self.multiply(&samples, by: gains(needed, reach: Self.encoderReach))
    }
}
