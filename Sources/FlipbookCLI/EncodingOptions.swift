import ArgumentParser
import Flipbook
import Foundation

/// The encoder settings `render` accepts, one option per row of the settings table, each named by
/// its row (``givenSettings`` finds them). Their ranges, and which codecs have them, are checked by
/// the library (``RenderRequest``), so a flag and a batch file get the same message.
struct EncodingOptions: ParsableArguments {
    @Option(name: Setting.codec.name,
            help: Setting.codec.argumentHelp(valueName: VideoCodec.allCases.map(\.rawValue).joined(separator: "|")))
    var codec: VideoCodec?

    @Option(name: Setting.container.name,
            help: Setting.container.argumentHelp(valueName: VideoContainer.allCases.map(\.rawValue).joined(separator: "|")))
    var format: VideoContainer?

    @Option(name: Setting.pixelFormat.name, help: Setting.pixelFormat.argumentHelp(valueName: "format"))
    var pixelFormat: PixelFormat?

    @Option(name: Setting.crf.name, parsing: .unconditional, help: Setting.crf.argumentHelp())
    var crf: Int?

    @Option(name: Setting.preset.name, help: Setting.preset.argumentHelp())
    var preset: X264Preset?

    @Option(name: Setting.lookahead.name, parsing: .unconditional, help: Setting.lookahead.argumentHelp())
    var lookahead: Int?

    @Option(name: Setting.keyframeInterval.name, parsing: .unconditional,
            help: Setting.keyframeInterval.argumentHelp(valueName: "seconds"))
    var keyint: Double?

    @Option(name: Setting.maxBitrate.name, help: Setting.maxBitrate.argumentHelp(valueName: "rate"))
    var maxBitrate: BitrateArgument?

    @Option(name: Setting.level.name, help: Setting.level.argumentHelp())
    var level: String?

    @Option(name: Setting.threads.name, help: Setting.threads.argumentHelp(valueName: "auto|n"))
    var threads: EncoderThreadsArgument?

    @Option(name: Setting.pngCompression.name, parsing: .unconditional, help: Setting.pngCompression.argumentHelp())
    var pngCompression: Int?

    @Option(name: Setting.loop.name, parsing: .unconditional, help: Setting.loop.argumentHelp())
    var loop: Int?

    @Option(name: Setting.loudness.name, parsing: .unconditional, help: Setting.loudness.argumentHelp(valueName: "LUFS"))
    var loudness: Double?

    @Option(name: Setting.audioCodec.name, help: Setting.audioCodec.argumentHelp(valueName: AudioCodec.allCases.map(\.rawValue).joined(separator: "|")))
    var audioCodec: AudioCodec?

    @Option(name: Setting.audioBitrate.name, help: Setting.audioBitrate.argumentHelp(valueName: "rate"))
    var audioBitrate: BitrateArgument?

    @Flag(name: Setting.noAudio.name, help: ArgumentHelp(Setting.noAudio.helpLine))
    var noAudio = false

    @Option(name: Setting.quality.name, help: Setting.quality.argumentHelp())
    var quality: RenderQuality?

    @Option(name: Setting.workers.name, parsing: .unconditional,
            help: ArgumentHelp(Setting.workers.helpLine, visibility: .hidden))
    var workers: Int?
}

/// `--threads auto` or a count. Its range is checked by the library, as a batch file's is.
struct EncoderThreadsArgument: ExpressibleByArgument, SettingArgument {
    /// ``VideoOptions/encoderThreads``: ``VideoOptions/automaticEncoderThreads`` for `auto`.
    var count: Int

    var settingValue: Any { count }

    init?(argument: String) {
        if argument == "auto" {
            count = VideoOptions.automaticEncoderThreads
        } else if let number = Int(argument) {
            count = number
        } else {
            return nil
        }
    }
}
