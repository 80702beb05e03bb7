import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A video layer's parameters (`"scene": "video"`): see ``VideoScene``.
    public struct VideoParameters: Sendable, Equatable {
        /// The video file, relative to the scene file's folder.
        public var src: String
        /// The box. Default: the picture's natural size, turned upright.
        public var size: Keyframed<CGSize>?
        /// How the picture fills the box. Default contain.
        public var fit: ImageScene.Fit?
        /// The in and out points in the file, seconds: `[in, out]`, or one number for the in point.
        public var trim: ClosedRange<Double>?
        /// Whether the trimmed part repeats until the layer ends. Default false.
        public var loop: Bool?
        /// Seconds of source per second of the layer. Default 1.
        public var speed: Double?
        /// The sound's volume in dB, keyframable. Default 0.
        public var volume: Keyframed<Double>?
        /// Seconds of fade in of the sound. Default 0.
        public var fadeIn: TimeInterval?
        /// Seconds of fade out of the sound. Default 0.
        public var fadeOut: TimeInterval?
        /// Whether the file's sound is left out. Default false.
        public var muted: Bool?
        /// How an HDR file is brought down to SDR. Default none: HDR is refused.
        public var toneMap: ToneMap?

        /// Video parameters; `nil` keys take their defaults.
        public init(src: String, size: Keyframed<CGSize>? = nil, fit: ImageScene.Fit? = nil, trim: ClosedRange<Double>? = nil,
                    loop: Bool? = nil, speed: Double? = nil, volume: Keyframed<Double>? = nil, fadeIn: TimeInterval? = nil,
                    fadeOut: TimeInterval? = nil, muted: Bool? = nil, toneMap: ToneMap? = nil) {
            self.src = src
            self.size = size
            self.fit = fit
            self.trim = trim
            self.loop = loop
            self.speed = speed
            self.volume = volume
            self.fadeIn = fadeIn
            self.fadeOut = fadeOut
            self.muted = muted
            self.toneMap = toneMap
        }

        /// The scene, its file opened now; `src` is resolved against `baseDirectory`.
        ///
        /// - Throws: ``FlipbookError`` at `keyPath.src` for a file that is missing or not a video Flipbook
        ///   reads, and at the key of any value out of range.
        public func makeScene(baseDirectory: URL?, keyPath: String = "") throws -> VideoScene {
            try makeScene(baseDirectory: baseDirectory, keyPath: keyPath, sources: nil)
        }

        func makeScene(baseDirectory: URL?, keyPath: String, sources: VideoSources?) throws -> VideoScene {
            let url = URL(fileURLWithPath: src, relativeTo: baseDirectory).standardizedFileURL
            // One number is the in point alone.
            let trimOut = trim.flatMap { $0.upperBound > $0.lowerBound ? $0.upperBound : nil }
            return try VideoScene(contentsOf: url, size: size, fit: fit ?? .contain, trimIn: trim?.lowerBound ?? 0,
                                  trimOut: trimOut, loop: loop ?? false, speed: speed ?? 1, volume: volume ?? Keyframed(0),
                                  fadeIn: fadeIn ?? 0, fadeOut: fadeOut ?? 0, muted: muted ?? false, toneMap: toneMap, keyPath: keyPath,
                                  sources: sources)
        }
    }
}

extension SceneFile.VideoParameters {
    static let parameters = ParameterTable<SceneFile.VideoParameters>(
        title: "Video layer", noun: "a video layer",
        summary: layerWithScene + #": a video file (MP4, MOV, MKV, WebM, AVI; H.264, HEVC, VP8, VP9 with alpha, AV1, "#
            + "ProRes 4444, PNG and QuickTime Animation with alpha, GIF, APNG) fitted to its box, turned upright by its "
            + "display matrix, frame-exact: at layer time t it shows the frame whose presentation interval holds "
            + "trim's in point + speed × t. Its sound joins the mix (48 kHz, trimmed, at its speed and volume). "
            + "HDR (PQ or HLG) video is refused unless toneMap says how to bring it down to SDR. A scene file's "
            + "\"duration\": \"auto\" ends the clip where its last layer "
            + "ends: a layer's end, or a video or audio layer's trimmed media (divided by its speed; never when it loops).",
        parameters: [
            .required("src", \.src, .text, help: "The video file, relative to the scene file's folder."),
            .boxSize(\.size, defaultText: "the picture's natural size, upright",
                     help: "The box the picture is fitted to."),
            .optional("fit", \.fit, .choice(ImageScene.Fit.allCases.map { ($0.rawValue, $0) }), default: .contain,
                      help: "contain (whole, keeping its shape), cover (filling the box, clipped), fill (stretched) "
                          + "or none (natural size, centred, clipped)."),
            .optional("trim", \.trim, .range, defaultText: "the whole file", unit: "seconds",
                      help: "The in and out points in the file, [in, out]; one number is the in point. "
                          + "After the out point the last frame holds, unless loop."),
            .optional("loop", \.loop, .bool, default: false, help: "Repeat the trimmed part until the layer ends."),
            .optional("speed", \.speed, .number, default: 1, limits: VideoScene.speedLimits, limitsCheckedWhereMade: true,
                      unit: "×", help: "Seconds of source per second of the layer: 2 plays twice as fast (and its sound an octave up)."),
            .optional("volume", \.volume, .keyframed(.number), default: Keyframed(0.0), limits: AudioScene.volumeLimits,
                      limitsCheckedWhereMade: true, unit: "dB", help: "The sound's volume: 0 as recorded, −6 at half amplitude; keyframable."),
            .optional("fadeIn", \.fadeIn, .number, default: 0, limits: .between(0, Timeline.maximumDuration),
                      limitsCheckedWhereMade: true, unit: "seconds", help: "How long the sound rises from silence at its start."),
            .optional("fadeOut", \.fadeOut, .number, default: 0, limits: .between(0, Timeline.maximumDuration),
                      limitsCheckedWhereMade: true, unit: "seconds", help: "How long the sound falls to silence before it ends."),
            .optional("muted", \.muted, .bool, default: false, help: "Leave the file's sound out."),
            .optional("toneMap", \.toneMap, .choice(ToneMap.allCases.map { ($0.rawValue, $0) }), defaultText: "none: HDR is refused",
                      help: "An HDR (PQ or HLG, BT.2020) file's curve down to SDR BT.709, as FFmpeg's tonemap filter names "
                          + "them: hable (filmic, rolls off the highlights) or reinhard. SDR files ignore it."),
        ])
}
