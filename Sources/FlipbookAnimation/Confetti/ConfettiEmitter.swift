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
        case bottomCannon(Cannon)
        case point(Explosion)
        case topRain(Rain)
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
        horizontalRange: ClosedRange<Double> = CannonDefaults.horizontalRange,
        verticalOffset: Double = CannonDefaults.verticalOffset,
        launchSpeed: Double = CannonDefaults.launchSpeed,
        launchSpeedVariation: ClosedRange<Double> = CannonDefaults.launchSpeedVariation,
        horizontalSpeed: ClosedRange<Double> = CannonDefaults.horizontalSpeed
    ) -> ConfettiEmitter {
        ConfettiEmitter(kind: .bottomCannon(Cannon(
            horizontalRange: horizontalRange, verticalOffset: verticalOffset, launchSpeed: launchSpeed,
            launchSpeedVariation: launchSpeedVariation, horizontalSpeed: horizontalSpeed)))
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
        at: UnitPoint = PointDefaults.at, angle: Angle = PointDefaults.angle, spread: Angle = PointDefaults.spread,
        speed: ClosedRange<Double> = PointDefaults.speed
    ) -> ConfettiEmitter {
        ConfettiEmitter(kind: .point(Explosion(at: at, angle: angle, spread: spread, speed: speed)))
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
        horizontalRange: ClosedRange<Double> = RainDefaults.horizontalRange,
        verticalOffset: Double = RainDefaults.verticalOffset,
        fallSpeed: ClosedRange<Double> = RainDefaults.fallSpeed,
        horizontalSpeed: ClosedRange<Double> = RainDefaults.horizontalSpeed
    ) -> ConfettiEmitter {
        ConfettiEmitter(kind: .topRain(Rain(
            horizontalRange: horizontalRange, verticalOffset: verticalOffset, fallSpeed: fallSpeed,
            horizontalSpeed: horizontalSpeed)))
    }

    /// Draws a launch position and velocity for a canvas of `size` points.
    ///
    /// Every emitter makes exactly three draws, in this order — cannon: x0, vx, vy factor;
    /// point: direction, speed, and one unused draw; rain: x0, vx, vy — so the draws that follow
    /// (size, colour, ...) line up the same way whatever the emitter.
    func launch(in size: CGSize, using random: inout SeededRandom) -> (position: CGPoint, velocity: CGVector) {
        let width = size.width, height = size.height
        switch kind {
        case let .bottomCannon(cannon):
            let x0 = width * random.uniform(cannon.horizontalRange)
            let vx = width * random.uniform(cannon.horizontalSpeed)
            let vy = -height * cannon.launchSpeed * random.uniform(cannon.launchSpeedVariation)
            return (CGPoint(x: x0, y: height + cannon.verticalOffset), CGVector(dx: vx, dy: vy))
        case let .point(explosion):
            let direction = explosion.angle.radians + explosion.spread.radians * random.uniform(-0.5...0.5)
            let magnitude = random.uniform(explosion.speed)
            _ = random.next()
            return (CGPoint(x: explosion.at.x * width, y: explosion.at.y * height),
                    CGVector(dx: magnitude * cos(direction), dy: magnitude * sin(direction)))
        case let .topRain(rain):
            let x0 = width * random.uniform(rain.horizontalRange)
            let vx = random.uniform(rain.horizontalSpeed)
            let vy = random.uniform(rain.fallSpeed)
            return (CGPoint(x: x0, y: -rain.verticalOffset), CGVector(dx: vx, dy: vy))
        }
    }
}
