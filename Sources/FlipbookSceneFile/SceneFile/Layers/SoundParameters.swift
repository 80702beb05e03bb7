import FlipbookAnimation
import FlipbookAudio
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A layer's `sound`: what plays at each of its scene's events (see ``LayerSound``).
    public struct SoundParameters: Sendable, Equatable {
        /// A bundled sound: `pop`, `drop` or `chime`.
        public var name: String?
        /// A sound file instead, relative to the scene file's folder.
        public var src: String?
        /// The volume in dB. Default 0.
        public var volume: Double?
        /// Semitones of seeded pitch variation either way. Default 1.
        public var pitchVariation: Double?
        /// dB of seeded volume variation either way. Default 2.
        public var volumeVariation: Double?
        /// Whether bigger events are louder. Default true.
        public var followEvents: Bool?
        /// The variation's seed. Default 0.
        public var seed: UInt64?

        /// Sound parameters; `nil` keys take their defaults.
        public init(name: String? = nil, src: String? = nil, volume: Double? = nil, pitchVariation: Double? = nil,
                    volumeVariation: Double? = nil, followEvents: Bool? = nil, seed: UInt64? = nil) {
            self.name = name
            self.src = src
            self.volume = volume
            self.pitchVariation = pitchVariation
            self.volumeVariation = volumeVariation
            self.followEvents = followEvents
            self.seed = seed
        }

        /// The layer sound, its file decoded now.
        func makeSound(baseDirectory: URL?, keyPath: String) throws -> LayerSound {
            let source: LayerSound.Source
            switch (name, src) {
            case (let name?, nil):
                guard let sound = BundledSound(rawValue: name) else {
                    let names = BundledSound.allCases.map(\.rawValue)
                    throw FlipbookError(invalid: joinKeyPath(keyPath, "name"),
                                        "must be a bundled sound: \(names.joined(separator: ", ")); it is \"\(name)\".\(didYouMean(name, among: names))",
                                        at: .init(keyPath: joinKeyPath(keyPath, "name")))
                }
                source = .bundled(sound)
            case (nil, let src?):
                let url = URL(fileURLWithPath: src, relativeTo: baseDirectory).standardizedFileURL
                source = .samples(try AudioFile.decode(contentsOf: url, keyPath: joinKeyPath(keyPath, "src")))
            default:
                throw FlipbookError(invalid: keyPath, "needs exactly one of name (a bundled sound) and src (a file).",
                                    at: .init(keyPath: keyPath))
            }
            let sound = LayerSound(source, volume: volume ?? 0, pitchVariation: pitchVariation ?? 1,
                                   volumeVariation: volumeVariation ?? 2, followsEvents: followEvents ?? true, seed: seed ?? 0)
            try sound.validate(keyPath: keyPath)
            return sound
        }
    }
}

extension SceneFile.SoundParameters {
    static let parameters = ParameterTable<SceneFile.SoundParameters>(
        title: "Sound", noun: "a layer's sound",
        summary: "A layer's `sound`: played at each of its scene's events (a confetti burst's launch, a ripple's touch-down), "
            + "starting on the event's own sample. Give `name` or `src`.",
        parameters: [
            .optional("name", \.name, .text, defaultText: "none",
                      help: "A sound Flipbook synthesises: " + BundledSound.allCases.map(\.rawValue).joined(separator: ", ") + "."),
            .optional("src", \.src, .text, defaultText: "none", help: "A sound file instead, relative to the scene file's folder."),
            .optional("volume", \.volume, .number, default: 0, limits: AudioScene.volumeLimits, limitsCheckedWhereMade: true,
                      unit: "dB", help: "The volume of an ordinary event."),
            .optional("pitchVariation", \.pitchVariation, .number, default: 1, limits: LayerSound.pitchVariationLimits,
                      limitsCheckedWhereMade: true, unit: "semitones", help: "Each event's pitch moves by up to this either way, from the seed."),
            .optional("volumeVariation", \.volumeVariation, .number, default: 2, limits: LayerSound.volumeVariationLimits,
                      limitsCheckedWhereMade: true, unit: "dB", help: "Each event's volume moves by up to this either way, from the seed."),
            .optional("followEvents", \.followEvents, .bool, default: true,
                      help: "A bigger event is louder (a burst of four times the default count, 6 dB)."),
            .optional("seed", \.seed, .seed, default: 0, help: "The seed of the variation."),
        ])
}
