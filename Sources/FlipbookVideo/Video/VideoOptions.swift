import FlipbookCore
import FlipbookRaster
import Foundation

/// x264's speed/compression presets, fastest first: the one list of their names.
public enum X264Preset: String, Sendable, Codable, CaseIterable {
    /// A preset, named as x264 names it: each one slower than the one before and, at the same CRF,
    /// making a smaller file of about the same quality. `medium` is x264's default.
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo

    /// x264's own `rc-lookahead` for the preset.
    public var lookahead: Int {
        switch self {
        case .ultrafast, .superfast: 0
        case .veryfast: 10
        case .faster: 20
        case .fast: 30
        case .medium: 40
        case .slow: 50
        case .slower, .veryslow, .placebo: 60
        }
    }
}

/// How a clip is encoded: codec, quality, speed and container settings.
///
/// The defaults let the output's name choose the codec (``VideoContainer``); for an `.mp4` that is a
/// clip that plays everywhere: H.264 (High profile), `yuv420p`, BT.709 colour with centre-sited
/// chroma, CRF 20, preset `medium` with x264's own settings for it (lookahead, keyframe interval),
/// the lowest H.264 level the encoded stream fits signalled, and the `moov` box at the front of the file.
///
/// `VideoOptions` is `Codable`, so batch jobs can keep it in a configuration file.
public struct VideoOptions: Sendable, Hashable, Codable {
    /// The codec, or `nil` for the container's default (``VideoContainer/Capabilities/defaultCodec``:
    /// see the container table, ``VideoContainer/capabilities``).
    public var codec: VideoCodec?
    /// The file format, or `nil` to take it from the output's extension (`--format` on the command line).
    public var container: VideoContainer?
    /// The constant rate factor: lower is better quality and bigger files. Its range is the codec's
    /// (the `crf` row's ``Setting/codecRanges``: 0...51 for H.264 and HEVC, 0...63 for VP9 and AV1).
    /// 0 is lossless for H.264 (x264 then writes the High 4:4:4 Predictive profile), 20 the default,
    /// 16–18 visually transparent for most content.
    public var crf: Int
    /// x264's speed/compression trade-off: the name of one of ``X264Preset``'s cases ("ultrafast" … "placebo").
    /// "ultrafast" turns off the tools that make a stream High profile (CABAC, 8×8 transforms,
    /// B-frames), so it produces Constrained Baseline, which every High-profile decoder also plays.
    public var preset: String
    /// The encoded pixel format, or `nil` for the codec's own: its alpha format when transparency is
    /// kept (``alpha``), else its opaque one (`yuv420p` for H.264).
    public var pixelFormat: PixelFormat?
    /// Whether transparency is kept: `true` requires a format with alpha (an error names them),
    /// `false` flattens over ``background``, `nil` keeps it where the chosen codec and container can
    /// (``VideoContainer/Capabilities/alphaCodecs``) and flattens elsewhere.
    public var alpha: Bool?
    /// How many times an animation (GIF, APNG, WebP) repeats after it first plays; `nil` loops
    /// forever, 0 plays once.
    public var loop: Int?
    /// Puts the `moov` box before the media data, so a clip starts playing while it downloads.
    /// Costs one extra pass over the file when ``VideoEncoder/finish()`` runs.
    public var faststart: Bool
    /// The longest time between keyframes, in seconds (the GOP length is `round(interval × fps)`
    /// frames); `nil`, the default, leaves the encoder's own (x264's and x265's 250 frames).
    /// The encoders add keyframes at scene cuts.
    public var keyframeInterval: TimeInterval?
    /// The colour that non-opaque pixels are flattened over, since H.264 has no alpha channel.
    /// A translucent background is itself composited over black.
    public var background: Color
    /// The encoder's thread count (x264's threads, x265's frame threads, libvpx's, libaom's and
    /// ProRes's threads). `nil` uses ``defaultEncoderThreads`` — a fixed number, not one derived
    /// from the machine or from the number of drawing workers, because an encoder's output depends on
    /// its thread count and clips must be byte-identical wherever they are rendered.
    /// ``automaticEncoderThreads`` (0, FFmpeg's `-threads 0`) lets each encoder choose from the
    /// machine's cores, as the `ffmpeg` command does, and lets x264 run every kernel the CPU has
    /// (AVX-512 included): faster, but the bytes then depend on the machine, and the clip is one
    /// encode (never cut into segments).
    public var encoderThreads: Int?
    /// How many frames x264 looks ahead to choose frame types and distribute quality
    /// (`rc-lookahead`), `0...250`. `nil`, the default, uses the preset's own (``X264Preset/lookahead``:
    /// 40 for medium), so a clip matches what the `ffmpeg` command line makes of the same frames.
    ///
    /// The lookahead is x264's largest memory cost: every frame in it is kept with its half-size
    /// copies and analysis, about 6.5 MB per frame at 1080p (docs/Encoding.md). A shorter
    /// one saves that memory at some cost in quality per bit: on the 1000-ripple benchmark 10 frames
    /// instead of 40 made the file 11 % smaller at 0.6 dB lower PSNR.
    public var lookahead: Int?
    /// The highest bit rate the stream may reach, in bits per second (FFmpeg's `-maxrate`), with a
    /// 1-second buffer (`-bufsize`); H.264 and HEVC only.
    ///
    /// `nil` leaves the rate to the level (``level``): the lowest H.264 level the stream fits is
    /// signalled, or the asked level is held.
    ///
    /// A cap is kept without giving up reproducible bytes: `render` encodes at full speed without
    /// the encoder's rate buffer and keeps that stream when it stays within the cap, and otherwise
    /// encodes again with the buffer on one frame thread (`RenderReport.rateCapNote` says so).
    public var maxBitrate: Int?
    /// The level the stream is to be held to ("4.2"), H.264 and HEVC; `nil`, the default, signals
    /// the lowest H.264 level the encoded stream fits (HEVC: x265's own choice).
    ///
    /// H.264 is encoded at full speed and kept when it fits the level; otherwise it is encoded
    /// again with x264's rate buffer holding the level, on one frame thread. Without it, nothing is
    /// encoded twice: the stream is measured against H.264's level table (one-second peak rate,
    /// coded picture buffer, frame size, macroblock rate, decoded picture buffer) and signals the
    /// lowest level that holds it, which may be higher than x264's choice (5.0 for a very busy
    /// 1080p60 clip rather than 4.2); `RenderReport.levelNote` says which and why.
    public var level: String?
    /// zlib's compression level for a PNG sequence's files, 0 (stored) … 9;
    /// `nil` for the default (`Bitmap.defaultPNGCompression`).
    public var pngCompression: Int?
    /// Whether H.264 signals the level its stream fits (or is held to one when ``fitsLevel`` is
    /// off); only the benchmark turns it off, to measure the settings from before levels.
    package var holdsToLevel = true
    /// Whether H.264 without ``level`` or ``maxBitrate`` signals the lowest level the stream fits
    /// (measured after encoding); off, x264's choice is held with its rate buffer, as a part of a
    /// clip rendered in chunks needs: parts are joined only when their headers are the same.
    package var fitsLevel = true
    /// Whether an H.264 encode with these options holds a rate buffer: a ``maxBitrate`` or an asked
    /// ``level``, or x264's own level when ``fitsLevel`` is off (a chunk). A buffer's state at a cut
    /// depends on the frames before it; without one, the encode is constant quality alone.
    package var holdsRateBuffer: Bool {
        maxBitrate != nil || level != nil || (holdsToLevel && !fitsLevel && crf > 0)
    }
    /// How a cap (an asked ``level``'s or ``maxBitrate``) is kept deterministically: `.held`, x264's VBV
    /// with one frame thread, for a caller that hands frames over once; `render` encodes
    /// `.checked` first, at full speed, and again `.held` only if the stream went over (RateCapPass).
    package var rateCapPass = RateCapPass.held
    /// For a chunk encoded with frames before and after it (``render(_:part:to:)``): the presentation
    /// timestamps, in frames, whose packets are written. The frames around them only prime x264's rate
    /// control and lookahead as a single render would have them; keyframes forced at the range's start
    /// and just after its end make the packets outside it droppable.
    package var keptTimestamps: ClosedRange<Int>?
    /// Whether the timeline's sound is written (`--no-audio` turns it off). Default true; a format
    /// without audio writes the picture alone either way.
    public var audio = true
    /// The audio codec, or `nil` for the container's (``VideoContainer/Capabilities/audioCodecs``:
    /// AAC in MP4, MOV and Matroska, Opus in WebM).
    public var audioCodec: AudioCodec?
    /// The audio bit rate in bits per second, or `nil` for the codec's (``AudioCodec/defaultBitrate``).
    public var audioBitrate: Int?
    /// `--no-audio`: the opposite of ``audio``, as the settings table names it.
    package var noAudio: Bool {
        get { !audio }
        set { audio = !newValue }
    }

