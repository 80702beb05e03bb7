import FlipbookDrawing
import Foundation

// Each emitter kind's settings and their defaults, stated once: the Swift factories, the scene-file
// tables and the reference all read these constants.

extension ConfettiEmitter {
    /// The defaults of ``bottomCannon(horizontalRange:verticalOffset:launchSpeed:launchSpeedVariation:horizontalSpeed:)``:
    /// the article's cannon.
    public enum CannonDefaults {
        public static let horizontalRange: ClosedRange<Double> = 0.15...0.85
        public static let verticalOffset: Double = 20
        public static let launchSpeed: Double = 1.8
        public static let launchSpeedVariation: ClosedRange<Double> = 0.85...1.1
        public static let horizontalSpeed: ClosedRange<Double> = -0.3...0.3
    }

    /// The defaults of ``point(at:angle:spread:speed:)``: an explosion from the centre, every way.
    public enum PointDefaults {
        public static let at = UnitPoint.center
        public static let angle = Angle.degrees(-90)
        public static let spread = Angle.degrees(360)
        public static let speed: ClosedRange<Double> = 250...550
    }

    /// The defaults of ``topRain(horizontalRange:verticalOffset:fallSpeed:horizontalSpeed:)``.
    public enum RainDefaults {
        public static let horizontalRange: ClosedRange<Double> = 0...1
        public static let verticalOffset: Double = 20
        public static let fallSpeed: ClosedRange<Double> = 0...60
        public static let horizontalSpeed: ClosedRange<Double> = -40...40
    }

    /// A cannon's settings (see ``bottomCannon(horizontalRange:verticalOffset:launchSpeed:launchSpeedVariation:horizontalSpeed:)``).
    struct Cannon: Sendable, Equatable {
        var horizontalRange = CannonDefaults.horizontalRange
        var verticalOffset = CannonDefaults.verticalOffset
        var launchSpeed = CannonDefaults.launchSpeed
        var launchSpeedVariation = CannonDefaults.launchSpeedVariation
        var horizontalSpeed = CannonDefaults.horizontalSpeed
    }

    /// An explosion's settings (see ``point(at:angle:spread:speed:)``).
    struct Explosion: Sendable, Equatable {
        var at = PointDefaults.at
        var angle = PointDefaults.angle
        var spread = PointDefaults.spread
        var speed = PointDefaults.speed
    }

    /// Rain's settings (see ``topRain(horizontalRange:verticalOffset:fallSpeed:horizontalSpeed:)``).
    struct Rain: Sendable, Equatable {
        var horizontalRange = RainDefaults.horizontalRange
        var verticalOffset = RainDefaults.verticalOffset
        var fallSpeed = RainDefaults.fallSpeed
        var horizontalSpeed = RainDefaults.horizontalSpeed
    }
}
