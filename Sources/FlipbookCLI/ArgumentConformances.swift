import ArgumentParser
import Flipbook
import Foundation

// The library's value types, read from the command line. Each reads the text only; ranges are
// checked by the library (Timeline, VideoOptions), so a flag and a file agree. The frame rate is
// kept as typed (FrameRateOption), so its message can show it so.

extension Color: ExpressibleByArgument {
    /// A colour name or hex string, or `transparent` (``Color/named``), read as every file reads it.
    public init?(argument: String) {
        self.init(named: argument)
    }
}

extension ColorScheme: ExpressibleByArgument {}
extension X264Preset: ExpressibleByArgument {}
extension VideoCodec: ExpressibleByArgument {}
extension AudioCodec: ExpressibleByArgument {}
extension VideoContainer: ExpressibleByArgument {}
extension PixelFormat: ExpressibleByArgument {}
extension RenderQuality: ExpressibleByArgument {}

/// `--frames A-B`: an inclusive, zero-based range of frame numbers.
struct FrameRangeArgument: ExpressibleByArgument, SettingArgument {
    var frames: ClosedRange<Int>
    var settingValue: Any { frames }

    init?(argument: String) {
        guard let frames = frameRange(parsing: argument) else { return nil }
        self.frames = frames
    }
}

/// `--max-bitrate 8M`: bits per second, FFmpeg's way (`8M`, `2.5M`, `800k`, `8000000`).
struct BitrateArgument: ExpressibleByArgument, SettingArgument {
    var bitsPerSecond: Int
    var settingValue: Any { bitsPerSecond }

    init?(argument: String) {
        guard let bits = Bitrate.bitsPerSecond(argument) else { return nil }
        bitsPerSecond = bits
    }
}

extension PixelSize: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}

extension MotionBlur: ExpressibleByArgument {
    /// `--motion-blur 180/8`: the shutter in degrees and the sub-frames a frame averages.
    public init?(argument: String) {
        self.init(reading: argument)
    }
}
