/// HTML character references in captions text: `&amp;`, `&gt;&gt;` (YouTube's change of speaker),
/// `&nbsp;`, `&#233;`, `&#x1F600;`, decoded as HTML decodes them in text. A named reference needs
/// its semicolon; an unknown name, or `&` followed by anything else, is an ampersand as written.
enum CharacterReference {
    /// The longest name looked up: longer runs of letters are no reference.
    static let longestName = 32

    /// The character a reference starting after the `&` at `scalars[ampersand]` stands for, and the
    /// index just past it; `nil` when no reference starts there.
    static func consume(_ scalars: [Unicode.Scalar], ampersand: Int) -> (character: Unicode.Scalar, next: Int)? {
        var index = ampersand + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            let hexadecimal = index < scalars.count && (scalars[index] == "x" || scalars[index] == "X")
            if hexadecimal { index += 1 }
            let radix: UInt32 = hexadecimal ? 16 : 10
            var value: UInt32 = 0
            let first = index
            while index < scalars.count, let digit = digitValue(scalars[index], radix: radix) {
                // Past the last code point the value stays out of range, never overflowing.
                value = min(value * radix + digit, 0x110000)
                index += 1
            }
            guard index > first else { return nil }
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            return (numbered(value), index)
        }
        var name = ""
        while index < scalars.count, name.unicodeScalars.count <= longestName, isASCIIAlphanumeric(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";", let value = named[name], let scalar = Unicode.Scalar(value) else {
            return nil
        }
        return (scalar, index + 1)
    }

    /// `text` with every reference decoded.
    static func decoded(_ text: some StringProtocol) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("&") else { return String(text) }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (character, next) = consume(scalars, ampersand: index) {
                result.append(character)
                index = next
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f" where radix == 16: scalar.value - 87
        case "A"..."F" where radix == 16: scalar.value - 55
        default: nil
        }
    }

    /// The character `&#value;` stands for, as HTML maps it: NUL, surrogates and values past
    /// U+10FFFF are U+FFFD; the C1 controls windows-1252 gives printable characters are those.
    private static func numbered(_ value: UInt32) -> Unicode.Scalar {
        if let mapped = windows1252[value] { return mapped }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}", 0x86: "\u{2020}",
        0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}", 0x8B: "\u{2039}", 0x8C: "\u{0152}",
        0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}",
        0x96: "\u{2013}", 0x97: "\u{2014}", 0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}",
        0x9C: "\u{0153}", 0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]
}
