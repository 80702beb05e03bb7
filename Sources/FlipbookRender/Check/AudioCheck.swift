import FlipbookAnimation
import FlipbookAudio
import FlipbookCore
import Foundation

/// Sound that clips before the limiter, or sits far from the loudness asked for, measured on the
/// mix as a render makes it (before mastering).
enum AudioCheck {
    /// How far (in LU) the mix may sit from `loudness` before bringing it there takes more gain than
    /// is wise: past it, quiet sound is raised into its noise, or loud sound squashed by the limiter.
    static let loudnessTolerance = 10.0

    static func findings(for layers: [CheckedLayer], timeline: Timeline) -> [CheckFinding] {
        guard timeline.hasAudio else { return [] }
        let mix = AudioMixer.mix(timeline.audioVoices(), frameCount: timeline.audioFrameCount)
        guard let peak = try? LoudnessMeter.truePeak(of: mix),
              let loudness = try? LoudnessMeter.integratedLoudness(of: mix), loudness.isFinite else { return [] }
        let sounding = layers.first { $0.layer.scene is AudioScene }
        let volume = sounding?.pointer("volume") ?? ""
        var findings: [CheckFinding] = []
        if peak > 0 {
            findings.append(CheckFinding(
                .warning, .audio, pointer: volume,
                message: "the mixed sound peaks at +\(String(format: "%.1f", peak)) dBTP: it clips, and the limiter "
                    + "squashes its loudest moments.",
                fix: "lower the loudest layer's volume by \(String(format: "%.1f", peak + 1)) dB"))
        }
        if let target = timeline.loudness, abs(loudness - target) > loudnessTolerance {
            let gain = target - loudness
            findings.append(CheckFinding(
                .warning, .audio, pointer: volume,
                message: "the mixed sound measures \(String(format: "%.1f", loudness)) LUFS, \(String(format: "%.1f", abs(gain))) LU "
                    + "from the loudness asked for (\(formatNumber(target)) LUFS).",
                fix: "\(gain > 0 ? "raise" : "lower") the layers' volume by about \(String(format: "%.0f", abs(gain))) dB, "
                    + "or ask for a loudness nearer \(String(format: "%.0f", loudness)) LUFS"))
        }
        return findings
    }
}