    /// The presets x264 knows, fastest first (``X264Preset``'s names).
    public static let x264Presets = X264Preset.allCases.map(\.rawValue)

    /// The keyframe intervals accepted, in seconds.
    public static let keyframeIntervalRange: ClosedRange<TimeInterval> = 0.001...3600
    /// The fixed thread counts accepted; ``automaticEncoderThreads`` is accepted too.
    public static let encoderThreadRange = 1...64
    /// ``encoderThreads`` for the encoder's own choice from the machine's cores (`--threads auto`).
    public static let automaticEncoderThreads = 0
    /// The lookaheads accepted, in frames.
    public static let lookaheadRange = 0...250
    /// The repeat counts accepted (GIF's loop count is 16 bits).
    public static let loopRange = 0...65_534
    /// The maximum bit rates accepted, in bits per second: 10 kb/s to 10 Gb/s.
    public static let maxBitrateRange = 10_000...10_000_000_000

    /// The encoder thread count used when ``encoderThreads`` is `nil`: for x264, four frame threads
    /// and as many lookahead threads.
    ///
    /// Fixed so that a clip's bytes do not depend on the machine. Four, x264's own choice for a
    /// machine of two or three cores: against two, B2 and B3 rendered about 6 % faster on two cores
    /// (x264 keeps them busier while a frame waits on another), at the same size and PSNR within
    /// 1.5 % and 0.06 dB, each further frame thread holding about 17 MB at 1080p
    /// (Benchmarks/encoder-settings.md). Machines with many cores render one encode faster with more
    /// (set ``encoderThreads``), at the price of memory and of different bytes.
    public static let defaultEncoderThreads = 4

