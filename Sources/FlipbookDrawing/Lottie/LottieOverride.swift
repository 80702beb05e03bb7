import Foundation

/// A change to every property a keypath matches, applied by rlottie as it draws: rlottie's
/// `lottie_animation_property_override`.
///
/// A keypath names layers, groups and shapes by their names (`nm`) joined with dots, where `*`
/// matches one name and `**` any number: `"**.Fill 1"` is every shape named "Fill 1".
public struct LottieOverride: Sendable, Equatable {
    /// The property changed, and its new value.
    public enum Property: Sendable, Equatable {
        /// A fill's colour (its opacity is the colour's red, green and blue only; see ``fillOpacity(_:)``).
        case fillColor(Color)
        /// A fill's opacity, 0…1.
        case fillOpacity(Double)
        /// A stroke's colour.
        case strokeColor(Color)
        /// A stroke's opacity, 0…1.
        case strokeOpacity(Double)
        /// A stroke's width, in the animation's units, at least 0.
        case strokeWidth(Double)
        /// A layer's or group's position.
        case position(CGPoint)
        /// A layer's or group's scale, 1 being its own size.
        case scale(CGSize)
        /// A layer's or group's rotation, clockwise.
        case rotation(Angle)
    }

    /// Which properties: names joined with dots, `*` and `**` wildcards.
    public var keypath: String
    /// The new value.
    public var property: Property

    /// Sets `property` wherever `keypath` matches.
    public init(keypath: String, _ property: Property) {
        self.keypath = keypath
        self.property = property
    }

    /// Why this override cannot be applied, or `nil`: the keypath must be non-empty text without NUL,
    /// opacities within 0…1, a stroke width finite and at least 0, every number finite.
    package var problem: String? {
        if keypath.isEmpty { return "has an empty keypath; name the layers and shapes, such as \"**.Fill 1\"." }
        if keypath.contains("\0") { return "has a keypath with a NUL character." }
        func fraction(_ value: Double) -> String? {
            (0...1).contains(value) ? nil : "must have an opacity between 0 and 1; it is \(value)."
        }
        switch property {
        case .fillColor, .strokeColor: return nil
        case .fillOpacity(let value), .strokeOpacity(let value): return fraction(value)
        case .strokeWidth(let value):
            return value.isFinite && value >= 0 ? nil : "must have a stroke width of at least 0; it is \(value)."
        case .position(let p):
            return p.x.isFinite && p.y.isFinite ? nil : "must have a finite point; it is (\(p.x), \(p.y))."
        case .scale(let s):
            return s.width.isFinite && s.height.isFinite ? nil : "must have a finite scale; it is (\(s.width), \(s.height))."
        case .rotation(let angle):
            return angle.degrees.isFinite ? nil : "must have a finite rotation; it is \(angle.degrees)."
        }
    }
}
