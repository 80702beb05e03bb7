import FlipbookDrawing
import Foundation

extension Timeline.Layer {
    /// One of the canvas's filters (``CairoCanvas/Filter``) applied to a whole layer, with its
    /// amounts and colours keyframed in the layer's clock.
    public enum Filter: Sendable, Equatable {
        /// ``CairoCanvas/Filter/shadow(color:radius:x:y:blendMode:options:)``.
        case shadow(color: Keyframed<Color>, radius: Keyframed<Double>, x: Keyframed<Double>, y: Keyframed<Double>)
        /// ``CairoCanvas/Filter/blur(radius:options:)``.
        case blur(radius: Keyframed<Double>)
        /// ``CairoCanvas/Filter/brightness(_:)``.
        case brightness(Keyframed<Double>)
        /// ``CairoCanvas/Filter/contrast(_:)``.
        case contrast(Keyframed<Double>)
        /// ``CairoCanvas/Filter/saturation(_:)``.
        case saturation(Keyframed<Double>)
        /// ``CairoCanvas/Filter/grayscale(_:)``.
        case grayscale(Keyframed<Double>)
        /// ``CairoCanvas/Filter/hueRotation(_:)``.
        case hueRotation(Keyframed<Angle>)
        /// ``CairoCanvas/Filter/colorInvert(_:)``.
        case colorInvert(Keyframed<Double>)
        /// ``CairoCanvas/Filter/colorMultiply(_:)``.
        case colorMultiply(Keyframed<Color>)
        /// ``CairoCanvas/Filter/colorMatrix(_:)``.
        case colorMatrix(Keyframed<ColorMatrix>)
        /// ``CairoCanvas/Filter/luminanceToAlpha``.
        case luminanceToAlpha
        /// ``CairoCanvas/Filter/alphaThreshold(min:max:color:)``.
        case alphaThreshold(min: Keyframed<Double>, max: Keyframed<Double>, color: Keyframed<Color>)

        /// The canvas filter at `time` (seconds in the layer's clock).
        public func resolved(at time: TimeInterval) -> GraphicsContext.Filter {
            switch self {
            case .shadow(let color, let radius, let x, let y):
                .shadow(color: color.value(at: time), radius: CGFloat(radius.value(at: time)),
                        x: CGFloat(x.value(at: time)), y: CGFloat(y.value(at: time)))
            case .blur(let radius): .blur(radius: CGFloat(radius.value(at: time)))
            case .brightness(let amount): .brightness(amount.value(at: time))
            case .contrast(let amount): .contrast(amount.value(at: time))
            case .saturation(let amount): .saturation(amount.value(at: time))
            case .grayscale(let amount): .grayscale(amount.value(at: time))
            case .hueRotation(let angle): .hueRotation(angle.value(at: time))
            case .colorInvert(let amount): .colorInvert(amount.value(at: time))
            case .colorMultiply(let color): .colorMultiply(color.value(at: time))
            case .colorMatrix(let matrix): .colorMatrix(matrix.value(at: time))
            case .luminanceToAlpha: .luminanceToAlpha
            case .alphaThreshold(let min, let max, let color):
                .alphaThreshold(min: min.value(at: time), max: max.value(at: time), color: color.value(at: time))
            }
        }
    }
}
