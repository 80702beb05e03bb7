import Foundation

extension Color {
    /// How a colour changes with the environment it is drawn in.
    ///
    /// A class, so a colour holds it as a plain reference: an indirect enum would keep its case in
    /// spare bits of the pointer, which leak checkers (LeakSanitizer, valgrind) cannot follow from the
    /// global colours (`accentColor`) that hold one.
    @usableFromInline
    final class Adaptation: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            /// A colour with a dark appearance: the colour's own components are its light appearance.
            case dark(Color)
            /// A colour read from an asset catalog when drawn.
            case asset(AssetColorReference)
            /// The accent colour: an asset catalog's `AccentColor` when one has it, as an app's accent
            /// is; otherwise the colour's own components in light and `dark` in dark. `opacity` fades
            /// the catalog's colour as ``Color/opacity(_:)`` faded the others.
            case accent(dark: Color, opacity: Double)
            /// A mix of two colours of which one or both adapt, mixed once both are resolved.
            case mix(Color, Color, fraction: Double)
        }

        let kind: Kind

        init(_ kind: Kind) {
            self.kind = kind
        }

        @usableFromInline
        static func == (a: Adaptation, b: Adaptation) -> Bool { a.kind == b.kind }

        @usableFromInline
        func hash(into hasher: inout Hasher) { hasher.combine(kind) }

        /// The same adaptation with every appearance's alpha multiplied by `factor`.
        func multiplyingOpacity(by factor: Double) -> Adaptation {
            switch kind {
            case .dark(let dark): return Adaptation(.dark(dark.opacity(factor)))
            case .asset(var reference):
                reference.opacity *= factor
                return Adaptation(.asset(reference))
            case .accent(let dark, let opacity):
                return Adaptation(.accent(dark: dark.opacity(factor), opacity: opacity * factor))
            case .mix(let a, let b, let fraction):
                // Alpha mixes linearly, so fading both ends fades the mix.
                return Adaptation(.mix(a.opacity(factor), b.opacity(factor), fraction: fraction))
            }
        }
    }

    /// A colour that is `light` in the light colour scheme and `dark` in the dark one.
    init(light: Color, dark: Color) {
        self = light
        adaptation = Adaptation(.dark(dark))
    }

    /// Whether the colour is the same in every environment (no resolving needed).
    @inlinable
    package var isFixed: Bool { adaptation == nil }

    /// The fixed colour this colour is in `environment`. An asset-catalog colour that is not found is
    /// clear (and a warning is printed once, see ``init(_:bundle:)``).
    package func resolved(in environment: EnvironmentValues) -> Color {
        guard let adaptation else { return self }
        switch adaptation.kind {
        case .dark(let dark):
            return environment.colorScheme == .dark ? dark : Color(red: red, green: green, blue: blue, opacity: opacity)
        case .asset(let reference):
            return reference.resolved(in: environment, warns: true)
        case .accent(let dark, let opacity):
            if let asset = AssetColorReference.accentColor(in: environment) { return asset.opacity(opacity) }
            return environment.colorScheme == .dark ? dark : Color(red: red, green: green, blue: blue, opacity: self.opacity)
        case .mix(let a, let b, let fraction):
            return Color.mix(a.resolved(in: environment), b.resolved(in: environment), fraction: fraction)
        }
    }

    /// The concrete components this colour has in `environment`, as SwiftUI's `Color.resolve(in:)`.
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        let c = resolved(in: environment)
        return Resolved(red: Float(c.red), green: Float(c.green), blue: Float(c.blue), opacity: Float(c.opacity))
    }

    /// A fixed colour from resolved components.
    public init(_ resolved: Resolved) {
        self.init(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue),
                  opacity: Double(resolved.opacity))
    }

    /// A colour's concrete sRGB components in one environment, as SwiftUI's `Color.Resolved`.
    public struct Resolved: Hashable, Sendable {
        /// The red component, `0...1`, gamma-encoded sRGB.
        public var red: Float
        /// The green component, `0...1`, gamma-encoded sRGB.
        public var green: Float
        /// The blue component, `0...1`, gamma-encoded sRGB.
        public var blue: Float
        /// The alpha component, `0...1`.
        public var opacity: Float

        /// Resolved components in `colorSpace`, converted to sRGB (clipped to `0...1`, see
        /// ``Color/RGBColorSpace``).
        public init(colorSpace: RGBColorSpace = .sRGB, red: Float, green: Float, blue: Float, opacity: Float = 1) {
            let c = Color(colorSpace, red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(opacity))
            self.red = Float(c.red)
            self.green = Float(c.green)
            self.blue = Float(c.blue)
            self.opacity = Float(c.opacity)
        }

        /// The red component in linear sRGB.
        public var linearRed: Float { Float(RGBColorSpace.linear(fromSRGB: Double(red))) }
        /// The green component in linear sRGB.
        public var linearGreen: Float { Float(RGBColorSpace.linear(fromSRGB: Double(green))) }
        /// The blue component in linear sRGB.
        public var linearBlue: Float { Float(RGBColorSpace.linear(fromSRGB: Double(blue))) }
    }
}

// The semantic colours, with the light and dark values of the UIKit colours SwiftUI resolves them to on
// iOS (Apple's Human Interface Guidelines, "Color", and UIKit's "UI element colors"):
// - primary is `label`: black in light, white in dark;
// - secondary is `secondaryLabel`: rgb(60, 60, 67) at 60 % in light, rgb(235, 235, 245) at 60 % in dark;
// - accentColor is the catalog's `AccentColor` (Xcode's default accent colour name), or else the
//   default tint, `systemBlue`: #007AFF in light, #0A84FF in dark.
// The standard colours (`.red`, `.blue`, …) keep their light values in every scheme.
extension Color {
    /// The colour of primary content: black in the light colour scheme, white in the dark one.
    public static let primary = Color(light: .black, dark: .white)

    /// The colour of secondary content: rgb(60, 60, 67) at 60 % opacity in the light colour scheme,
    /// rgb(235, 235, 245) at 60 % in the dark one.
    public static let secondary = Color(
        light: Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.6),
        dark: Color(red: 235 / 255, green: 235 / 255, blue: 245 / 255, opacity: 0.6))

    /// The accent colour: the `AccentColor` of the drawing's asset catalogs when one has it (as an
    /// app's accent colour comes from its catalog's `AccentColor`), otherwise system blue, #007AFF in
    /// the light colour scheme and #0A84FF in the dark one.
    public static let accentColor: Color = {
        var color = Color.blue
        color.adaptation = Adaptation(.accent(dark: Color(red: 10 / 255, green: 132 / 255, blue: 1), opacity: 1))
        return color
    }()
}
