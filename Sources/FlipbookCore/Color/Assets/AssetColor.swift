import Foundation

/// The appearances of one colour set (`Name.colorset/Contents.json`) as Xcode writes it.
///
/// ```json
/// {"colors": [
///   {"idiom": "universal", "color": {"color-space": "srgb",
///     "components": {"red": "0.800", "green": "0x66", "blue": "51", "alpha": "1.000"}}},
///   {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
///    "color": {"color-space": "display-p3", "components": {…}}}
/// ]}
/// ```
///
/// A component is a 0–1 number (`"0.800"`), an 8-bit integer (`"204"`) or an 8-bit hex value
/// (`"0xCC"`), as Xcode's three input methods write them; alpha is a 0–1 number or hex.
struct AssetColor: Hashable, Sendable {
    /// The "any" appearance (no luminosity given).
    var any: Color?
    /// The "light" luminosity appearance.
    var light: Color?
    /// The "dark" luminosity appearance.
    var dark: Color?

    /// The colour for `scheme`: that scheme's appearance, else "any", else the other scheme's.
    func appearance(for scheme: ColorScheme) -> Color {
        switch scheme {
        case .light: return light ?? any ?? dark ?? .clear
        case .dark: return dark ?? any ?? light ?? .clear
        }
    }

    /// Reads `Contents.json` data; throws a message naming what is wrong.
    init(contentsJSON data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = root["colors"] as? [[String: Any]]
        else { throw AssetColorError("it has no \"colors\" list") }
        for entry in entries {
            let appearances = entry["appearances"] as? [[String: Any]] ?? []
            // High-contrast variants are for an accessibility setting a drawing does not have.
            if appearances.contains(where: { $0["appearance"] as? String == "contrast" }) { continue }
            guard let colorObject = entry["color"] as? [String: Any] else { continue }
            let color = try Self.color(colorObject)
            let luminosity = appearances.first { $0["appearance"] as? String == "luminosity" }?["value"] as? String
            switch luminosity {
            case "dark": if dark == nil { dark = color }
            case "light": if light == nil { light = color }
            default: if any == nil { any = color }
            }
        }
        guard any != nil || light != nil || dark != nil else {
            throw AssetColorError("it has no colour with components")
        }
    }

    private static func color(_ object: [String: Any]) throws -> Color {
        let space = object["color-space"] as? String ?? "srgb"
        guard let components = object["components"] as? [String: Any] else {
            throw AssetColorError("a colour has no \"components\" (a system colour reference cannot be read)")
        }
        func component(_ key: String, isAlpha: Bool = false) throws -> Double {
            guard let value = components[key] else { throw AssetColorError("a colour has no \"\(key)\" component") }
            guard let number = Self.number(value, isAlpha: isAlpha) else {
                throw AssetColorError("the \"\(key)\" component \(value) is not a number, an 8-bit integer or a hex byte")
            }
            return number
        }
        let alpha = components["alpha"] == nil ? 1 : try component("alpha", isAlpha: true)
        switch space {
        case "gray-gamma-22", "extended-gray":
            // Grey with a 2.2 gamma; converted to sRGB's curve through linear light.
            let white = pow(max(try component("white"), 0), 2.2)
            return Color(.sRGBLinear, white: white, opacity: alpha)
        default:
            let rgb = (try component("red"), try component("green"), try component("blue"))
            let colorSpace: Color.RGBColorSpace
            switch space {
            case "srgb", "extended-srgb": colorSpace = .sRGB
            case "extended-linear-srgb": colorSpace = .sRGBLinear
            case "display-p3": colorSpace = .displayP3
            default: throw AssetColorError("its colour space \"\(space)\" is not sRGB, linear sRGB, grey or Display P3")
            }
            return Color(colorSpace, red: rgb.0, green: rgb.1, blue: rgb.2, opacity: alpha)
        }
    }

    /// A component as Xcode writes it: `"0.800"` (0–1), `"204"` (0–255), `"0xCC"` (hex byte), or a JSON
    /// number (0–1). Alpha is never an 8-bit integer.
    static func number(_ value: Any, isAlpha: Bool) -> Double? {
        if let number = value as? NSNumber, !(value is Bool) { return number.doubleValue }
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.lowercased().hasPrefix("0x") {
            return UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
        }
        if !isAlpha, text.allSatisfy(\.isASCIIDigit) {
            return UInt8(text).map { Double($0) / 255 }
        }
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }
}

/// Why a colour set cannot be read.
struct AssetColorError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
