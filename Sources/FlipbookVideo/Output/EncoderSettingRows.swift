import FlipbookCore
import FlipbookRaster
import Foundation

/// The encoder's rows of the settings table. Ranges, defaults and which codecs have a setting are
/// read from where they are decided (``VideoOptions``' ranges, ``VideoCodec``'s and
/// ``VideoContainer``'s capability rows, ``X264Preset``), never restated.
extension Setting {
    private static let clipPlaces: [Place] = [.batch, .render]

    /// `--codec`.
    public static let codec = Setting(
        key: "codec", flag: "codec", swift: "VideoOptions.codec", type: "codec",
        defaultValue: "the container's (" + VideoContainer.allCases.map {
            "\($0.displayName(short: true)) \($0.capabilities.defaultCodec.rawValue)"
        }.joined(separator: ", ") + ")",
        range: "one of " + VideoCodec.allCases.map(\.rawValue).joined(separator: ", "),
        places: clipPlaces, help: "The codec; the container must hold it.",
        field: Field(\VideoOptions.codec, .choice))

    /// `--format`.
    public static let container = Setting(
        key: "format", flag: "format", swift: "VideoOptions.container", type: "container",
        defaultValue: "from the output's extension",
        range: "one of " + VideoContainer.allCases.map(\.rawValue).joined(separator: ", "),
        places: clipPlaces, help: "The container, for outputs whose extension does not say.",
        field: Field(\VideoOptions.container, .choice))

    /// `--pixel-format`.
    public static let pixelFormat = Setting(
        key: "pixelFormat", flag: "pixel-format", swift: "VideoOptions.pixelFormat", type: "pixel format",
        defaultValue: "the codec's (its alpha format when transparency is kept)",
        range: "one of the codec's: " + VideoCodec.allCases.map {
            "\($0.rawValue) " + $0.capabilities.pixelFormats.map(\.rawValue).joined(separator: "/")
        }.joined(separator: ", "),
        places: clipPlaces, help: "The encoded pixel format, e.g. yuv420p10le for 10-bit HEVC, VP9 or AV1.",
        field: Field(\VideoOptions.pixelFormat, .choice))

    /// `--crf`: its ranges by codec are the one statement of which codecs have a CRF.
    public static let crf = Setting(
        key: "crf", flag: "crf", swift: "VideoOptions.crf", type: "whole number", defaultValue: "20",
        codecRanges: [CodecRange([.h264, .hevc], 0...51), CodecRange([.vp9, .av1], 0...63)], places: clipPlaces,
        help: "Constant rate factor; lower is better quality and larger files.",
        field: Field(\VideoOptions.crf, .wholeNumber), qualityChanges: [.high: .offset(-4)])

    /// `--preset`.
    public static let preset = Setting(
        key: "preset", flag: "preset", swift: "VideoOptions.preset", type: "preset", defaultValue: "medium",
        range: "one of " + X264Preset.allCases.map(\.rawValue).joined(separator: ", "),
        codecs: VideoCodec.names(having: \.hasPreset), places: clipPlaces,
        help: "Speed/size trade-off, x264's names (VP9 and AV1 map them to their speeds).",
        field: Field(\VideoOptions.preset, .string),
        qualityChanges: [.draft: .value(X264Preset.ultrafast.rawValue), .high: .value(X264Preset.slow.rawValue)])

    /// `--lookahead`.
    public static let lookahead = Setting(
        key: "lookahead", flag: "lookahead", swift: "VideoOptions.lookahead", type: "whole number",
        defaultValue: "the preset's (\(X264Preset.medium.lookahead) for medium)", unit: "frames",
        range: VideoOptions.lookaheadRange.tableText, codecs: VideoCodec.names(having: \.hasLookahead),
        places: clipPlaces, help: "Frames x264 looks ahead; fewer save memory and lose quality.",
        field: Field(\VideoOptions.lookahead, .wholeNumber))

    /// `--keyint`.
    public static let keyframeInterval = Setting(
        key: "keyframeInterval", flag: "keyint", swift: "VideoOptions.keyframeInterval", type: "number",
        defaultValue: "the encoder's (250 frames for x264 and x265)", unit: "seconds",
        range: "> 0, ≤ \(formatNumber(VideoOptions.keyframeIntervalRange.upperBound))",
        codecs: VideoCodec.names(having: \.hasKeyframeInterval), places: clipPlaces,
        help: "The longest time between keyframes.",
        field: Field(\VideoOptions.keyframeInterval, .number))

    /// `--max-bitrate`.
    public static let maxBitrate = Setting(
        key: "maxBitrate", flag: "max-bitrate", swift: "VideoOptions.maxBitrate", type: "bit rate (8M, 800k)",
        defaultValue: "none (the level's limits)", unit: "bits per second",
        range: "\(formatBitrate(VideoOptions.maxBitrateRange.lowerBound))...\(formatBitrate(VideoOptions.maxBitrateRange.upperBound))",
        codecs: VideoCodec.names(having: \.hasMaxBitrate), places: clipPlaces,
        help: "A cap on the bit rate with a one-second buffer.",
        field: Field(\VideoOptions.maxBitrate, .bitrate))

