import FlipbookDrawing
import Foundation

/// A value that can be added, subtracted and scaled: what keyframes and springs interpolate.
///
/// SwiftUI's protocol of the same name; `Double`, `CGFloat` and ``AnimatablePair`` conform.
public protocol VectorArithmetic: AdditiveArithmetic, Sendable {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// The value with every component multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
}

/// A value whose ``animatableData`` keyframes and springs move: SwiftUI's protocol of the same name.
public protocol Animatable {
    /// The vector the value is interpolated as.
    associatedtype AnimatableData: VectorArithmetic
    /// The value as that vector; setting it sets the value.
    var animatableData: AnimatableData { get set }
}

/// Two vectors as one, so a value of several parts (a point, a size, a colour) is one vector.
@frozen
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first part.
    public var first: First
    /// The second part.
    public var second: Second

    /// The pair of `first` and `second`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public static var zero: AnimatablePair { AnimatablePair(.zero, .zero) }
    public static func + (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair {
        AnimatablePair(lhs.first + rhs.first, lhs.second + rhs.second)
    }
    public static func - (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair {
        AnimatablePair(lhs.first - rhs.first, lhs.second - rhs.second)
    }
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension Double: VectorArithmetic, Animatable {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
    public var animatableData: Double {
        get { self }
        set { self = newValue }
    }
}

#if !canImport(CoreGraphics)
extension CGFloat: VectorArithmetic, Animatable {
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
    public var animatableData: CGFloat {
        get { self }
        set { self = newValue }
    }
}
#endif

extension CGPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension UnitPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { (origin.animatableData, size.animatableData) = (newValue.first, newValue.second) }
    }
}

extension Angle: Animatable {
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

extension Color: Animatable {
    /// Premultiplied linear-light red, green, blue and the opacity: colours mix as light does, and a
    /// fade to `.clear` does not pass through grey.
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
        get {
            let linear = { (v: Double) in Color.RGBColorSpace.linear(fromSRGB: v) * opacity }
            return AnimatablePair(AnimatablePair(linear(red), linear(green)), AnimatablePair(linear(blue), opacity))
        }
        set {
            let alpha = min(max(newValue.second.second, 0), 1)
            let encode = { (v: Double) -> Double in
                alpha > 0 ? Color.RGBColorSpace.sRGB(fromLinear: min(max(v / alpha, 0), 1)) : 0
            }
            self = Color(red: encode(newValue.first.first), green: encode(newValue.first.second),
                         blue: encode(newValue.second.first), opacity: alpha)
        }
    }
}
