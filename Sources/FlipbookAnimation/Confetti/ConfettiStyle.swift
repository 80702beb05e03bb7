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
        scale: CGFloat = 1,
        shapes: [ConfettiShape] = [.rectangle],
        rotation: ClosedRange<Double> = 0...360,
        rotationSpeed: ClosedRange<Double> = -400...400,
        flutterAmplitude: ClosedRange<Double> = 25...45,
        flutterFrequency: ClosedRange<Double> = 4...7,
        flutterPhase: ClosedRange<Double> = 0...(2 * .pi),
        flipFrequency: ClosedRange<Double> = 3...6,
        flipPhase: ClosedRange<Double> = 0...(2 * .pi),
        spreadStrength: ClosedRange<Double> = 8...18
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

    /// Checks the lists and ranges, naming the offending field under `keyPath`.
    func validate(keyPath: String) throws {
        try check(!palette.isEmpty, "\(keyPath).palette", "a non-empty list of colours", "empty")
        try check(!sizes.isEmpty, "\(keyPath).sizes", "a non-empty list of sizes", "empty")
        for (i, size) in sizes.enumerated() {
            try check(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
                        && size.width <= 10_000 && size.height <= 10_000,
                      "\(keyPath).sizes[\(i)]", "a width and height between 0 and 10000 points",
                      "\(size.width)×\(size.height)")
        }
        try check(scale.isFinite && scale > 0 && scale <= 1000, "\(keyPath).scale", "greater than 0 and at most 1000", scale)
        try check(!shapes.isEmpty, "\(keyPath).shapes", "a non-empty list of shapes", "empty")
        let ranges: [(String, ClosedRange<Double>, Double)] = [
            ("rotation", rotation, 1e6), ("rotationSpeed", rotationSpeed, 1e6),
            ("flutterAmplitude", flutterAmplitude, 1e5), ("flutterFrequency", flutterFrequency, 1e4),
            ("flutterPhase", flutterPhase, 1e4), ("flipFrequency", flipFrequency, 1e4),
            ("flipPhase", flipPhase, 1e4), ("spreadStrength", spreadStrength, 1e5),
        ]
        for (name, range, limit) in ranges {
            try check(range.lowerBound.isFinite && range.upperBound.isFinite
                        && abs(range.lowerBound) <= limit && abs(range.upperBound) <= limit,
                      "\(keyPath).\(name)", "a finite range within ±\(Int(limit))",
                      "\(number(range.lowerBound))...\(number(range.upperBound))")
        }
    }
}
