import FlipbookCore
import Foundation

// The value formats only encoder settings have. Their ranges are checked by VideoOptions and the
// codec, so a flag and a batch key get the same message.

extension SettingFormat where Value == Int {
    /// Bits per second: a number, or FFmpeg's `8M`, `800k`.
    public static var bitrate: SettingFormat {
        SettingFormat(
            text: formatBitrate, listed: { .number(Double($0)) },
            fromText: { text, setting in
                guard let bits = Bitrate.bitsPerSecond(text) else {
                    throw FlipbookError.mustBe(setting.key, "bits per second, e.g. \"8M\" or \"800k\"", itIs: "\"\(text)\"")
                }
                return bits
            },
            fromJSON: { value, setting in
                guard let text = value as? String else { return try jsonWholeNumber(value, setting.key) }
                guard let bits = Bitrate.bitsPerSecond(text) else {
                    throw FlipbookError.mustBe(setting.key, "bits per second, e.g. \"8M\" or \"800k\"", itIs: "\"\(text)\"")
                }
                return bits
            })
    }

    /// Encoder threads: a whole number, or `auto` (``VideoOptions/automaticEncoderThreads``).
    public static var encoderThreads: SettingFormat {
        func auto(_ text: String, _ setting: Setting) throws -> Int {
            guard text == "auto" else {
                throw FlipbookError.mustBe(setting.key, "\"auto\" or a whole number", itIs: "\"\(text)\"")
            }
            return VideoOptions.automaticEncoderThreads
        }
        return SettingFormat(
            text: { $0 == VideoOptions.automaticEncoderThreads ? "auto" : String($0) },
            fromText: { text, setting in try Int(text) ?? auto(text, setting) },
            fromJSON: { value, setting in
                if let text = value as? String { return try auto(text, setting) }
                return try jsonWholeNumber(value, setting.key)
            })
    }
}

extension SettingFormat where Value == String {
    /// A level, `"4.2"`; JSON may write it as a number (4.2).
    public static var levelName: SettingFormat {
        SettingFormat(
            text: { $0 }, fromText: { text, _ in text },
            fromJSON: { value, setting in
                if let text = value as? String { return text }
                return formatNumber(try jsonNumber(value, setting.key))
            })
    }
}

extension X264Preset: SettingArgument {
    /// ``VideoOptions/preset`` holds the preset's name.
    public var settingValue: Any { rawValue }
}
