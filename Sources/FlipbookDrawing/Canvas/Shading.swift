import Foundation

extension CairoCanvas {
    /// What fills or strokes a shape: a colour, a gradient, a tiled image or the context's foreground
    /// style, as in SwiftUI.
    ///
    /// Gradient geometry (points, radii, centres) and a tiled image's origin are in the user space of
    /// the context that draws. Semantic and asset-catalog colours (in a colour or a gradient) are
    /// resolved for the context's ``CairoCanvas/environment`` when drawn.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case color(Color)
            /// The drawing context's ``CairoCanvas/foregroundStyle``.
            case foreground
            /// A gradient from the top to the bottom of the drawn shape's bounds (SwiftUI's `Gradient`
            /// used as a shape style).
            case boundsGradient(Gradient)
            /// `image`'s `sourceRect` (a unit rectangle of the image) repeated from `origin`, each tile
            /// the image's size in points times `scale` times the source rectangle's size. Boxed
            /// (`indirect`): an image is large, and every shading (a confetti piece's colour) would
            /// otherwise be as large and as slow to copy.
            indirect case tiledImage(Image, origin: CGPoint, sourceRect: CGRect, scale: CGFloat)
            case linear(Gradient, start: CGPoint, end: CGPoint, options: GradientOptions)
            case radial(Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat, options: GradientOptions)
            case conic(Gradient, center: CGPoint, angle: Angle, options: GradientOptions)
        }

        let kind: Kind

        /// A solid colour.
        public static func color(_ color: Color) -> Shading {
            Shading(kind: .color(color))
        }

        /// A solid sRGB colour from components.
        public static func color(red: Double, green: Double, blue: Double, opacity: Double = 1) -> Shading {
            Shading(kind: .color(Color(red: red, green: green, blue: blue, opacity: opacity)))
        }

        /// A solid colour from components in `colorSpace` (see ``Color/RGBColorSpace``).
        public static func color(
            _ colorSpace: Color.RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1
        ) -> Shading {
            Shading(kind: .color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity)))
        }

        /// A solid grey with the given white level.
        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) -> Shading {
            Shading(kind: .color(Color(colorSpace, white: white, opacity: opacity)))
        }

        /// The drawing context's foreground style (``CairoCanvas/foregroundStyle``, ``Color/primary``
        /// unless set), as SwiftUI's `.foreground` shading is the canvas's foreground style.
        public static var foreground: Shading { Shading(kind: .foreground) }

        /// A shape style as a shading: a ``Color`` or ``Color/Resolved`` paints that colour, a
        /// ``Gradient`` a linear gradient from the top to the bottom of the shape's bounds (as SwiftUI
        /// draws a `Gradient` used as a style), a ``Shading`` itself, ``ForegroundStyle`` the foreground.
        /// A style of another type paints nothing.
        public static func style<S: ShapeStyle>(_ style: S) -> Shading {
            switch style {
            case let color as Color: return .color(color)
            case let resolved as Color.Resolved: return .color(Color(resolved))
            case let gradient as Gradient: return Shading(kind: .boundsGradient(gradient))
            case let shading as Shading: return shading
            case is ForegroundStyle: return .foreground
            default: return .color(.clear)
            }
        }

        /// `image` repeated in both directions, as SwiftUI's `tiledImage(_:origin:sourceRect:scale:)`.
        ///
        /// - Parameters:
        ///   - origin: Where a tile's top-left corner lies, in the drawing context's user space.
        ///   - sourceRect: The part of the image that makes a tile, in unit coordinates of the image (the
        ///     default is the whole image); it is rounded out to whole pixels.
        ///   - scale: A tile is the image's size in points (pixels ÷ the image's scale) times the source
        ///     rectangle's size times `scale`. It must be positive and finite.
        ///
        /// The image is drawn in its own colours, also a template image.
        public static func tiledImage(
            _ image: Image, origin: CGPoint = .zero, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
            scale: CGFloat = 1
        ) -> Shading {
            Shading(kind: .tiledImage(image, origin: origin, sourceRect: sourceRect, scale: scale))
        }

        /// A gradient along the line from `startPoint` (location 0) to `endPoint` (location 1).
        /// Beyond the ends the end colours extend, unless `options` asks to repeat or mirror.
        public static func linearGradient(
            _ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading(kind: .linear(gradient, start: startPoint, end: endPoint, options: options))
        }

        /// A gradient of circles around `center`, from `startRadius` (location 0) to `endRadius`
        /// (location 1).
        public static func radialGradient(
            _ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
            options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading(kind: .radial(gradient, center: center, startRadius: startRadius, endRadius: endRadius,
                                  options: options))
        }

        /// An angular gradient around `center`: location 0 lies in the direction `angle` from the
        /// positive x axis, and locations grow clockwise on screen (y down), reaching 1 after a full turn.
        ///
        /// A full turn covers every location exactly once, so `.repeat` and `.mirror` have no effect;
        /// `.linearColor` does.
        public static func conicGradient(
            _ gradient: Gradient, center: CGPoint, angle: Angle = .zero, options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading(kind: .conic(gradient, center: center, angle: angle, options: options))
        }

        /// The first non-finite value in the shading, for diagnostics. A colour's components are kept
        /// finite by `Color`, so it is answered in line; gradients are looked at in full.
        @inline(__always)
        func problem() -> String? {
            if case .color = kind { return nil }
            return gradientProblem()
        }

        private func gradientProblem() -> String? {
            func bad(_ p: CGPoint) -> Bool { !p.x.isFinite || !p.y.isFinite }
            switch kind {
            case .color, .foreground:
                return nil
            case .boundsGradient(let gradient):
                return gradient.problem()
            case .tiledImage(_, let origin, let sourceRect, let scale):
                if bad(origin) { return "the tiled image's origin is not finite (\(origin))" }
                let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
                guard [sourceRect.minX, sourceRect.minY, sourceRect.width, sourceRect.height].allSatisfy(\.isFinite),
                      !sourceRect.standardized.intersection(unit).isEmpty
                else { return "the tiled image's source rectangle \(sourceRect) does not overlap the image (0, 0, 1, 1)" }
                guard scale.isFinite, scale > 0 else { return "the tiled image's scale must be positive and finite; it is \(scale)" }
                return nil
            case .linear(let gradient, let start, let end, _):
                if bad(start) || bad(end) { return "the gradient's end points are not finite (\(start), \(end))" }
                return gradient.problem()
            case .radial(let gradient, let center, let r0, let r1, _):
                if bad(center) { return "the gradient's centre is not finite (\(center))" }
                if !r0.isFinite || !r1.isFinite { return "the gradient's radii are not finite (\(r0), \(r1))" }
                return gradient.problem()
            case .conic(let gradient, let center, let angle, _):
                if bad(center) { return "the gradient's centre is not finite (\(center))" }
                if !angle.radians.isFinite { return "the gradient's angle is not finite (\(angle.radians))" }
                return gradient.problem()
            }
        }
    }
}
