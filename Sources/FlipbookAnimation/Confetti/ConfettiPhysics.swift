import FlipbookDrawing
import Foundation

/// The constants of the confetti motion model: gravity, air drag, how long a particle lives and how
/// it fades and flips.
///
/// The defaults are the article's: gravity 280 pt/s², drag 1.6 /s, lifetime 1.5 s, a fade over the
/// last 0.4 s, and a flip that never narrows a particle below 15 % of its width.
public struct ConfettiPhysics: Sendable, Equatable {
    /// Downward acceleration in points per second squared.
    public var gravity: CGFloat
    /// Linear air drag in 1/s: velocity relaxes toward terminal velocity as e^(−drag·t).
    public var drag: CGFloat
    /// How long a particle is drawn, in seconds after its birth.
    public var lifetime: TimeInterval
    /// A particle fades linearly to transparent over this many seconds before its lifetime ends.
    public var fadeOutDuration: TimeInterval
    /// The smallest fraction of its width a flipping particle shows (so it never vanishes edge-on).
    public var minimumFlipScale: CGFloat
    /// A constant wind: the velocity of the air, in points per second. Zero by default.
    ///
    /// Drag pulls a particle toward the air's velocity with the same time constant as gravity's
    /// terminal velocity, so wind adds `wind · (t − dragFactor / drag)` to the position — the same
    /// form as the gravity term. With the default `.zero` the article's formulas are untouched.
    public var wind: CGVector

    /// Physics with the article's constants by default.
    public init(
        gravity: CGFloat = 280, drag: CGFloat = 1.6, lifetime: TimeInterval = 1.5,
        fadeOutDuration: TimeInterval = 0.4, minimumFlipScale: CGFloat = 0.15, wind: CGVector = .zero
    ) {
        self.gravity = gravity
        self.drag = drag
        self.lifetime = lifetime
        self.fadeOutDuration = fadeOutDuration
        self.minimumFlipScale = minimumFlipScale
        self.wind = wind
    }

    /// The speed a falling particle approaches: `gravity / drag` (175 pt/s by default).
    public var terminalVelocity: CGFloat { gravity / drag }

    /// Checks that the constants describe a usable model, naming the offending field.
    ///
    /// - Parameter keyPath: Prefix for messages, such as `"physics"` or `"layers[0].physics"`.
    func validate(keyPath: String = "physics") throws {
        try check(gravity.isFinite && abs(gravity) <= 1e6, "\(keyPath).gravity", "a finite number of points per second squared (at most 1000000 in size)", gravity)
        try check(drag.isFinite && drag > 0 && drag <= 1000, "\(keyPath).drag", "greater than 0 and at most 1000 (per second)", drag)
        try check(lifetime.isFinite && lifetime > 0 && lifetime <= 3600, "\(keyPath).lifetime", "greater than 0 and at most 3600 seconds", lifetime)
        try check(fadeOutDuration.isFinite && fadeOutDuration >= 0 && fadeOutDuration <= lifetime,
                  "\(keyPath).fadeOutDuration", "between 0 and the lifetime (\(lifetime) s)", fadeOutDuration)
        try check(minimumFlipScale.isFinite && minimumFlipScale >= 0 && minimumFlipScale <= 1,
                  "\(keyPath).minimumFlipScale", "between 0 and 1", minimumFlipScale)
        try check(wind.dx.isFinite && wind.dy.isFinite && abs(wind.dx) <= 1e6 && abs(wind.dy) <= 1e6,
                  "\(keyPath).wind", "finite (at most 1000000 points per second in each direction)", "[\(wind.dx), \(wind.dy)]")
    }
}
