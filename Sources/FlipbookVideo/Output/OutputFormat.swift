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
        if let loop = options.loop, container.capabilities.loopOption == nil {
            let animations = VideoContainer.allCases.filter { $0.capabilities.loopOption != nil }
            throw FlipbookError(
                invalid: "loop",
                "is set (\(loop)) but \(container.capabilities.displayName) does not loop; formats that do: "
                    + animations.map { "." + $0.capabilities.extensions[0] }.joined(separator: ", ") + ".",
                at: .init(keyPath: "loop"))
        }
        // After the loop check: a format that does not loop says so in its own words.
        try Self.checkSettings(options, for: codec)
        keepsAlpha = containerKeepsAlpha && (options.alpha ?? (options.pixelFormat?.hasAlpha ?? true))
        pixelFormat = options.pixelFormat ?? (keepsAlpha ? table.alphaFormat ?? table.opaqueFormat : table.opaqueFormat)
    }

    /// Refuses a setting the codec does not have (one whose row's ``Setting/codecs`` leaves it out),
    /// naming the codecs that have it, and a value outside the codec's own range. A setting with a
    /// value always (`crf`, `preset`) counts as set when it differs from its default.
    private static func checkSettings(_ options: VideoOptions, for codec: VideoCodec) throws {
        let defaults = VideoOptions()
        let table = codec.capabilities
        try codec.checkRanges(of: options)
        for setting in Setting.encoderSettings {
            guard let codecs = setting.codecs, !codecs.contains(codec.rawValue), let field = setting.field,
                  let value = field.text(in: options), value != field.text(in: defaults) else { continue }
            throw FlipbookError(
                invalid: setting.key,
                "is set (\(value)) but \(table.displayName) has no \(setting.key); codecs with one: "
                    + codecs.joined(separator: ", ") + ".",
                at: .init(keyPath: setting.key))
        }
        if let level = options.level, let names = codec.levelNames {
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
