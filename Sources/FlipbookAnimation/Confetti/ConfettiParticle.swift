import FlipbookDrawing
import Foundation

/// One piece of confetti: where and when it is launched, and how it tumbles, flutters and flips.
///
/// A particle holds only its initial conditions; ``state(at:physics:)`` computes where it is at any
/// time in closed form, so a frame never depends on the frames before it.
public struct ConfettiParticle: Sendable, Equatable {
    /// The fill colour.
    public var color: Color
    /// The unflipped size in points.
    public var size: CGSize
    /// Where the particle's centre is at its birth, in points.
    public var initialPosition: CGPoint
    /// The launch velocity in points per second (negative dy goes up).
    public var initialVelocity: CGVector
    /// The rotation at birth, in degrees (clockwise on screen).
    public var initialRotation: Double
    /// The spin in degrees per second.
    public var rotationSpeed: Double
    /// When the particle is launched, in scene seconds (the article's `createdAt`, made a pure time).
    public var birthTime: TimeInterval
    /// The horizontal flutter amplitude in points.
    public var flutterAmplitude: CGFloat
    /// The flutter's angular frequency in radians per second.
    public var flutterFrequency: CGFloat
    /// The flutter's phase in radians.
    public var flutterPhase: CGFloat
    /// The flip's angular frequency in radians per second (how fast the paper turns edge-on and back).
    public var flipFrequency: CGFloat
    /// The flip's phase in radians.
    public var flipPhase: CGFloat
    /// How strongly the particle drifts sideways, away from the centre, in points per second squared.
    public var spreadStrength: CGFloat
    /// The outline, fitted into the particle's rectangle.
    public var shape: ConfettiShape

    /// A particle with every initial condition given explicitly.
    public init(
        color: Color, size: CGSize, initialPosition: CGPoint, initialVelocity: CGVector,
        initialRotation: Double, rotationSpeed: Double, birthTime: TimeInterval,
        flutterAmplitude: CGFloat, flutterFrequency: CGFloat, flutterPhase: CGFloat,
        flipFrequency: CGFloat, flipPhase: CGFloat, spreadStrength: CGFloat,
        shape: ConfettiShape = .rectangle
    ) {
        self.color = color
        self.size = size
        self.initialPosition = initialPosition
        self.initialVelocity = initialVelocity
        self.initialRotation = initialRotation
        self.rotationSpeed = rotationSpeed
        self.birthTime = birthTime
        self.flutterAmplitude = flutterAmplitude
        self.flutterFrequency = flutterFrequency
        self.flutterPhase = flutterPhase
        self.flipFrequency = flipFrequency
        self.flipPhase = flipPhase
        self.spreadStrength = spreadStrength
        self.shape = shape
    }

    /// Where a particle is and how it looks at one moment.
    public struct State: Sendable, Equatable {
        /// The centre, in points.
        public var position: CGPoint
        /// The rotation (clockwise on screen).
        public var rotation: Angle
        /// The opacity, 1 until the fade-out and falling linearly to 0 at the end of the lifetime.
        public var opacity: Double
        /// The width after the flip squashes it; the height is unchanged.
        public var apparentWidth: CGFloat

        /// A particle's state at one moment.
        public init(position: CGPoint, rotation: Angle, opacity: Double, apparentWidth: CGFloat) {
            self.position = position
            self.rotation = rotation
            self.opacity = opacity
            self.apparentWidth = apparentWidth
        }
    }

    /// The particle's state at scene time `time`, or `nil` when it is not alive then
    /// (its age `time − birthTime` is negative or at least the lifetime).
    ///
    /// With age t:
    /// - dragFactor = 1 − e^(−drag·t)
    /// - x = x0 + (vx / drag)·dragFactor + flutterAmplitude·sin(flutterFrequency·t + flutterPhase)
    ///   + spreadDir·spreadStrength·t², spreadDir = +1 if vx ≥ 0 else −1
    /// - y = y0 + (vy / drag)·dragFactor + terminalVelocity·(t − dragFactor / drag)
    /// - plus, when there is wind, wind·(t − dragFactor / drag) on both axes
    /// - rotation = initialRotation + rotationSpeed·t degrees
    /// - opacity = remaining / fadeOutDuration while remaining = lifetime − t < fadeOutDuration, else 1
    /// - apparentWidth = width·max(minimumFlipScale, |cos(flipFrequency·t + flipPhase)|)
    public func state(at time: TimeInterval, physics: ConfettiPhysics = ConfettiPhysics()) -> State? {
        ConfettiMotion(self).state(at: time, physics: physics)
    }
}
