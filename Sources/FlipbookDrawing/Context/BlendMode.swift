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
        public static let multiply = BlendMode(rawValue: 1)
        public static let screen = BlendMode(rawValue: 2)
        public static let overlay = BlendMode(rawValue: 3)
        public static let darken = BlendMode(rawValue: 4)
        public static let lighten = BlendMode(rawValue: 5)
        public static let colorDodge = BlendMode(rawValue: 6)
        public static let colorBurn = BlendMode(rawValue: 7)
        public static let softLight = BlendMode(rawValue: 8)
        public static let hardLight = BlendMode(rawValue: 9)
        public static let difference = BlendMode(rawValue: 10)
        public static let exclusion = BlendMode(rawValue: 11)
        public static let hue = BlendMode(rawValue: 12)
        public static let saturation = BlendMode(rawValue: 13)
        public static let color = BlendMode(rawValue: 14)
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
