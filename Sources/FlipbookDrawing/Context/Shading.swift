import Foundation

extension CairoCanvas {
    /// What fills or strokes a shape: a colour or a gradient, as in SwiftUI.
    ///
    /// Gradient geometry (points, radii, centres) is in the user space of the context that draws.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case color(Color)
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
            case .color:
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