    /// The defaults: the container's codec and pixel format (H.264 `yuv420p` in `.mp4`), CRF 20,
    /// preset medium with its own lookahead and keyframe interval, the level's bit rate cap,
    /// faststart, transparency kept where the format has it.
    public init() {
        codec = nil
        container = nil
        crf = 20
        preset = X264Preset.medium.rawValue
        pixelFormat = nil
        alpha = nil
        loop = nil
        faststart = true
        keyframeInterval = nil
        background = .white
        encoderThreads = nil
        lookahead = nil
        maxBitrate = nil
        level = nil
        pngCompression = nil
    }

    /// Options with the given values, checked (``validate()``).
    ///
    /// - Throws: ``FlipbookError`` (invalid input) naming the first value out of range by its
    ///   parameter name (`crf must be between 0 and 51; it is 60.`).
    public init(
        codec: VideoCodec? = nil,
        container: VideoContainer? = nil,
        crf: Int = 20,
        preset: String = "medium",
        pixelFormat: PixelFormat? = nil,
        alpha: Bool? = nil,
        loop: Int? = nil,
        faststart: Bool = true,
        keyframeInterval: TimeInterval? = nil,
        background: Color = .white,
        encoderThreads: Int? = nil,
        lookahead: Int? = nil,
        maxBitrate: Int? = nil,
        level: String? = nil,
        pngCompression: Int? = nil,
        audioCodec: AudioCodec? = nil,
        audioBitrate: Int? = nil,
        audio: Bool = true
    ) throws {
        self.codec = codec
        self.container = container
        self.crf = crf
        self.preset = preset
        self.pixelFormat = pixelFormat
        self.alpha = alpha
        self.loop = loop
        self.faststart = faststart
        self.keyframeInterval = keyframeInterval
        self.background = background
        self.encoderThreads = encoderThreads
        self.lookahead = lookahead
        self.maxBitrate = maxBitrate
        self.level = level
        self.pngCompression = pngCompression
        self.audioCodec = audioCodec
        self.audioBitrate = audioBitrate
        self.audio = audio
        try validate()
    }

