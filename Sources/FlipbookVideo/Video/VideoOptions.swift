import FlipbookDrawing
import Foundation

/// The video codec of an encoded clip.
public enum VideoCodec: String, Sendable, Codable, CaseIterable {
    /// H.264 / AVC through libx264: plays on every phone, browser and editor.
    case h264
}

/// The pixel layout of an encoded clip.
public enum PixelFormat: String, Sendable, Codable, CaseIterable {
    /// 8-bit 4:2:0 YUV: one chroma sample per 2×2 pixels, the format every player decodes.
    case yuv420p
}

/// How a clip is encoded: codec, quality, speed and container settings.
///
/// The defaults make a clip that plays everywhere: H.264 (High profile), `yuv420p`, BT.709 colour,
/// CRF 20, preset `medium`, a keyframe every 2 seconds and the `moov` box at the front of the file.
///
/// `VideoOptions` is `Codable`, so batch jobs can keep it in a configuration file.
public struct VideoOptions: Sendable, Hashable, Codable {
    /// The codec. Only ``VideoCodec/h264`` exists today.
    public var codec: VideoCodec
    /// x264's constant rate factor, `0...51`: lower is better quality and bigger files.
    /// 0 is lossless (x264 then writes the High 4:4:4 Predictive profile), 20 the default,
    /// 16–18 visually transparent for most content.
    public var crf: Int
    /// x264's speed/compression trade-off: one of ``x264Presets`` ("ultrafast" … "placebo").
    /// "ultrafast" turns off the tools that make a stream High profile (CABAC, 8×8 transforms,
    /// B-frames), so it produces Constrained Baseline, which every High-profile decoder also plays.
    public var preset: String
    /// The encoded pixel format. Only ``PixelFormat/yuv420p`` exists today.
    public var pixelFormat: PixelFormat
    /// Puts the `moov` box before the media data, so a clip starts playing while it downloads.
    /// Costs one extra pass over the file when ``VideoEncoder/finish()`` runs.
    public var faststart: Bool
    /// Seconds between forced keyframes (the GOP length is `round(interval × fps)` frames);
    /// `nil` leaves x264's default of 250 frames. x264 may add keyframes at scene cuts.
    public var keyframeInterval: TimeInterval?
    /// The colour that non-opaque pixels are flattened over, since H.264 has no alpha channel.
    /// A translucent background is itself composited over black.
    public var background: Color
    /// x264's thread count. `nil` uses ``defaultEncoderThreads`` — a fixed number, not one derived
    /// from the machine or from the number of drawing workers, because x264's output depends on its
    /// thread count and clips must be byte-identical wherever they are rendered.
    public var encoderThreads: Int?
    /// How many frames x264 looks ahead to choose frame types and distribute quality
    /// (`rc-lookahead`), `0...250`. `nil` uses the preset's own lookahead capped at
    /// ``defaultLookaheadLimit``.
    ///
    /// The lookahead is x264's largest memory cost: every frame in it is kept with its half-size
    /// copies and analysis, about 6.5 MB at 1080p. Longer lookaheads let the macroblock tree give
    /// more bits to what later frames reuse, which at CRF both raises quality and grows the file.
    public var lookahead: Int?

