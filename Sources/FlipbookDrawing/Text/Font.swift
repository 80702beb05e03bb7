import Foundation

/// A font, with SwiftUI's names.
///
/// Every `.system` font and every text style draws with Noto Sans, which the package carries, so text
/// looks the same on every machine; the ``Design/monospaced`` design (and ``monospaced()``) draws with
/// the carried Noto Sans Mono. `.custom(_:size:)` uses a font installed on the machine, falling back
/// to Noto Sans (with a warning on standard error, once per name) when it is missing. Characters the
/// font lacks come from the package's Noto Sans Arabic, Noto Sans Devanagari, Noto Sans Symbols 2 and
/// Noto Sans Mono, emoji from Noto Color Emoji; a character none of those has is drawn with a font of
/// the machine's that has it, found through fontconfig, with a warning on standard error naming the
/// characters and the font (a character no font has is a warning too).
public struct Font: Sendable, Hashable {
    /// The family: `nil` for the system family.
    let family: String?
    /// The size in points (the em height in the drawing's user space).
    let size: CGFloat
    let fontWeight: Weight
    let isItalic: Bool
    let design: Design
    /// Whether digits take one width (the OpenType `tnum` feature).
    let hasMonospacedDigits: Bool

    init(family: String?, size: CGFloat, weight: Weight = .regular, italic: Bool = false, design: Design = .default,
         monospacedDigits: Bool = false) {
        self.family = family
        self.size = size
        self.fontWeight = weight
        self.isItalic = italic
        self.design = design
        self.hasMonospacedDigits = monospacedDigits
    }

    /// The system font at `size` points.
    ///
    /// The monospaced design draws with the carried Noto Sans Mono; the others with Noto Sans (the
    /// package carries no serif or rounded family).
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(family: nil, size: size, weight: weight, design: design)
    }

    /// A text style's system font (see the statics such as ``largeTitle``).
    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil) -> Font {
        Font(family: nil, size: style.pointSize, weight: weight ?? style.weight, design: design)
    }

    /// A font installed on the machine, by family name, at `size` points; or the family of a text
    /// layer's own font file (`TextScene`'s font `file`, a scene file's `"src"`), which is found
    /// among the package's fonts, never the machine's.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        Font(family: name, size: size)
    }

    /// The same font with `weight`.
    public func weight(_ weight: Weight) -> Font {
        Font(family: family, size: size, weight: weight, italic: isItalic, design: design, monospacedDigits: hasMonospacedDigits)
    }

    /// The same font in bold.
    public func bold() -> Font { weight(.bold) }

    /// The same font in italic.
    public func italic() -> Font {
        Font(family: family, size: size, weight: fontWeight, italic: true, design: design, monospacedDigits: hasMonospacedDigits)
    }

    /// The fixed-width version of the font, as SwiftUI's `monospaced()`: the carried Noto Sans Mono at
    /// the same size, weight and slant (a `.custom` family has no fixed-width variant Flipbook knows, so
    /// it gives way to Noto Sans Mono, SwiftUI's "default fixed-width font").
    public func monospaced() -> Font {
        Font(family: nil, size: size, weight: fontWeight, italic: isItalic, design: .monospaced,
             monospacedDigits: hasMonospacedDigits)
    }

    /// The same font with digits of one width (tabular figures), so numbers that change line up, as
    /// SwiftUI's `monospacedDigit()`.
    public func monospacedDigit() -> Font {
        Font(family: family, size: size, weight: fontWeight, italic: isItalic, design: design, monospacedDigits: true)
    }

    /// 34 points (SwiftUI's size at the default Dynamic Type setting, Large).
    public static let largeTitle = Font.system(.largeTitle)
    /// 28 points.
    public static let title = Font.system(.title)
    /// 22 points.
    public static let title2 = Font.system(.title2)
    /// 20 points.
    public static let title3 = Font.system(.title3)
    /// 17 points, semibold.
    public static let headline = Font.system(.headline)
    /// 15 points.
    public static let subheadline = Font.system(.subheadline)
    /// 17 points: the default for ``Text``.
    public static let body = Font.system(.body)
    /// 16 points.
    public static let callout = Font.system(.callout)
    /// 13 points.
    public static let footnote = Font.system(.footnote)
    /// 12 points.
    public static let caption = Font.system(.caption)
    /// 11 points.
    public static let caption2 = Font.system(.caption2)

    /// SwiftUI's text styles.
    public enum TextStyle: Sendable, Hashable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// SwiftUI's point size at the default Dynamic Type setting (Large).
        var pointSize: CGFloat {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }

        /// The style's weight: semibold for the headline, regular otherwise.
        var weight: Weight { self == .headline ? .semibold : .regular }
    }

    /// A font weight; the carried families draw weights up to medium as Regular and semibold and
    /// heavier as Bold.
    public struct Weight: Sendable, Hashable {
        /// The OpenType weight class, 100 (thin) to 900 (black).
        let value: Int

        public static let ultraLight = Weight(value: 200)
        public static let thin = Weight(value: 100)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)
    }

    /// A font design: ``monospaced`` draws with the carried Noto Sans Mono; the package carries no
    /// serif or rounded family, so ``serif`` and ``rounded`` draw with Noto Sans as ``default`` does.
    public enum Design: Sendable, Hashable {
        case `default`, serif, rounded, monospaced
    }
}