    /// `--level`.
    public static let level = Setting(
        key: "level", flag: "level", swift: "VideoOptions.level", type: "level (4.2)",
        defaultValue: "the lowest H.264 level the stream fits; x265's choice", range: VideoCodec.levelNamesText,
        codecs: VideoCodec.allCases.filter { $0.levelNames != nil }.map(\.rawValue), places: clipPlaces,
        help: "The level to hold the stream to, re-encoding with a rate buffer only when it does not fit.",
        field: Field(\VideoOptions.level, .levelName))

    /// `--threads`.
    public static let threads = Setting(
        key: "threads", flag: "threads", swift: "VideoOptions.encoderThreads", type: "auto or whole number",
        defaultValue: String(VideoOptions.defaultEncoderThreads),
        range: "auto (or \(VideoOptions.automaticEncoderThreads), FFmpeg's -threads 0), " + VideoOptions.encoderThreadRange.tableText,
        codecs: VideoCodec.names(having: \.hasThreads), places: clipPlaces,
        help: "The encoder's threads. A number gives the same bytes on every machine; auto lets the encoder use the machine's cores (faster on many cores, bytes that depend on the machine, one encode).",
        field: Field(\VideoOptions.encoderThreads, .encoderThreads))

    /// `--png-compression`: PNG stills (`Bitmap.writePNG(to:compression:)`) and PNG sequences.
    public static let pngCompression = Setting(
        key: "pngCompression", flag: "png-compression", swift: "VideoOptions.pngCompression", type: "whole number",
        defaultValue: String(PNGCompression.defaultLevel), range: PNGCompression.range.tableText, codecs: ["png"],
        places: [.batch, .render, .still], help: "zlib's level for PNGs: 0 stores, 1 codes runs only (fastest; smallest for drawn pictures), 2–9 search longer for repeats.",
        field: Field(\VideoOptions.pngCompression, .wholeNumber))

    /// `--loop`.
    public static let loop = Setting(
        key: "loop", flag: "loop", swift: "VideoOptions.loop", type: "whole number", defaultValue: "forever",
        unit: "repeats", range: VideoOptions.loopRange.tableText,
        codecs: VideoContainer.allCases.filter { $0.capabilities.loopOption != nil }.map(\.capabilities.defaultCodec.rawValue),
        places: clipPlaces, help: "Times a GIF, APNG or WebP repeats after playing once; 0 plays once.",
        field: Field(\VideoOptions.loop, .wholeNumber))

    /// The encoder's rows, in the order tables list them.
    public static let encoderSettings: [Setting] = [
        .codec, .container, .pixelFormat, .crf, .preset, .lookahead, .keyframeInterval, .maxBitrate, .level, .threads, .pngCompression, .loop,
    ]
}

extension Setting.CodecRange {
    /// The range `bounds` for `codecs`.
    init(_ codecs: [VideoCodec], _ bounds: ClosedRange<Int>) {
        self.init(codecs: codecs.map(\.rawValue), bounds: bounds)
    }
}

extension VideoContainer {
    /// `.mp4`, or `name-%05d.png` for a PNG sequence: how tables name the container.
    public func displayName(short: Bool) -> String {
        self == .pngSequence ? (short ? "PNGs" : "name-%05d.png") : "." + capabilities.extensions[0]
    }
}

extension Setting {
    /// `--audio-codec`.
    public static let audioCodec = Setting(
        key: "audioCodec", flag: "audio-codec", swift: "VideoOptions.audioCodec", type: "audio codec",
        defaultValue: "the container's (" + VideoContainer.allCases.compactMap { container in
            container.capabilities.audioCodecs.first.map { "\(container.displayName(short: true)) \($0.rawValue)" }
        }.joined(separator: ", ") + ")",
        range: "one of " + AudioCodec.allCases.map(\.rawValue).joined(separator: ", "), places: [.batch, .render],
        help: "The codec of the sound; the container must hold it.",
        field: Field(\VideoOptions.audioCodec, .choice))

    /// `--audio-bitrate`.
    public static let audioBitrate = Setting(
        key: "audioBitrate", flag: "audio-bitrate", swift: "VideoOptions.audioBitrate", type: "bit rate (192k)",
        defaultValue: AudioCodec.allCases.map { "\(formatBitrate($0.defaultBitrate)) for \($0.rawValue)" }.joined(separator: ", "),
        unit: "bits per second",
        range: "\(formatBitrate(AudioCodec.bitrateRange.lowerBound))...\(formatBitrate(AudioCodec.bitrateRange.upperBound))",
        places: [.batch, .render], help: "The bit rate of the sound.",
        field: Field(\VideoOptions.audioBitrate, .bitrate))

    /// `--no-audio`.
    public static let noAudio = Setting(
        key: "noAudio", flag: "no-audio", swift: "VideoOptions.audio", type: "flag", defaultValue: "off (sound is written)",
        places: [.batch, .render],
        help: "Write the picture alone; GIF, APNG, WebP and PNG sequences always do.",
        field: Field(\VideoOptions.noAudio, .flag))

    /// The audio rows, in the order tables list them.
    public static let audioSettings: [Setting] = [.audioCodec, .audioBitrate, .noAudio]
}
