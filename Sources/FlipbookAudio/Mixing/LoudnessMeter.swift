import CEbur128
import FlipbookCore
import Foundation

/// Integrated loudness (ITU-R BS.1770-4, EBU R128) measured by libebur128.
public enum LoudnessMeter {
    /// The loudness targets accepted, in LUFS.
    public static let targetRange: ClosedRange<Double> = -70...0

    /// The integrated loudness of `samples` in LUFS; `-infinity` for silence (all of it gated out).
    ///
    /// - Throws: ``FlipbookError`` when libebur128 fails (out of memory).
    public static func integratedLoudness(of samples: AudioSamples) throws -> Double {
        let meter = try Meter(mode: Int32(EBUR128_MODE_I.rawValue))
        try meter.add(samples)
        var loudness = 0.0
        try meter.check(ebur128_loudness_global(meter.state, &loudness), "measuring the integrated loudness")
        return loudness
    }

    /// The true peak of `samples` in dBTP (libebur128's 4× oversampled peak over both channels).
    public static func truePeak(of samples: AudioSamples) throws -> Double {
        let meter = try Meter(mode: Int32(EBUR128_MODE_TRUE_PEAK.rawValue))
        try meter.add(samples)
        var peak = 0.0
        for channel in 0..<AudioSamples.channelCount {
            var value = 0.0
            try meter.check(ebur128_true_peak(meter.state, UInt32(channel), &value), "measuring the true peak")
            peak = max(peak, value)
        }
        return 20 * log10(peak)
    }

    /// One libebur128 state, freed when the meter goes.
    private final class Meter {
        var state: UnsafeMutablePointer<ebur128_state>?

        init(mode: Int32) throws {
            state = ebur128_init(UInt32(AudioSamples.channelCount), UInt(AudioSamples.sampleRate), mode)
            if state == nil { throw FlipbookError(.internal, "Cannot measure loudness: libebur128 could not start (out of memory).") }
        }

        func add(_ samples: AudioSamples) throws {
            // In blocks, so libebur128's frame count never overflows its size_t arithmetic on odd platforms.
            let block = 1 << 20
            try samples.interleaved.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var frame = 0
                while frame < samples.frameCount {
                    let count = min(block, samples.frameCount - frame)
                    try check(ebur128_add_frames_float(state, base + 2 * frame, count), "adding samples")
                    frame += count
                }
            }
        }

        func check(_ status: Int32, _ doing: String) throws {
            guard status == Int32(EBUR128_SUCCESS.rawValue) else {
                throw FlipbookError(.internal, "Cannot measure loudness: libebur128 failed \(doing) (error \(status)).")
            }
        }

        deinit { ebur128_destroy(&state) }
    }
}
