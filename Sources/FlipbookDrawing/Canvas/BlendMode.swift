import Foundation

extension CairoCanvas {
    /// How drawn content combines with what is already in the raster, with SwiftUI's names.
    ///
    /// The raw values are Core Graphics' `CGBlendMode` values. Every mode is applied only where the
    /// drawn shape covers the raster (anti-aliased edges blend proportionally), as Core Graphics does:
    /// filling a small rectangle with ``clear`` or ``copy`` leaves the rest of the raster alone, and
    /// ``sourceIn`` leaves pixels outside the shape unchanged.
    ///
    /// ``plusDarker`` is `R = max(0, 1 − ((1 − D) + (1 − S)))` for opaque colours; with
    /// premultiplied components it is computed as `Ra = min(1, Sa + Da)`,
    /// `Rc = max(0, Ra − (Sa − Sc) − (Da − Dc))`. In PDF and SVG output, where pixels cannot be
    /// computed, it is drawn as ``multiply``.
    public struct BlendMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32

        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// The source is drawn over the destination (source-over).
        public static let normal = BlendMode(rawValue: 0)
        /// `R = S × D`: darkens; white leaves the destination unchanged.
        public static let multiply = BlendMode(rawValue: 1)
        /// `R = S + D − S × D`: lightens; black leaves the destination unchanged.
        public static let screen = BlendMode(rawValue: 2)
        /// Multiplies or screens by the destination: keeps its highlights and shadows, tinted by the source.
        public static let overlay = BlendMode(rawValue: 3)
        /// `R = min(S, D)` per channel.
        public static let darken = BlendMode(rawValue: 4)
        /// `R = max(S, D)` per channel.
        public static let lighten = BlendMode(rawValue: 5)
        /// Brightens the destination to reflect the source; black leaves it unchanged.
        public static let colorDodge = BlendMode(rawValue: 6)
        /// Darkens the destination to reflect the source; white leaves it unchanged.
        public static let colorBurn = BlendMode(rawValue: 7)
        /// Darkens or lightens by the source, as a diffuse light would.
        public static let softLight = BlendMode(rawValue: 8)
        /// Multiplies or screens by the source, as a harsh light would.
        public static let hardLight = BlendMode(rawValue: 9)
        /// `R = |S − D|` per channel.
        public static let difference = BlendMode(rawValue: 10)
        /// Like ``difference`` with lower contrast: `R = S + D − 2 × S × D`.
        public static let exclusion = BlendMode(rawValue: 11)
        /// The source's hue with the destination's saturation and luminosity.
        public static let hue = BlendMode(rawValue: 12)
        /// The source's saturation with the destination's hue and luminosity.
        public static let saturation = BlendMode(rawValue: 13)
        /// The source's hue and saturation with the destination's luminosity (tints a greyscale picture).
        public static let color = BlendMode(rawValue: 14)
        /// The source's luminosity with the destination's hue and saturation.
        public static let luminosity = BlendMode(rawValue: 15)
        /// `R = 0` inside the shape.
        public static let clear = BlendMode(rawValue: 16)
        /// `R = S` inside the shape.
        public static let copy = BlendMode(rawValue: 17)
        /// `R = S × Da`.
        public static let sourceIn = BlendMode(rawValue: 18)
        /// `R = S × (1 − Da)`.
        public static let sourceOut = BlendMode(rawValue: 19)
        /// `R = S × Da + D × (1 − Sa)`.
        public static let sourceAtop = BlendMode(rawValue: 20)
        /// `R = S × (1 − Da) + D`.
        public static let destinationOver = BlendMode(rawValue: 21)
        /// `R = D × Sa`.
        public static let destinationIn = BlendMode(rawValue: 22)
        /// `R = D × (1 − Sa)`.
        public static let destinationOut = BlendMode(rawValue: 23)
        /// `R = S × (1 − Da) + D × Sa`.
        public static let destinationAtop = BlendMode(rawValue: 24)
        /// `R = S × (1 − Da) + D × (1 − Sa)`.
        public static let xor = BlendMode(rawValue: 25)
        /// `R = max(0, 1 − ((1 − D) + (1 − S)))`; see the type's discussion for partial alpha.
        public static let plusDarker = BlendMode(rawValue: 26)
        /// `R = min(1, S + D)`.
        public static let plusLighter = BlendMode(rawValue: 27)

        /// Every blend mode, in raw-value order.
        public static let allModes: [BlendMode] = (0...27).map { BlendMode(rawValue: $0) }
    }
}

extension CairoCanvas.BlendMode: CustomStringConvertible {
    public var description: String {
        let names = [
            "normal", "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn",
            "softLight", "hardLight", "difference", "exclusion", "hue", "saturation", "color", "luminosity",
            "clear", "copy", "sourceIn", "sourceOut", "sourceAtop", "destinationOver", "destinationIn",
            "destinationOut", "destinationAtop", "xor", "plusDarker", "plusLighter",
        ]
        return names.indices.contains(Int(rawValue)) ? names[Int(rawValue)] : "BlendMode(\(rawValue))"
    }
}
