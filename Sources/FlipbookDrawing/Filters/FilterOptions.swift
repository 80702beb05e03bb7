import Foundation

extension CairoCanvas {
    /// Options for ``CairoCanvas/addFilter(_:options:)``, as in SwiftUI.
    public struct FilterOptions: OptionSet, Hashable, Sendable {
        /// The options as bits.
        public let rawValue: UInt32

        /// Options from their bits.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Colour filters compute on linear-light components (the sRGB transfer function undone
        /// first and redone after) instead of on the gamma-encoded sRGB values, which is the default.
        public static let linearColor = FilterOptions(rawValue: 1 << 0)
    }

    /// Options for a ``Filter/shadow(color:radius:x:y:blendMode:options:)`` filter, as in SwiftUI.
    public struct ShadowOptions: OptionSet, Hashable, Sendable {
        /// The options as bits.
        public let rawValue: UInt32

        /// Options from their bits.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Draws the shadow above its source instead of below it.
        public static let shadowAbove = ShadowOptions(rawValue: 1 << 0)
        /// Draws only the shadow, not the source.
        public static let shadowOnly = ShadowOptions(rawValue: 1 << 1)
        /// Casts the shadow from the inverted alpha of the source (everything outside it), which with
        /// ``shadowAbove`` and the `sourceAtop` blend mode makes an inner shadow.
        public static let invertsAlpha = ShadowOptions(rawValue: 1 << 2)
        /// Composites the shadow and its source separately onto the destination, each with the
        /// context's opacity and blend mode, instead of as one group.
        public static let disablesGroup = ShadowOptions(rawValue: 1 << 3)
    }

    /// Options for a ``Filter/blur(radius:options:)`` filter, as in SwiftUI.
    public struct BlurOptions: OptionSet, Hashable, Sendable {
        /// The options as bits.
        public let rawValue: UInt32

        /// Options from their bits.
        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Makes the result completely opaque: colours are divided by their blurred alpha, so the
        /// edges of the layer do not fade to transparent.
        public static let opaque = BlurOptions(rawValue: 1 << 0)
        /// Adds a deterministic ordered dither of under one 8-bit step before the result is
        /// quantised, which breaks up banding in smooth gradients.
        public static let dithersResult = BlurOptions(rawValue: 1 << 1)
    }
}
