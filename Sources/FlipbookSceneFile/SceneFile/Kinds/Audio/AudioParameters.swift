import FlipbookAnimation
import FlipbookAudio
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// An audio layer's parameters (`"scene": "audio"`): see ``AudioScene``.
    public struct AudioParameters: Sendable, Equatable {
        /// The audio file, relative to the scene file's folder.
        public var src: String
        /// The volume in dB, keyframable. Default 0.
        public var volume: Keyframed<Double>?
        /// Seconds of fade in. Default 0.
        public var fadeIn: TimeInterval?
        /// Seconds of fade out. Default 0.
        public var fadeOut: TimeInterval?
        /// The in and out points in the file, seconds: `[in, out]`, or one number for the in point.
        public var trim: ClosedRange<Double>?
        /// Whether the trimmed sound repeats until the layer ends. Default false.
        public var loop: Bool?

        /// Audio parameters; `nil` keys take their defaults.
        public init(src: String, volume: Keyframed<Double>? = nil, fadeIn: TimeInterval? = nil, fadeOut: TimeInterval? = nil,
                    trim: ClosedRange<Double>? = nil, loop: Bool? = nil) {
            self.src = src
            self.volume = volume
            self.fadeIn = fadeIn
            self.fadeOut = fadeOut
            self.trim = trim
            self.loop = loop
        }

        /// The scene, its file decoded now; `src` is resolved against `baseDirectory`.
        ///
        /// - Throws: ``FlipbookError`` at `keyPath.src` for a file that is missing or does not decode,
        ///   and at the key of any value out of range.
        public func makeScene(baseDirectory: URL?, keyPath: String = "") throws -> AudioScene {
            let url = URL(fileURLWithPath: src, relativeTo: baseDirectory).standardizedFileURL
            // One number is the in point alone.
            let trimOut = trim.flatMap { $0.upperBound > $0.lowerBound ? $0.upperBound : nil }
            return try AudioScene(contentsOf: url, volume: volume ?? Keyframed(0), fadeIn: fadeIn ?? 0, fadeOut: fadeOut ?? 0,
                                  trimIn: trim?.lowerBound ?? 0, trimOut: trimOut, loop: loop ?? false, keyPath: keyPath)
        }
    }
}

extension SceneFile.AudioParameters {
    static let parameters = ParameterTable<SceneFile.AudioParameters>(
        title: "Audio layer", noun: "an audio layer",
        summary: layerWithScene + #": a sound file (WAV, FLAC, MP3, AAC/M4A, Ogg Opus or Vorbis) played "#
            + "from the layer's start to its end, resampled to 48 kHz stereo. It is decoded once, when the timeline is made; "
            + "it draws nothing.",
        parameters: [
            .required("src", \.src, .text, help: "The audio file, relative to the scene file's folder."),
            .optional("volume", \.volume, .keyframed(.number), default: Keyframed(0.0), limits: AudioScene.volumeLimits,
                      limitsCheckedWhereMade: true, unit: "dB", help: "The volume: 0 as recorded, −6 at half amplitude; keyframable."),
            .optional("fadeIn", \.fadeIn, .number, default: 0, limits: .within(Timeline.maximumDuration),
                      limitsCheckedWhereMade: true, unit: "seconds", help: "How long the sound rises from silence at its start."),
            .optional("fadeOut", \.fadeOut, .number, default: 0, limits: .within(Timeline.maximumDuration),
                      limitsCheckedWhereMade: true, unit: "seconds", help: "How long it falls to silence before it ends."),
            .optional("trim", \.trim, .range, defaultText: "the whole file", unit: "seconds",
                      help: "The in and out points in the file, [in, out]; one number is the in point."),
            .optional("loop", \.loop, .bool, default: false, help: "Repeat the trimmed sound until the layer ends."),
        ])
}
