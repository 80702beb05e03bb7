import Foundation

extension SettingFormat where Value == Color {
    /// A colour name or hex string, or `transparent` (``Color/named``: no background, alpha asked for).
    public static var color: SettingFormat {
        func read(_ text: String, _ setting: Setting, shownAs shown: String) throws -> Color {
            guard let color = Color(named: text) else {
                throw FlipbookError.mustBe(
                    setting.key, "a colour name (white, black, ...), a hex string like \"#1c1c1e\" or transparent",
                    itIs: shown, didYouMean(text, among: Color.names))
            }
            return color
        }
        return SettingFormat(
            text: { $0 == .clear ? "transparent" : $0.name },
            fromText: { text, setting in try read(text, setting, shownAs: quotedInput(text)) },
            fromJSON: { value, setting in
                guard let text = value as? String else { throw FlipbookError.mustBe(setting.key, "a string", itIs: jsonKind(value)) }
                return try read(text, setting, shownAs: "\"\(text)\"")
            })
    }
}
