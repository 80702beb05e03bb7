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

    /// The article's gravity: 280 points per second squared.
    public static let defaultGravity: CGFloat = 280
    /// The article's drag: 1.6 per second.
    public static let defaultDrag: CGFloat = 1.6
    /// The article's lifetime: 1.5 seconds.
    public static let defaultLifetime: TimeInterval = 1.5
    /// The article's fade: over the last 0.4 seconds.
    public static let defaultFadeOutDuration: TimeInterval = 0.4
    /// The article's narrowest flip: 15 % of the width.
    public static let defaultMinimumFlipScale: CGFloat = 0.15
    /// No wind.
    public static let defaultWind = CGVector.zero

    /// Physics with the article's constants by default.
    public init(
        gravity: CGFloat = ConfettiPhysics.defaultGravity, drag: CGFloat = ConfettiPhysics.defaultDrag,
        lifetime: TimeInterval = ConfettiPhysics.defaultLifetime,
        fadeOutDuration: TimeInterval = ConfettiPhysics.defaultFadeOutDuration,
        minimumFlipScale: CGFloat = ConfettiPhysics.defaultMinimumFlipScale, wind: CGVector = ConfettiPhysics.defaultWind
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
}
