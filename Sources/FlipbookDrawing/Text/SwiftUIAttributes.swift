import Foundation

// SwiftUI's attributes of an `AttributedString`, so code written for SwiftUI styles parts of a text the
// same way: `string.foregroundColor = .red`, `string[range].font = .title.bold()`,
// `AttributeContainer().kern(2)`. `Text(attributedString)` draws them.

extension AttributeScopes {
    /// The attributes `Text` draws, with SwiftUI's names, and Foundation's.
    public struct SwiftUIAttributes: AttributeScope {
        /// The colour of the glyphs (and of lines without a colour of their own).
        public let foregroundColor: ForegroundColorAttribute
        /// The colour behind the glyphs, the height of the line.
        public let backgroundColor: BackgroundColorAttribute
        /// The font; text modifiers such as `bold()` still apply to it.
        public let font: FontAttribute
        /// Extra space between characters, in points (replaces the text's `kerning(_:)` there).
        public let kern: KerningAttribute
        /// Extra space after each character, in points (replaces the text's `tracking(_:)` there).
        public let tracking: TrackingAttribute
        /// An underline.
        public let underlineStyle: UnderlineStyleAttribute
        /// A line through the glyphs.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// How far the glyphs are raised, in points.
        public let baselineOffset: BaselineOffsetAttribute
        /// Foundation's attributes.
        public let foundation: FoundationAttributes

        /// The glyphs' colour.
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.ForegroundColor"
        }

        /// The background's colour.
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.BackgroundColor"
        }

        /// The font.
        public enum FontAttribute: AttributedStringKey {
            public typealias Value = Font
            public static let name = "SwiftUI.Font"
        }

        /// The kerning, in points.
        public enum KerningAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Kerning"
        }

        /// The tracking, in points.
        public enum TrackingAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Tracking"
        }

        /// The underline.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.UnderlineStyle"
        }

        /// The strikethrough.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.StrikethroughStyle"
        }

        /// The baseline offset, in points.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.BaselineOffset"
        }
    }

    /// SwiftUI's attributes, for `AttributedString(_:including:)` and `AttributeContainer` key paths.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    /// SwiftUI's attributes by name: `string.foregroundColor`, `container.font`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}
