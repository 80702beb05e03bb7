import Foundation

/// An sRGB colour with an alpha component, with SwiftUI's names and light-mode values.
///
/// Components are non-premultiplied and stored as `Double`s in `0...1`. A colour that adapts to the
/// drawing's environment (``primary``, an asset-catalog colour) is still a `Color`: its components are
/// those it has in the default, light environment, and a drawing resolves it for its own colour scheme
/// (``resolve(in:)``). Setting a component makes it a fixed colour.
public struct Color: Hashable, Sendable {
    /// The red component, `0...1`.
    public var red: Double { didSet { adaptation = nil } }
    /// The green component, `0...1`.
    public var green: Double { didSet { adaptation = nil } }
    /// The blue component, `0...1`.
    public var blue: Double { didSet { adaptation = nil } }
    /// The alpha component, `0...1`.
    public var opacity: Double { didSet { adaptation = nil } }

    /// How the colour changes with the environment; `nil` for a fixed sRGB colour.
    @usableFromInline var adaptation: Adaptation?

    /// A colour from sRGB components. Values are clamped to `0...1`; NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = Color.unit(red)
        self.green = Color.unit(green)
        self.blue = Color.unit(blue)
        self.opacity = Color.unit(opacity)
    }

    /// A grey with the given white level.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from hue, saturation and brightness (HSB/HSV), each in `0...1`.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = hue.isFinite ? (hue - hue.rounded(.down)) * 6 : 0
        let s = Color.unit(saturation), v = Color.unit(brightness)
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// A colour from a CSS-style hex string: `#rgb`, `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    /// Returns `nil` for anything else.
    public init?(hex: String) {
        var digits = Substring(hex.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3:
            let r = (value >> 8) & 0xF, g = (value >> 4) & 0xF, b = value & 0xF
            self.init(red: Double(r * 17) / 255, green: Double(g * 17) / 255, blue: Double(b * 17) / 255)
        case 6:
            self.init(
                red: Double((value >> 16) & 0xFF) / 255,
                green: Double((value >> 8) & 0xFF) / 255,
                blue: Double(value & 0xFF) / 255)
        case 8:
            self.init(
                red: Double((value >> 24) & 0xFF) / 255,
                green: Double((value >> 16) & 0xFF) / 255,
                blue: Double((value >> 8) & 0xFF) / 255,
                opacity: Double(value & 0xFF) / 255)
        default:
            return nil
        }
    }

    /// This colour with its alpha multiplied by `opacity` (in every appearance, for an adaptive colour).
    public func opacity(_ opacity: Double) -> Color {
        var faded = Color(red: red, green: green, blue: blue, opacity: self.opacity * Color.unit(opacity))
        faded.adaptation = adaptation?.multiplyingOpacity(by: Color.unit(opacity))
        return faded
    }

    /// The colour as `#rrggbb`, or `#rrggbbaa` when it is not opaque.
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let b = Int(saturating: v * 255)
            return String(b, radix: 16, uppercase: false).leftPadded(to: 2)
        }
        let rgb = "#" + byte(red) + byte(green) + byte(blue)
        return opacity >= 1 ? rgb : rgb + byte(opacity)
    }

    /// Linear interpolation between two colours, component-wise in sRGB (as the ripples fade). A
    /// semantic or asset-catalog colour is mixed as it draws: the two are resolved for the drawing's
    /// colour scheme first, so a ripple in `primary` fades from white in the dark scheme.
    public static func mix(_ a: Color, _ b: Color, fraction: Double) -> Color {
        let t = unit(fraction)
        var mixed = Color(
            red: a.red + (b.red - a.red) * t,
            green: a.green + (b.green - a.green) * t,
            blue: a.blue + (b.blue - a.blue) * t,
            opacity: a.opacity + (b.opacity - a.opacity) * t)
        if !a.isFixed || !b.isFixed { mixed.adaptation = Adaptation(.mix(a, b, fraction: t)) }
        return mixed
    }

    static func unit(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(max(value, 0), 1)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

// SwiftUI's standard colours, light appearance, in sRGB (the iOS system colours they resolve to).
extension Color {
    /// #000000
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// #FFFFFF
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Transparent black: drawing with it changes nothing (unless the blend mode copies it).
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    /// #8E8E93
    public static let gray = Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255)
    /// #FF3B30
    public static let red = Color(red: 1, green: 59 / 255, blue: 48 / 255)
    /// #FF9500
    public static let orange = Color(red: 1, green: 149 / 255, blue: 0)
    /// #FFCC00
    public static let yellow = Color(red: 1, green: 204 / 255, blue: 0)
    /// #34C759
    public static let green = Color(red: 52 / 255, green: 199 / 255, blue: 89 / 255)
    /// #00C7BE
    public static let mint = Color(red: 0, green: 199 / 255, blue: 190 / 255)
    /// #30B0C7
    public static let teal = Color(red: 48 / 255, green: 176 / 255, blue: 199 / 255)
    /// #32ADE6
    public static let cyan = Color(red: 50 / 255, green: 173 / 255, blue: 230 / 255)
    /// #007AFF
    public static let blue = Color(red: 0, green: 122 / 255, blue: 1)
    /// #5856D6
    public static let indigo = Color(red: 88 / 255, green: 86 / 255, blue: 214 / 255)
    /// #AF52DE
    public static let purple = Color(red: 175 / 255, green: 82 / 255, blue: 222 / 255)
    /// #FF2D55
    public static let pink = Color(red: 1, green: 45 / 255, blue: 85 / 255)
    /// #A2845E
    public static let brown = Color(red: 162 / 255, green: 132 / 255, blue: 94 / 255)

    /// The named colours, by their SwiftUI names, for scene files, batch files and the command line.
    /// `transparent` is ``clear``: the one spelling of "no background" that every reader shares. The
    /// semantic colours (`primary`, `secondary`, `accentColor`) follow the timeline's colour scheme.
    public static let named: [String: Color] = [
        "black": .black, "white": .white, "clear": .clear, "transparent": .clear, "gray": .gray, "grey": .gray,
        "red": .red, "orange": .orange, "yellow": .yellow, "green": .green, "mint": .mint,
        "teal": .teal, "cyan": .cyan, "blue": .blue, "indigo": .indigo, "purple": .purple,
        "pink": .pink, "brown": .brown, "primary": .primary, "secondary": .secondary, "accentColor": .accentColor,
    ]

    /// The colour names files and flags accept, in a stable order (`grey` is a second spelling of `gray`).
    public static let names: [String] = Color.named.keys.filter { $0 != "grey" }.sorted()

    /// The colour's name when it has one (`white`, `clear`), else its hex string.
    public var name: String {
        Color.names.first { Color.named[$0] == self } ?? hexString
    }

    /// A colour from a SwiftUI name (`"purple"`, in any case) or a hex string (`"#ff8800"`).
    public init?(named name: String) {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let color = Color.named[key] ?? Color.named.first(where: { $0.key.lowercased() == key })?.value {
            self = color
        } else if let color = Color(hex: key) {
            self = color
        } else {
            return nil
        }
    }
}

/// Colours in scene files are written as a SwiftUI name or a hex string.
extension Color: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = Color(named: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "'\(text)' is not a colour: use a name such as \"purple\" or a hex string such as \"#ff8800\"")
        }
        self = color
    }

    /// A fixed colour is written as its hex string; a semantic one by its name, so it stays semantic.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(isFixed ? hexString : name)
    }
}