    /// The presets x264 knows, fastest first.
    public static let x264Presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast",
        "medium", "slow", "slower", "veryslow", "placebo",
    ]

    /// The x264 thread count used when ``encoderThreads`` is `nil`: two frame threads, and as many
    /// lookahead threads.
    ///
    /// Fixed so that a clip's bytes do not depend on the machine. Two, because each frame thread
    /// holds its own frames (about 22 MB at 1080p): on two cores three or four threads rendered the
    /// 1080p/medium benchmark about 5 % faster but at 299–322 MB instead of 277 MB, over the 300 MB
    /// budget. Machines with many cores render faster with more (set ``encoderThreads``), at the
    /// price of memory and of different bytes.
    public static let defaultEncoderThreads = 2

    /// The longest lookahead used when ``lookahead`` is `nil`: x264's own for preset "veryfast".
    ///
    /// Measured on the 1080p/medium workloads (Benchmarks/, README "Performance"): x264's medium
    /// default of 40 frames cost about 190 MB more at 1080p; 10 frames keeps the render under 300 MB.
    /// At CRF 20 the sparse confetti clip (B1) came out the same (+0.2 % size, −0.01 dB PSNR) and the
    /// busy ripples clip (B3) 12 % smaller at 0.6 dB lower PSNR: the shorter lookahead's macroblock
    /// tree spends fewer bits on frames that later ones reuse.
    public static let defaultLookaheadLimit = 10

    /// x264's own `rc-lookahead` for each preset.
    public static let presetLookahead: [String: Int] = [
        "ultrafast": 0, "superfast": 0, "veryfast": 10, "faster": 20, "fast": 30,
        "medium": 40, "slow": 50, "slower": 60, "veryslow": 60, "placebo": 60,
    ]

    public init(
        codec: VideoCodec = .h264,
        crf: Int = 20,
        preset: String = "medium",
        pixelFormat: PixelFormat = .yuv420p,
        faststart: Bool = true,
        keyframeInterval: TimeInterval? = 2,
        background: Color = .white,
        encoderThreads: Int? = nil,
        lookahead: Int? = nil
    ) {
        self.codec = codec
        self.crf = crf
        self.preset = preset
        self.pixelFormat = pixelFormat
        self.faststart = faststart
        self.keyframeInterval = keyframeInterval
        self.background = background
        self.encoderThreads = encoderThreads
        self.lookahead = lookahead
    }

    /// The x264 thread count these options encode with.
    public var resolvedEncoderThreads: Int { encoderThreads ?? Self.defaultEncoderThreads }

    /// The lookahead in frames these options encode with.
    public var resolvedLookahead: Int {
        lookahead ?? min(Self.presetLookahead[preset] ?? Self.defaultLookaheadLimit, Self.defaultLookaheadLimit)
    }

    /// The GOP length in frames at `fps`, or `nil` for x264's default.
    public func gopLength(fps: Int) -> Int? {
        keyframeInterval.map { max(1, Int(($0 * Double(fps)).rounded())) }
    }

    /// Checks every option, naming the first that is out of range.
    public func validate() throws {
        guard (0...51).contains(crf) else {
            throw FlipbookError.invalidArgument(
                "The CRF must be between 0 (lossless) and 51 (smallest); it is \(crf).")
        }
        guard Self.x264Presets.contains(preset) else {
            throw FlipbookError.invalidArgument(
                "Unknown x264 preset \"\(preset)\"; use one of \(Self.x264Presets.joined(separator: ", ")).")
        }
        if let interval = keyframeInterval {
            guard interval.isFinite, interval > 0, interval <= 3600 else {
                throw FlipbookError.invalidArgument(
                    "The keyframe interval must be a positive number of seconds up to 3600; it is \(interval).")
            }
        }
        if let threads = encoderThreads {
            guard (1...64).contains(threads) else {
                throw FlipbookError.invalidArgument(
                    "The encoder thread count must be between 1 and 64; it is \(threads).")
            }
        }
        if let lookahead {
            guard (0...250).contains(lookahead) else {
                throw FlipbookError.invalidArgument(
                    "The lookahead must be between 0 and 250 frames; it is \(lookahead).")
            }
        }
    }

    // Color is not Codable, so the background is stored as its four components.
    private enum CodingKeys: String, CodingKey {
        case codec, crf, preset, pixelFormat, faststart, keyframeInterval, background, encoderThreads, lookahead
    }

    private struct CodableColor: Codable {
        var red, green, blue, opacity: Double
    }

    public init(from decoder: any Decoder) throws {
        let defaults = VideoOptions()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        codec = try c.decodeIfPresent(VideoCodec.self, forKey: .codec) ?? defaults.codec
        crf = try c.decodeIfPresent(Int.self, forKey: .crf) ?? defaults.crf
        preset = try c.decodeIfPresent(String.self, forKey: .preset) ?? defaults.preset
        pixelFormat = try c.decodeIfPresent(PixelFormat.self, forKey: .pixelFormat) ?? defaults.pixelFormat
        faststart = try c.decodeIfPresent(Bool.self, forKey: .faststart) ?? defaults.faststart
        // An explicit null means "x264's default"; a missing key means our default.
        if c.contains(.keyframeInterval) {
            keyframeInterval = try c.decodeIfPresent(TimeInterval.self, forKey: .keyframeInterval)
        } else {
            keyframeInterval = defaults.keyframeInterval
        }
        if let color = try c.decodeIfPresent(CodableColor.self, forKey: .background) {
            background = Color(red: color.red, green: color.green, blue: color.blue, opacity: color.opacity)
        } else {
            background = defaults.background
        }
        encoderThreads = try c.decodeIfPresent(Int.self, forKey: .encoderThreads)
        lookahead = try c.decodeIfPresent(Int.self, forKey: .lookahead)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(codec, forKey: .codec)
        try c.encode(crf, forKey: .crf)
        try c.encode(preset, forKey: .preset)
        try c.encode(pixelFormat, forKey: .pixelFormat)
        try c.encode(faststart, forKey: .faststart)
        try c.encode(keyframeInterval, forKey: .keyframeInterval)
        try c.encode(
            CodableColor(red: background.red, green: background.green, blue: background.blue,
                         opacity: background.opacity),
            forKey: .background)
        try c.encodeIfPresent(encoderThreads, forKey: .encoderThreads)
        try c.encodeIfPresent(lookahead, forKey: .lookahead)
    }
}
