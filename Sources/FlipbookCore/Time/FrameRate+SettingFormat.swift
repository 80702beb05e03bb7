import Foundation

extension SettingFormat where Value == FrameRate {
    /// `30`, `29.97` or `"30000/1001"`, read for its form; the timeline checks that the rate is
    /// supported, and messages show it as it was written (``FrameRate/shown(_:)``).
    public static var frameRate: SettingFormat {
        SettingFormat(
            text: { $0.description }, shown: FrameRate.shown,
            fromText: { text, setting in
                guard let rate = FrameRate(reading: text) else {
                    throw FlipbookError.mustBe(setting.key, FrameRate.supportedRates, itIs: FrameRate.shown(text))
                }
                return rate
            },
            fromJSON: { value, setting in
                if let text = value as? String {
                    guard let rate = FrameRate(reading: text) else {
                        throw FlipbookError.mustBe(setting.key, FrameRate.supportedRates, itIs: FrameRate.shown(text))
                    }
                    return rate
                }
                guard let number = value as? NSNumber, !isJSONBool(number) else {
                    throw FlipbookError.mustBe(setting.key, "a frame rate", itIs: jsonKind(value))
                }
                return FrameRate(decimal: number.doubleValue)
            })
    }
}
