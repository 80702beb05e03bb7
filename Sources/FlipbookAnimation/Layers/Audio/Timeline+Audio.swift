import FlipbookAudio
import FlipbookDrawing
import Foundation

/// A timeline's sound, mixed and mastered: what every output that carries audio encodes (or the part
/// of it that belongs to the frames written).
public struct TimelineAudio: Sendable {
    /// The whole timeline's mix, 48 kHz stereo, from time 0 to the end of its last frame.
    public var samples: AudioSamples
    /// The finished mix's integrated loudness in LUFS (`-infinity` when silent).
    public var loudness: Double
    /// The gain loudness normalisation applied, in dB (0 without ``Timeline/loudness``).
    public var normalisationGain: Double

    /// The samples of frames `frames` of a timeline at `fps`: from frame `lowerBound`'s first sample
    /// to the one before frame `upperBound + 1`'s (``AudioSamples/frame(ofVideoFrame:fps:)``).
    public func samples(ofFrames frames: ClosedRange<Int>, fps: FrameRate) -> AudioSamples {
        samples.frames(AudioSamples.frame(ofVideoFrame: frames.lowerBound, fps: fps)..<AudioSamples.frame(ofVideoFrame: frames.upperBound + 1, fps: fps))
    }
}

extension Timeline {
    /// Whether any layer is heard: an ``AudioScene``, a ``VideoScene`` with sound, or a ``Layer/sound`` (in groups too).
    public var hasAudio: Bool { Self.hasAudio(layers) }

    private static func hasAudio(_ layers: [Layer]) -> Bool {
        layers.contains { layer in
            layer.scene is AudioScene || layer.sound != nil || (layer.scene as? VideoScene)?.sound != nil || (layer.scene as? GroupScene).map { hasAudio($0.layers) } == true
                || (layer.scene as? Timeline.Sequence).map { hasAudio($0.layers) } == true
        }
    }

    /// The audio frame count of the whole timeline: up to the end of its last video frame.
    public var audioFrameCount: Int { AudioSamples.frame(ofVideoFrame: frameCount, fps: fps) }

    /// Every sound the layers make, placed.
    public func audioVoices() -> [AudioVoice] {
        Self.voices(of: layers, offset: 0, parentEnd: duration)
    }

    static func voices(of layers: [Layer], offset: TimeInterval, parentEnd: TimeInterval) -> [AudioVoice] {
        var voices: [AudioVoice] = []
        for layer in layers {
            let start = offset + layer.start
            let end = min(parentEnd, layer.end.map { offset + $0 } ?? parentEnd)
            guard end > start else { continue }
            if let audio = layer.scene as? AudioScene {
                voices.append(audio.voice(start: start, end: end))
            }
            if let video = layer.scene as? VideoScene, let voice = video.voice(start: start, end: end) {
                voices.append(voice)
            }
            if let sound = layer.sound, let sounding = layer.scene as? any SoundingScene {
                voices += sound.voices(for: sounding.soundEvents, layerStart: start, layerEnd: end)
            }
            if let group = layer.scene as? GroupScene {
                voices += Self.voices(of: group.layers, offset: start, parentEnd: end)
            }
            if let sequence = layer.scene as? Timeline.Sequence {
                voices += sequence.voices(offset: start, parentEnd: end)
            }
        }
        return voices
    }

    /// The timeline's sound mixed, brought to ``loudness`` when it is set, and true-peak limited
    /// (``MixMastering``); `nil` when no layer is heard.
    ///
    /// - Throws: ``FlipbookError`` when measuring the loudness fails.
    public func mixAudio() throws -> TimelineAudio? {
        guard hasAudio else { return nil }
        var samples = AudioMixer.mix(audioVoices(), frameCount: audioFrameCount)
        let outcome = try MixMastering.master(&samples, target: loudness)
        return TimelineAudio(samples: samples, loudness: outcome.loudness, normalisationGain: outcome.gain)
    }
}

extension AudioVoice.Gain {
    /// The gain of a layer's keyframed `volume` in dB: constant when it does not change.
    init(volume: Keyframed<Double>) {
        if let constant = volume.constantValue {
            self = .constant(linearGain(decibels: constant))
        } else {
            self = .decibels { volume.value(at: $0) }
        }
    }
}

extension AudioScene {
    /// The voice of a layer from `start` to `end` timeline seconds.
    func voice(start: TimeInterval, end: TimeInterval) -> AudioVoice {
        let gain = AudioVoice.Gain(volume: volume)
        let rate = Double(AudioSamples.sampleRate)
        return AudioVoice(samples: samples, start: AudioSamples.frame(at: start), source: playedFrames, loops: loop,
                          end: AudioSamples.frame(at: end), gain: gain,
                          fadeIn: Int(saturating: fadeIn * rate), fadeOut: Int(saturating: fadeOut * rate))
    }
}
