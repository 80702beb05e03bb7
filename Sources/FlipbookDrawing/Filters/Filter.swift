import Foundation

extension CairoCanvas {
    /// An image-processing effect for ``CairoCanvas/addFilter(_:options:)``, made by one of SwiftUI's
    /// factory methods.
    ///
    /// Colour filters work on un-premultiplied components, on the gamma-encoded sRGB values (SwiftUI's
    /// non-linear default) unless the filter is added with ``FilterOptions/linearColor``; their matrices
    /// are those of the W3C Filter Effects specification (see ``ColorMatrix``), which SwiftUI and
    /// Core Image follow.
    public struct Filter: Sendable {
        let kind: Kind

        enum Kind: Sendable {
            case shadow(color: Color, radius: CGFloat, x: CGFloat, y: CGFloat, blendMode: BlendMode, options: ShadowOptions)
            case blur(radius: CGFloat, options: BlurOptions)
            case matrix(ColorMatrix)
            /// Kept as a colour until the context that adds it resolves it for its colour scheme.
            case colorMultiply(Color)
            case alphaThreshold(min: Double, max: Double, color: Color)
            case projection(ProjectionTransform)
        }

        /// A drop shadow: the layer's alpha, offset by `(x, y)` and blurred by `radius` (the blur's
        /// standard deviation, see ``blur(radius:options:)``), painted in `color` and composited under
        /// the layer with `blendMode` (above it with ``ShadowOptions/shadowAbove``).
        ///
        /// The default colour is black at 33% opacity, SwiftUI's default.
        public static func shadow(
            color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0,
            blendMode: BlendMode = .normal, options: ShadowOptions = ShadowOptions()
        ) -> Filter {
            Filter(kind: .shadow(color: color, radius: radius, x: x, y: y, blendMode: blendMode, options: options))
        }

        /// A Gaussian blur whose standard deviation is `radius` points.
        ///
        /// SwiftUI's blur radius is the standard deviation σ of the Gaussian, as in Core Image's
        /// `CIGaussianBlur` (`inputRadius` is σ) and SVG's `feGaussianBlur` (`stdDeviation`): an edge
        /// blurred by radius r goes from 16% to 84% over 2r. Flipbook blurs premultiplied pixels, so
        /// transparent areas do not darken colours. Negative radii act as 0.
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            Filter(kind: .blur(radius: radius, options: options))
        }

        /// Multiplies each component (alpha too) by `color`'s.
        public static func colorMultiply(_ color: Color) -> Filter {
            Filter(kind: .colorMultiply(color))
        }

        /// The matrix that multiplies each component by `color`'s (its components as they are).
        static func multiplying(by color: Color) -> ColorMatrix {
            var m = ColorMatrix()
            m.r1 = Float(color.red)
            m.g2 = Float(color.green)
            m.b3 = Float(color.blue)
            m.a4 = Float(color.opacity)
            return m
        }

        /// Maps each pixel through `matrix`.
        public static func colorMatrix(_ matrix: ColorMatrix) -> Filter {
            Filter(kind: .matrix(matrix))
        }

        /// Adds `amount` to the red, green and blue components, as Core Image's `CIColorControls`
        /// brightness (not SVG's `brightness`, which multiplies).
        public static func brightness(_ amount: Double) -> Filter {
            Filter(kind: .matrix(StandardColorMatrix.brightness(amount)))
        }

        /// Scales the colour components' distance from middle grey by `amount` (1 leaves them).
        public static func contrast(_ amount: Double) -> Filter {
            Filter(kind: .matrix(StandardColorMatrix.contrast(amount)))
        }

        /// SVG's `saturate`: 0 is grey, 1 leaves the colour, more over-saturates.
        public static func saturation(_ amount: Double) -> Filter {
            Filter(kind: .matrix(StandardColorMatrix.saturation(amount)))
        }

        /// CSS's `grayscale()`: 0 leaves the colour, 1 is fully grey.
        public static func grayscale(_ amount: Double) -> Filter {
            Filter(kind: .matrix(StandardColorMatrix.grayscale(amount)))
        }

        /// SVG's `hueRotate` by `angle`.
        public static func hueRotation(_ angle: Angle) -> Filter {
            Filter(kind: .matrix(StandardColorMatrix.hueRotation(angle.radians)))
        }

        /// CSS's `invert()`: each colour component `c` becomes `c + amount · (1 − 2c)`.
        public static func colorInvert(_ amount: Double = 1) -> Filter {
            Filter(kind: .matrix(StandardColorMatrix.colorInvert(amount)))
        }

        /// SVG's `luminanceToAlpha`: black, with the colour's luminance as its alpha.
        public static var luminanceToAlpha: Filter {
            Filter(kind: .matrix(StandardColorMatrix.luminanceToAlpha))
        }

        /// Replaces each pixel whose alpha is within `min...max` by `color`, and every other pixel by
        /// transparency.
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = Color.black) -> Filter {
            Filter(kind: .alphaThreshold(min: min, max: max, color: color))
        }

        /// Maps the layer through `matrix`, in the user space of the context the filter was added to.
        public static func projectionTransform(_ matrix: ProjectionTransform) -> Filter {
            Filter(kind: .projection(matrix))
        }

        /// Why the filter cannot be used (a non-finite number), or `nil`.
        func problem() -> String? {
            func finite(_ values: [Double]) -> Bool { values.allSatisfy(\.isFinite) }
            func finite(_ c: Color) -> Bool { finite([c.red, c.green, c.blue, c.opacity]) }
            switch kind {
            case .shadow(let color, let radius, let x, let y, _, _):
                guard finite(color) else { return "the shadow colour is not finite" }
                guard finite([Double(radius), Double(x), Double(y)]) else {
                    return "the shadow radius or offset is not finite (\(radius), \(x), \(y))"
                }
            case .blur(let radius, _):
                guard radius.isFinite else { return "the blur radius is not finite (\(radius))" }
            case .matrix(let m):
                let entries = [m.r1, m.r2, m.r3, m.r4, m.r5, m.g1, m.g2, m.g3, m.g4, m.g5,
                               m.b1, m.b2, m.b3, m.b4, m.b5, m.a1, m.a2, m.a3, m.a4, m.a5]
                guard entries.allSatisfy(\.isFinite) else { return "the colour matrix has a non-finite entry" }
            case .alphaThreshold(let min, let max, let color):
                guard finite([min, max]), finite(color) else { return "the alpha threshold is not finite" }
            case .colorMultiply(let color):
                guard finite(color) else { return "the colour to multiply by is not finite" }
            case .projection(let p):
                guard p.isFinite else { return "the projection transform has a non-finite entry" }
            }
            return nil
        }
    }
}