    /// The thread count these options encode with: ``automaticEncoderThreads`` (0) for the encoder's
    /// own choice.
    public var resolvedEncoderThreads: Int { encoderThreads ?? Self.defaultEncoderThreads }

    /// Whether the encoder chooses its threads from the machine's cores (`--threads auto`), so that
    /// the bytes depend on the machine.
    public var hasAutomaticThreads: Bool { encoderThreads == Self.automaticEncoderThreads }

    /// What `--threads auto` does to the bytes, as the render's summary and `--dry-run` say it.
    package static let automaticThreadsNote = "the encoder's own choice for this machine's cores, with every kernel "
        + "its CPU has, AVX-512 included (--threads auto); another machine may write other bytes."

    /// The lookahead in frames these options encode with.
    public var resolvedLookahead: Int {
        lookahead ?? (X264Preset(rawValue: preset) ?? .medium).lookahead
    }

    /// These options as the encode uses them: the preset's lookahead and the default threads filled in.
    public var resolved: VideoOptions {
        var options = self
        options.lookahead = resolvedLookahead
        options.encoderThreads = resolvedEncoderThreads
        return options
    }

    /// The GOP length in frames at `fps`, or `nil` for x264's default.
    public func gopLength(fps: FrameRate) -> Int? {
        keyframeInterval.map { max(1, Int(exactly: ($0 * fps.framesPerSecond).rounded()) ?? 1) }
    }

