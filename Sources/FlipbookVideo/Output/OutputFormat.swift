import FlipbookCore
import Foundation

/// What a clip will be written as: the container, codec and pixel format that an output name and
/// ``VideoOptions`` resolve to, and whether transparency is kept.
public struct OutputFormat: Sendable, Equatable {
    /// The file format.
    public var container: VideoContainer
    /// The codec.
    public var codec: VideoCodec
    /// The encoded pixel format.
    public var pixelFormat: PixelFormat
    /// Whether transparency is written (else frames are flattened over the background).
    public var keepsAlpha: Bool

    /// Resolves `options` for the output `url`: the extension (or ``VideoOptions/container``) picks
    /// the container and its default codec, the options may pick another codec, a pixel format and alpha.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) for an unknown extension, a codec the container
    ///   cannot hold, a pixel format the codec has not, or transparency asked of a format without
    ///   alpha (naming the formats that have it).
    public init(url: URL, options: VideoOptions) throws {
        try self.init(container: options.container ?? VideoContainer(for: url), options: options)
    }

    /// Resolves `options` for `container`.
    public init(container: VideoContainer, options: VideoOptions) throws {
        self.container = container
        codec = try container.codec(options.codec)
        let table = codec.capabilities
        let containerKeepsAlpha = container.capabilities.alphaCodecs.contains(codec)
        if options.alpha == true, !containerKeepsAlpha || options.pixelFormat?.hasAlpha == false {
            throw FlipbookError(
                invalid: "alpha",
                "needs a format with transparency, and \(table.displayName) in \(container.capabilities.displayName)"
                    + "\(options.pixelFormat.map { " as \($0.rawValue)" } ?? "") has none. "
                    + "Formats with alpha: \(VideoContainer.alphaFormatNames); or give the clip an opaque background.",
                at: .init(keyPath: "alpha"))
        }
        if let format = options.pixelFormat, !table.pixelFormats.contains(format) {
            let others = VideoCodec.allCases.filter { $0.capabilities.pixelFormats.contains(format) }
            throw FlipbookError(
                invalid: "pixelFormat",
                "must be one of \(table.pixelFormats.map(\.rawValue).joined(separator: ", ")) for \(table.displayName); "
                    + "it is \(format.rawValue)"
                    + (others.isEmpty ? "." : ", which \(others.map(\.capabilities.displayName).joined(separator: ", ")) can write."),
                at: .init(keyPath: "pixelFormat"))
        }
        try Self.checkSettings(options, for: codec)
        if let loop = options.loop, container.capabilities.loopOption == nil {
            let animations = VideoContainer.allCases.filter { $0.capabilities.loopOption != nil }
            throw FlipbookError(
                invalid: "loop",
                "is set (\(loop)) but \(container.capabilities.displayName) does not loop; formats that do: "
                    + animations.map { "." + $0.capabilities.extensions[0] }.joined(separator: ", ") + ".",
                at: .init(keyPath: "loop"))
        }
        keepsAlpha = containerKeepsAlpha && (options.alpha ?? (options.pixelFormat?.hasAlpha ?? true))
        pixelFormat = options.pixelFormat ?? (keepsAlpha ? table.alphaFormat ?? table.opaqueFormat : table.opaqueFormat)
    }

    /// Refuses a setting the codec does not have, naming the codecs that have it, and a CRF outside
    /// the codec's range. `crf` and `preset` always have a value, so only one changed from its
    /// default counts as set.
    private static func checkSettings(_ options: VideoOptions, for codec: VideoCodec) throws {
        let defaults = VideoOptions()
        let table = codec.capabilities
        func refuse(_ setting: Setting, _ value: String) -> FlipbookError {
            FlipbookError(
                invalid: setting.key,
                "is set (\(value)) but \(table.displayName) has no \(setting.key); codecs with one: "
                    + (setting.codecs ?? []).joined(separator: ", ") + ".",
                at: .init(keyPath: setting.key))
        }
        if let range = table.crfRange, !range.contains(options.crf) {
            throw Setting.crf.mustBe("\(range.requirementText) for \(table.displayName)", itIs: String(options.crf),
                                     VideoCodec.crfRangesText)
        }
        if options.crf != defaults.crf, table.crfRange == nil { throw refuse(.crf, String(options.crf)) }
        if options.preset != defaults.preset, !table.hasPreset { throw refuse(.preset, options.preset) }
        if let interval = options.keyframeInterval, !table.hasKeyframeInterval {
            throw refuse(.keyframeInterval, formatNumber(interval))
        }
        if let lookahead = options.lookahead, !table.hasLookahead { throw refuse(.lookahead, String(lookahead)) }
        if let maxBitrate = options.maxBitrate, !table.hasMaxBitrate {
            throw refuse(.maxBitrate, formatBitrate(maxBitrate))
        }
        if let threads = options.encoderThreads, !table.hasThreads {
            throw refuse(.threads, threads == VideoOptions.automaticEncoderThreads ? "auto" : String(threads))
        }
        if let compression = options.pngCompression, codec != .png { throw refuse(.pngCompression, String(compression)) }
        if let level = options.level {
            guard let names = codec.levelNames else { throw refuse(.level, level) }
            if codec.levelNumber(named: level) == nil {
                throw Setting.level.mustBe("one of \(table.displayName)'s levels, \(names.joined(separator: ", "))",
                                           itIs: "\"\(level)\"")
            }
        }
    }

    /// The layout frames are converted into before encoding: GIF takes straight RGBA and builds its
    /// palette itself.
    public var inputPixelFormat: PixelFormat { pixelFormat == .pal8 ? .rgba : pixelFormat }

    /// The colour frames are flattened over before encoding, or `nil` when transparency is kept.
    public func background(_ options: VideoOptions) -> Color? { keepsAlpha ? nil : options.background }

    /// A short description for reports: "VP9 yuva420p in WebM".
    public var summary: String {
        "\(codec.capabilities.displayName) \(pixelFormat.rawValue) in \(container.capabilities.displayName)"
    }
}
