/// Which characters of a text draw as colour emoji, by Unicode's emoji presentation rules (UTS #51):
/// the text that needs Noto Color Emoji.
///
/// Pango makes the same decision itself while laying out (its emoji iterator gives such runs the
/// generic family "emoji", which ``FontConfiguration`` maps to Noto Color Emoji); this one tells,
/// before any layout, that a text cannot be drawn as it should when the font is missing.
enum EmojiPresentation {
    /// The colour emoji font's family, as fontconfig reads it from the file.
    static let family = "Noto Color Emoji"

    /// The keycap bases ("#", "*", "0"…"9"): Unicode calls them emoji, but alone or with only VS16
    /// they are plain text, and draw in colour only as keycaps ("1️⃣").
    private static let keycapBases: Set<UInt32> = [0x23, 0x2A, 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39]

    /// Whether the grapheme cluster `character` is an emoji presentation sequence: a keycap; else,
    /// unless it ends in VS15 (U+FE0E, text presentation), an emoji followed by VS16 (U+FE0F), a
    /// skin-tone modifier or a zero-width joiner, or an emoji whose default presentation is emoji
    /// (which covers flags, tag sequences and the modifiers themselves).
    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let base = scalars.first, base.properties.isEmoji else { return false }
        var emojiSelector = false, textSelector = false, keycap = false, modifier = false, joiner = false
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0xFE0F: emojiSelector = true
            case 0xFE0E: textSelector = true
            case 0x20E3: keycap = true
            case 0x200D: joiner = true
            default: if scalar.properties.isEmojiModifier { modifier = true }
            }
        }
        if keycapBases.contains(base.value) { return keycap }
        if keycap { return true }
        if textSelector { return false }
        return emojiSelector || modifier || joiner || base.properties.isEmojiPresentation
    }
}
