import FlipbookDrawing
import Foundation

/// What a group of particles looks like and how each one tumbles: the random distributions a burst or
/// an emission draws every particle's colour, size, shape, spin, flutter, flip and sideways spread from.
///
/// The defaults are the article's. Ranges are sampled uniformly.
public struct ConfettiStyle: Sendable, Equatable {
    /// The article's palette: red, orange, yellow, green, blue, purple.
    public static let defaultPalette: [Color] = [.red, .orange, .yellow, .green, .blue, .purple]
    /// The article's sizes: 10×10, 12×7 and 7×12 points.
    public static let defaultSizes: [CGSize] = [
        CGSize(width: 10, height: 10), CGSize(width: 12, height: 7), CGSize(width: 7, height: 12),
    ]
    /// No scaling.
    public static let defaultScale: CGFloat = 1
    /// The article's rectangles.
    public static let defaultShapes: [ConfettiShape] = [.rectangle]
    /// Any rotation at birth: 0...360 degrees.
    public static let defaultRotation: ClosedRange<Double> = 0...360
    /// The article's spin: −400...400 degrees per second.
    public static let defaultRotationSpeed: ClosedRange<Double> = -400...400
    /// The article's flutter amplitude: 25...45 points.
    public static let defaultFlutterAmplitude: ClosedRange<Double> = 25...45
    /// The article's flutter frequency: 4...7 radians per second.
    public static let defaultFlutterFrequency: ClosedRange<Double> = 4...7
    /// Any flutter phase: 0...2π radians.
    public static let defaultFlutterPhase: ClosedRange<Double> = 0...(2 * .pi)
    /// The article's flip frequency: 3...6 radians per second.
    public static let defaultFlipFrequency: ClosedRange<Double> = 3...6
    /// Any flip phase: 0...2π radians.
    public static let defaultFlipPhase: ClosedRange<Double> = 0...(2 * .pi)
    /// The article's sideways spread: 8...18 points per second squared.
    public static let defaultSpreadStrength: ClosedRange<Double> = 8...18

    /// Colours, picked uniformly.
    public var palette: [Color]
    /// Sizes in points, picked uniformly, then multiplied by ``scale``.
    public var sizes: [CGSize]
    /// A factor on every size (not on the motion).
    public var scale: CGFloat
    /// Shapes, picked uniformly.
    public var shapes: [ConfettiShape]
    /// The rotation at birth, in degrees.
    public var rotation: ClosedRange<Double>
    /// The spin, in degrees per second.
    public var rotationSpeed: ClosedRange<Double>
    /// The flutter amplitude, in points.
    public var flutterAmplitude: ClosedRange<Double>
    /// The flutter's angular frequency, in radians per second.
    public var flutterFrequency: ClosedRange<Double>
    /// The flutter's phase, in radians.
    public var flutterPhase: ClosedRange<Double>
    /// The flip's angular frequency, in radians per second.
    public var flipFrequency: ClosedRange<Double>
    /// The flip's phase, in radians.
    public var flipPhase: ClosedRange<Double>
    /// The sideways spread, in points per second squared.
    public var spreadStrength: ClosedRange<Double>

    /// A style with the article's distributions by default.
    public init(
        palette: [Color] = ConfettiStyle.defaultPalette,
        sizes: [CGSize] = ConfettiStyle.defaultSizes,
        scale: CGFloat = ConfettiStyle.defaultScale,
        shapes: [ConfettiShape] = ConfettiStyle.defaultShapes,
        rotation: ClosedRange<Double> = ConfettiStyle.defaultRotation,
        rotationSpeed: ClosedRange<Double> = ConfettiStyle.defaultRotationSpeed,
        flutterAmplitude: ClosedRange<Double> = ConfettiStyle.defaultFlutterAmplitude,
        flutterFrequency: ClosedRange<Double> = ConfettiStyle.defaultFlutterFrequency,
        flutterPhase: ClosedRange<Double> = ConfettiStyle.defaultFlutterPhase,
        flipFrequency: ClosedRange<Double> = ConfettiStyle.defaultFlipFrequency,
        flipPhase: ClosedRange<Double> = ConfettiStyle.defaultFlipPhase,
        spreadStrength: ClosedRange<Double> = ConfettiStyle.defaultSpreadStrength
    ) {
        self.palette = palette
        self.sizes = sizes
        self.scale = scale
        self.shapes = shapes
        self.rotation = rotation
        self.rotationSpeed = rotationSpeed
        self.flutterAmplitude = flutterAmplitude
        self.flutterFrequency = flutterFrequency
        self.flutterPhase = flutterPhase
        self.flipFrequency = flipFrequency
        self.flipPhase = flipPhase
        self.spreadStrength = spreadStrength
    }

    /// Makes one particle launched from `launch`, drawing from `random` in this fixed order:
    /// size, colour, shape, initial rotation, rotation speed, flutter amplitude, flutter frequency,
    /// flutter phase, flip frequency, flip phase, spread strength (one draw each, ten in all).
    func particle(
        birthTime: TimeInterval, launch: (position: CGPoint, velocity: CGVector), using random: inout SeededRandom
    ) -> ConfettiParticle {
        let baseSize = sizes[random.index(below: sizes.count)]
        let color = palette[random.index(below: palette.count)]
        let shape = shapes[random.index(below: shapes.count)]
        let initialRotation = random.uniform(rotation)
        let rotationSpeed = random.uniform(rotationSpeed)
        let flutterAmplitude = random.uniform(flutterAmplitude)
        let flutterFrequency = random.uniform(flutterFrequency)
        let flutterPhase = random.uniform(flutterPhase)
        let flipFrequency = random.uniform(flipFrequency)
        let flipPhase = random.uniform(flipPhase)
        let spreadStrength = random.uniform(spreadStrength)
        return ConfettiParticle(
            color: color,
            size: CGSize(width: baseSize.width * scale, height: baseSize.height * scale),
            initialPosition: launch.position, initialVelocity: launch.velocity,
            initialRotation: initialRotation, rotationSpeed: rotationSpeed, birthTime: birthTime,
            flutterAmplitude: flutterAmplitude, flutterFrequency: flutterFrequency, flutterPhase: flutterPhase,
            flipFrequency: flipFrequency, flipPhase: flipPhase, spreadStrength: spreadStrength,
            shape: shape)
    }
}
