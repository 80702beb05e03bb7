import FlipbookAudio
import Foundation

extension VideoScene {
    /// The voice of the file's sound for a layer from `start` to `end` timeline seconds: the trimmed
    /// part, at the layer's speed (a faster clip sounds higher, as a sped-up tape does), volume and fades;
    /// `nil` when the layer is muted or the file is silent.
    func voice(start: TimeInterval, end: TimeInterval) -> AudioVoice? {
        guard let sound, !muted else { return nil }
        let gain = AudioVoice.Gain(volume: volume)
        let rate = Double(AudioSamples.sampleRate)
        let lower = AudioSamples.frame(at: trimIn)
        let upper = trimOut.map(AudioSamples.frame(at:)) ?? sound.frameCount
        return AudioVoice(samples: sound, start: AudioSamples.frame(at: start),
                          source: lower..<max(lower, min(upper, sound.frameCount)), loops: loop,
                          end: AudioSamples.frame(at: end), rate: speed, gain: gain,
                          fadeIn: Int(saturating: fadeIn * rate), fadeOut: Int(saturating: fadeOut * rate))
    }
}
