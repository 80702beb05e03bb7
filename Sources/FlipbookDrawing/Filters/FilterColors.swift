import Foundation

extension CairoCanvas.Filter {
    /// The filter with its colours (a shadow's, a threshold's) fixed for `environment`, so that
    /// `.shadow(color: .primary, …)` follows the drawing's colour scheme.
    func resolved(in environment: EnvironmentValues) -> Self {
        switch kind {
        case .shadow(let color, let radius, let x, let y, let blendMode, let options) where !color.isFixed:
            return Self(kind: .shadow(color: color.resolved(in: environment), radius: radius, x: x, y: y,
                                      blendMode: blendMode, options: options))
        case .alphaThreshold(let min, let max, let color) where !color.isFixed:
            return Self(kind: .alphaThreshold(min: min, max: max, color: color.resolved(in: environment)))
        case .colorMultiply(let color):
            return Self(kind: .matrix(Self.multiplying(by: color.isFixed ? color : color.resolved(in: environment))))
        default:
            return self
        }
    }
}
