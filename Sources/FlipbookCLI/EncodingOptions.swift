import ArgumentParser
import Flipbook
import Foundation

/// The encoder settings `render` accepts. Their ranges, and which codecs have them, are checked by
/// the library (``VideoOptions``, ``OutputFormat``), so a flag and a batch file get the same message.
struct EncodingOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The codec. (default: the output's: h264 for .mp4/.mkv, prores for .mov, vp9 for .webm, …)",
        valueName: VideoCodec.allCases.map(\.rawValue).joined(separator: "|")))
    var codec: VideoCodec?

    @Option(help: ArgumentHelp(
        "The container, for outputs whose extension does not say. (default: from the extension)",
        valueName: VideoContainer.allCases.map(\.rawValue).joined(separator: "|")))
    var format: VideoContainer?

    @Option(help: ArgumentHelp(
        "The encoded pixel format, e.g. yuv420p10le for 10-bit HEVC, VP9 or AV1. (default: the codec's)",
        valueName: "format"))
    var pixelFormat: PixelFormat?

    @Option(parsing: .unconditional,
            help: "Constant rate factor (H.264, HEVC: 0–51; VP9, AV1: 0–63); lower is better and larger. (default: 20)")
    var crf: Int?

    @Option(help: "Speed/size trade-off, x264's names (VP9 and AV1 map them to their speeds). (default: medium)")
    var preset: X264Preset?

    @Option(parsing: .unconditional,
            help: "Frames x264 looks ahead; fewer save memory, lose quality. (default: the preset's, 40 for medium)")
    var lookahead: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Most seconds between keyframes. (default: the encoder's, 250 frames for x264)", valueName: "seconds"))
    var keyint: Double?

    @Option(help: ArgumentHelp(
        "Cap on the bit rate, H.264/HEVC, e.g. 8M or 800k, 1 s buffer. (default: H.264's level limit)", valueName: "rate"))
    var maxBitrate: BitrateArgument?

    @Option(parsing: .unconditional,
            help: "Times a GIF, APNG or WebP repeats after playing once; 0 plays once. (default: forever)")
    var loop: Int?

    @Option(help: "draft: half size, fastest preset; high: slower preset, lower CRF. (default: standard)")
    var quality: RenderQuality?

    @Option(parsing: .unconditional, help: ArgumentHelp("Drawing threads. (default: one per core)", visibility: .hidden))
    var workers: Int?

    /// The flags given, for placing errors.
    var givenFlags: Set<String> {
        var flags: Set<String> = []
        if codec != nil { flags.insert("--codec") }
        if format != nil { flags.insert("--format") }
        if pixelFormat != nil { flags.insert("--pixel-format") }
        if crf != nil { flags.insert("--crf") }
        if preset != nil { flags.insert("--preset") }
        if lookahead != nil { flags.insert("--lookahead") }
        if keyint != nil { flags.insert("--keyint") }
        if maxBitrate != nil { flags.insert("--max-bitrate") }
        if loop != nil { flags.insert("--loop") }
        if quality != nil { flags.insert("--quality") }
        if workers != nil { flags.insert("--workers") }
        return flags
    }

    /// The options for `url`, checked by ``VideoOptions`` and ``OutputFormat`` (errors name `crf`,
    /// `codec`, `pixelFormat`, `loop`, …), with ``quality``'s preset and CRF where the codec has them.
    ///
    /// - Parameter transparent: `--background transparent`: transparency is asked for, so a format
    ///   without alpha is an error naming those that have it.
    func videoOptions(for url: URL, transparent: Bool) throws -> VideoOptions {
        let defaults = VideoOptions()
        let options = try VideoOptions(
            codec: codec, container: format, crf: crf ?? defaults.crf, preset: (preset?.rawValue) ?? defaults.preset,
            pixelFormat: pixelFormat, alpha: transparent ? true : nil, loop: loop,
            keyframeInterval: keyint ?? defaults.keyframeInterval, lookahead: lookahead,
            maxBitrate: maxBitrate?.bitsPerSecond)
        let codec = try OutputFormat(url: url, options: options).codec
        return (quality ?? .standard).applied(to: options, codec: codec, presetGiven: preset != nil, crfGiven: crf != nil)
    }
}

/// Checks an output's extension before any work starts; the error's key path is `output`.
func checkOutput(_ path: String, allowed: [String], what: String) throws -> URL {
    let url = URL(fileURLWithPath: path)
    guard allowed.contains(url.pathExtension.lowercased()) else {
        throw FlipbookError(
            invalid: "The output",
            "must end in \(allowed.map { ".\($0)" }.joined(separator: ", ")) for \(what); it is \"\(path)\".",
            at: .init(keyPath: "output"))
    }
    return url
}