    /// Checks every option that does not depend on the codec, naming the first that is out of range
    /// by its key (`crf`, `preset`, `keyframeInterval`, `encoderThreads`, `lookahead`, `loop`,
    /// `maxBitrate`), which batch files and the command line place at their key or flag. The codec's
    /// own ranges (its CRF range, whether it has the setting at all) are checked where the codec is
    /// known (``OutputFormat``).
    public func validate() throws {
        if let anyCodec = Setting.crf.anyCodecBounds, !anyCodec.contains(crf) {
            throw Setting.crf.mustBe(anyCodec.requirementText, itIs: String(crf), Setting.crf.codecRangesText)
        }
        guard X264Preset(rawValue: preset) != nil else {
            throw Setting.preset.mustBe("one of \(Self.x264Presets.joined(separator: ", "))", itIs: "\"\(preset)\"",
                                        didYouMean(preset, among: Self.x264Presets))
        }
        if let interval = keyframeInterval, !(interval.isFinite && Self.keyframeIntervalRange.contains(interval)) {
            throw Setting.keyframeInterval.mustBe(
                "a positive number of seconds up to \(formatNumber(Self.keyframeIntervalRange.upperBound))",
                itIs: formatNumber(interval))
        }
        if let threads = encoderThreads, threads != Self.automaticEncoderThreads, !Self.encoderThreadRange.contains(threads) {
            throw Setting.threads.mustBe("auto or " + Self.encoderThreadRange.requirementText, itIs: String(threads))
        }
        if let lookahead, !Self.lookaheadRange.contains(lookahead) {
            throw Setting.lookahead.mustBe(Self.lookaheadRange.requirementText + " frames", itIs: String(lookahead))
        }
        if let loop, !Self.loopRange.contains(loop) {
            throw Setting.loop.mustBe(
                "between \(Self.loopRange.lowerBound) (play once) and \(Self.loopRange.upperBound) repeats, or absent to loop forever",
                itIs: String(loop))
        }
        if let maxBitrate, !Self.maxBitrateRange.contains(maxBitrate) {
            throw Setting.maxBitrate.mustBe(
                "between \(formatBitrate(Self.maxBitrateRange.lowerBound)) and \(formatBitrate(Self.maxBitrateRange.upperBound)) bits per second",
                itIs: formatBitrate(maxBitrate))
        }
        if let pngCompression, !PNGCompression.range.contains(pngCompression) {
            throw Setting.pngCompression.mustBe(PNGCompression.range.requirementText, itIs: String(pngCompression))
        }
        if let audioBitrate, !AudioCodec.bitrateRange.contains(audioBitrate) {
            throw Setting.audioBitrate.mustBe(
                "between \(formatBitrate(AudioCodec.bitrateRange.lowerBound)) and \(formatBitrate(AudioCodec.bitrateRange.upperBound)) bits per second",
                itIs: formatBitrate(audioBitrate))
        }
        if let level, !VideoCodec.anyCodecHasLevel(level) {
            throw Setting.level.mustBe("a level such as 4.2 (\(VideoCodec.levelNamesText))", itIs: "\"\(level)\"")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case codec, container, crf, preset, pixelFormat, alpha, loop, faststart, keyframeInterval, background, encoderThreads, lookahead
        case maxBitrate, level, pngCompression, audio, audioCodec, audioBitrate
    }

    public init(from decoder: any Decoder) throws {
        let defaults = VideoOptions()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        codec = try c.decodeIfPresent(VideoCodec.self, forKey: .codec)
        container = try c.decodeIfPresent(VideoContainer.self, forKey: .container)
        crf = try c.decodeIfPresent(Int.self, forKey: .crf) ?? defaults.crf
        preset = try c.decodeIfPresent(String.self, forKey: .preset) ?? defaults.preset
        pixelFormat = try c.decodeIfPresent(PixelFormat.self, forKey: .pixelFormat)
        alpha = try c.decodeIfPresent(Bool.self, forKey: .alpha)
        loop = try c.decodeIfPresent(Int.self, forKey: .loop)
        faststart = try c.decodeIfPresent(Bool.self, forKey: .faststart) ?? defaults.faststart
        keyframeInterval = try c.decodeIfPresent(TimeInterval.self, forKey: .keyframeInterval)
        background = try c.decodeIfPresent(Color.self, forKey: .background) ?? defaults.background
        encoderThreads = try c.decodeIfPresent(Int.self, forKey: .encoderThreads)
        lookahead = try c.decodeIfPresent(Int.self, forKey: .lookahead)
        maxBitrate = try c.decodeIfPresent(Int.self, forKey: .maxBitrate)
        level = try c.decodeIfPresent(String.self, forKey: .level)
        pngCompression = try c.decodeIfPresent(Int.self, forKey: .pngCompression)
        audio = try c.decodeIfPresent(Bool.self, forKey: .audio) ?? true
        audioCodec = try c.decodeIfPresent(AudioCodec.self, forKey: .audioCodec)
        audioBitrate = try c.decodeIfPresent(Int.self, forKey: .audioBitrate)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(codec, forKey: .codec)
        try c.encodeIfPresent(container, forKey: .container)
        try c.encode(crf, forKey: .crf)
        try c.encode(preset, forKey: .preset)
        try c.encodeIfPresent(pixelFormat, forKey: .pixelFormat)
        try c.encodeIfPresent(alpha, forKey: .alpha)
        try c.encodeIfPresent(loop, forKey: .loop)
        try c.encode(faststart, forKey: .faststart)
        try c.encodeIfPresent(keyframeInterval, forKey: .keyframeInterval)
        try c.encode(background, forKey: .background)
        try c.encodeIfPresent(encoderThreads, forKey: .encoderThreads)
        try c.encodeIfPresent(lookahead, forKey: .lookahead)
        try c.encodeIfPresent(maxBitrate, forKey: .maxBitrate)
        try c.encodeIfPresent(level, forKey: .level)
        try c.encodeIfPresent(pngCompression, forKey: .pngCompression)
        if !audio { try c.encode(audio, forKey: .audio) }
        try c.encodeIfPresent(audioCodec, forKey: .audioCodec)
        try c.encodeIfPresent(audioBitrate, forKey: .audioBitrate)
    }
}
