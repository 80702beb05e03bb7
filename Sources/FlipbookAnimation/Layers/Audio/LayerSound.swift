import FlipbookAudio
import FlipbookDrawing
import Foundation

/// The sound a layer plays at each of its scene's events (``SoundingScene``): a bundled sound or a
/// file's, at a volume, varied by a seed so forty pops do not sound the same.
public struct LayerSound: Sendable {
    /// What plays.
    public enum Source: Sendable {
        /// One of the sounds Flipbook synthesises.
        case bundled(BundledSound)
        /// A decoded file's samples.
        case samples(AudioSamples)
    }

    /// The semitones of pitch variation allowed.
    public static let pitchVariationLimits = ParameterLimits.between(0, 12)
    /// The decibels of volume variation allowed.
    public static let volumeVariationLimits = ParameterLimits.between(0, 24)

    /// What plays.
    public var source: Source
    /// The volume in dB.
    public var volume: Double
    /// Each event's pitch moves by up to this many semitones either way, from ``seed``.
    public var pitchVariation: Double
    /// Each event's volume moves by up to this many dB either way, from ``seed``.
    public var volumeVariation: Double
    /// Whether a bigger event is louder (``SoundEvent/weight``).
    public var followsEvents: Bool
    /// The seed of the variation (and of a bundled sound's noise).
    public var seed: UInt64

    /// A sound for each event of the layer's scene.
    public init(_ source: Source, volume: Double = 0, pitchVariation: Double = 1, volumeVariation: Double = 2,
                followsEvents: Bool = true, seed: UInt64 = 0) {
        self.source = source
        self.volume = volume
        self.pitchVariation = pitchVariation
        self.volumeVariation = volumeVariation
        self.followsEvents = followsEvents
        self.seed = seed
    }

    /// Checks the volume and variations, naming them under `keyPath` (a layer's `sound`).
    public func validate(keyPath: String) throws {
        guard AudioScene.volumeLimits.contains(volume) else {
            throw FlipbookError.mustBe(joinKeyPath(keyPath, "volume"), AudioScene.volumeLimits.description + " dB",
                                       itIs: formatNumber(volume))
        }
        guard Self.pitchVariationLimits.contains(pitchVariation) else {
            throw FlipbookError.mustBe(joinKeyPath(keyPath, "pitchVariation"),
                                       Self.pitchVariationLimits.description + " semitones", itIs: formatNumber(pitchVariation))
        }
        guard Self.volumeVariationLimits.contains(volumeVariation) else {
            throw FlipbookError.mustBe(joinKeyPath(keyPath, "volumeVariation"),
                                       Self.volumeVariationLimits.description + " dB", itIs: formatNumber(volumeVariation))
        }
    }

    /// The voices for `events` of a layer starting at `layerStart` and ending at `layerEnd` seconds.
    func voices(for events: [SoundEvent], layerStart: TimeInterval, layerEnd: TimeInterval) -> [AudioVoice] {
        var cache: [Int: AudioSamples] = [:]
        return events.enumerated().compactMap { index, event in
            let time = layerStart + event.time
            guard time >= 0, time < layerEnd else { return nil }
            var random = SoundRandom(seed: seed, stream: UInt64(index) + 1)
            let semitones = random.signed() * pitchVariation
            let pitch = pow(2, semitones / 12)
            var gain = volume + random.signed() * volumeVariation
            if followsEvents, event.weight > 0 { gain += 20 * log10(event.weight) }
            let samples: AudioSamples
            var rate = 1.0
            switch source {
            case .bundled(let sound):
                // Pitches are quantised to a hundredth of a semitone so equal draws share one synthesis.
                let key = Int(saturating: semitones * 100)
                if let made = cache[key] {
                    samples = made
                } else {
                    samples = sound.samples(pitch: pow(2, Double(key) / 1200), seed: seed)
                    cache[key] = samples
                }
            case .samples(let decoded):
                samples = decoded
                rate = pitch
            }
            return AudioVoice(samples: samples, start: AudioSamples.frame(at: time), end: AudioSamples.frame(at: layerEnd),
                              rate: rate, gain: .constant(linearGain(decibels: gain)))
        }
    }
}
