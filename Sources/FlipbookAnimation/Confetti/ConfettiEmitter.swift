import FlipbookDrawing
import Foundation

/// Where confetti is launched from and with what velocity.
///
/// - ``bottomCannon``: the article's launch from below the bottom edge, up and apart (the default).
/// - ``point(at:angle:spread:speed:)``: an explosion from one point, in a cone of directions.
/// - ``topRain``: particles dropping in from above the top edge, for rain and snow.
///
/// Positions and cannon speeds are relative to the canvas (W × H points), so the same emitter suits
/// any canvas; the explosion's and the rain's speeds are absolute, in points per second.
public struct ConfettiEmitter: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case bottomCannon(
            horizontalRange: ClosedRange<Double>, verticalOffset: Double, launchSpeed: Double,
            launchSpeedVariation: ClosedRange<Double>, horizontalSpeed: ClosedRange<Double>)
        case point(at: UnitPoint, angle: Angle, spread: Angle, speed: ClosedRange<Double>)
        case topRain(
            horizontalRange: ClosedRange<Double>, verticalOffset: Double, fallSpeed: ClosedRange<Double>,
            horizontalSpeed: ClosedRange<Double>)
    }

    let kind: Kind

    /// The article's cannon: x0 = W·U(0.15, 0.85), y0 = H + 20, vx = W·U(−0.3, 0.3), vy = −H·1.8·U(0.85, 1.1).
    public static let bottomCannon = ConfettiEmitter.bottomCannon()

    /// A cannon below the bottom edge.
    ///
    /// - Parameters:
    ///   - horizontalRange: Where particles start across the canvas, as fractions of its width W.
    ///   - verticalOffset: How far below the bottom edge they start, in points (y0 = H + offset).
    ///   - launchSpeed: Upward speed as a multiple of the canvas height H per second.
    ///   - launchSpeedVariation: A random factor on the upward speed: vy = −H·launchSpeed·U(variation).
    ///   - horizontalSpeed: Sideways speed as a fraction of W per second: vx = W·U(horizontalSpeed).
    public static func bottomCannon(
        horizontalRange: ClosedRange<Double> = 0.15...0.85, verticalOffset: Double = 20,
        launchSpeed: Double = 1.8, launchSpeedVariation: ClosedRange<Double> = 0.85...1.1,
        horizontalSpeed: ClosedRange<Double> = -0.3...0.3
    ) -> ConfettiEmitter {
        ConfettiEmitter(kind: .bottomCannon(
            horizontalRange: horizontalRange, verticalOffset: verticalOffset, launchSpeed: launchSpeed,
            launchSpeedVariation: launchSpeedVariation, horizontalSpeed: horizontalSpeed))
    }

    /// An explosion from one point of the canvas.
    ///
    /// - Parameters:
    ///   - at: The point, relative to the canvas (`.center` is its middle).
    ///   - angle: The cone's central direction; 0° points right and angles turn clockwise on screen,
    ///     so −90° (the default) points up.
    ///   - spread: The cone's full width; 360° (the default) sends particles every way.
    ///   - speed: The launch speed in points per second, uniform in this range.
    public static func point(
        at: UnitPoint = .center, angle: Angle = .degrees(-90), spread: Angle = .degrees(360),
        speed: ClosedRange<Double> = 250...550
    ) -> ConfettiEmitter {
        ConfettiEmitter(kind: .point(at: at, angle: angle, spread: spread, speed: speed))
    }

    /// Particles dropping in from just above the top edge, anywhere across the canvas.
    public static let topRain = ConfettiEmitter.topRain()

    /// Particles dropping in from above the top edge.
    ///
    /// - Parameters:
    ///   - horizontalRange: Where particles start across the canvas, as fractions of its width W.
    ///   - verticalOffset: How far above the top edge they start, in points (y0 = −offset).
    ///   - fallSpeed: The initial downward speed in points per second (drag then takes them toward
    ///     the terminal velocity).
    ///   - horizontalSpeed: The initial sideways speed in points per second.
    public static func topRain(
        horizontalRange: ClosedRange<Double> = 0...1, verticalOffset: Double = 20,
        fallSpeed: ClosedRange<Double> = 0...60, horizontalSpeed: ClosedRange<Double> = -40...40
    ) -> ConfettiEmitter {
        ConfettiEmitter(kind: .topRain(
            horizontalRange: horizontalRange, verticalOffset: verticalOffset, fallSpeed: fallSpeed,
            horizontalSpeed: horizontalSpeed))
    }

    /// Draws a launch position and velocity for a canvas of `size` points.
    ///
    /// Every emitter makes exactly three draws, in this order — cannon: x0, vx, vy factor;
    /// point: direction, speed, and one unused draw; rain: x0, vx, vy — so the draws that follow
    /// (size, colour, ...) line up the same way whatever the emitter.
    func launch(in size: CGSize, using random: inout SeededRandom) -> (position: CGPoint, velocity: CGVector) {
        let width = size.width, height = size.height
        switch kind {
        case let .bottomCannon(horizontalRange, verticalOffset, launchSpeed, variation, horizontalSpeed):
            let x0 = width * random.uniform(horizontalRange)
            let vx = width * random.uniform(horizontalSpeed)
            let vy = -height * launchSpeed * random.uniform(variation)
            return (CGPoint(x: x0, y: height + verticalOffset), CGVector(dx: vx, dy: vy))
        case let .point(at, angle, spread, speed):
            let direction = angle.radians + spread.radians * random.uniform(-0.5...0.5)
            let magnitude = random.uniform(speed)
            _ = random.next()
            return (CGPoint(x: at.x * width, y: at.y * height),
                    CGVector(dx: magnitude * cos(direction), dy: magnitude * sin(direction)))
        case let .topRain(horizontalRange, verticalOffset, fallSpeed, horizontalSpeed):
            let x0 = width * random.uniform(horizontalRange)
            let vx = random.uniform(horizontalSpeed)
            let vy = random.uniform(fallSpeed)
            return (CGPoint(x: x0, y: -verticalOffset), CGVector(dx: vx, dy: vy))
        }
    }

    /// Checks the emitter's ranges, naming the offending field under `keyPath`.
    func validate(keyPath: String) throws {
        func range(_ r: ClosedRange<Double>, _ name: String, within limit: ClosedRange<Double>) throws {
            try check(r.lowerBound.isFinite && r.upperBound.isFinite && limit.contains(r.lowerBound)
                        && limit.contains(r.upperBound),
                      "\(keyPath).\(name)", "a range within \(number(limit.lowerBound))...\(number(limit.upperBound))",
                      "\(number(r.lowerBound))...\(number(r.upperBound))")
        }
        func value(_ v: Double, _ name: String, within limit: ClosedRange<Double>) throws {
            try check(v.isFinite && limit.contains(v), "\(keyPath).\(name)",
                      "between \(number(limit.lowerBound)) and \(number(limit.upperBound))", v)
        }
        switch kind {
        case let .bottomCannon(horizontalRange, verticalOffset, launchSpeed, variation, horizontalSpeed):
            try range(horizontalRange, "horizontalRange", within: -10...10)
            try value(verticalOffset, "verticalOffset", within: -1e5...1e5)
            try value(launchSpeed, "launchSpeed", within: -100...100)
            try range(variation, "launchSpeedVariation", within: -100...100)
            try range(horizontalSpeed, "horizontalSpeed", within: -100...100)
        case let .point(at, angle, spread, speed):
            try value(at.x, "at.x", within: -10...10)
            try value(at.y, "at.y", within: -10...10)
            try value(angle.degrees, "angle", within: -3600...3600)
            try value(spread.degrees, "spread", within: 0...3600)
            try range(speed, "speed", within: 0...1e6)
        case let .topRain(horizontalRange, verticalOffset, fallSpeed, horizontalSpeed):
            try range(horizontalRange, "horizontalRange", within: -10...10)
            try value(verticalOffset, "verticalOffset", within: -1e5...1e5)
            try range(fallSpeed, "fallSpeed", within: -1e6...1e6)
            try range(horizontalSpeed, "horizontalSpeed", within: -1e6...1e6)
        }
    }
}
