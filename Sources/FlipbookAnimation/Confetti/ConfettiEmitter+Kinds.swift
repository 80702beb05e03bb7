import FlipbookDrawing
import Foundation

// Each emitter kind's settings and their defaults, stated once: the Swift factories, the scene-file
// tables and the reference all read these constants.

extension ConfettiEmitter {
    /// The defaults of ``bottomCannon(horizontalRange:verticalOffset:launchSpeed:launchSpeedVariation:horizontalSpeed:)``:
    /// the article's cannon.
    public enum CannonDefaults {
        /// Particles start between 15 % and 85 % of the width.
        public static let horizontalRange: ClosedRange<Double> = 0.15...0.85
        /// 20 points below the bottom edge.
        public static let verticalOffset: Double = 20
        /// 1.8 canvas heights per second upward.
        public static let launchSpeed: Double = 1.8
        /// The upward speed varies by −15 % to +10 %.
        public static let launchSpeedVariation: ClosedRange<Double> = 0.85...1.1
        /// Up to 0.3 canvas widths per second sideways, either way.
        public static let horizontalSpeed: ClosedRange<Double> = -0.3...0.3
    }

    /// The defaults of ``point(at:angle:spread:speed:)``: an explosion from the centre, every way.
    public enum PointDefaults {
        /// The canvas's centre.
        public static let at = UnitPoint.center
        /// Straight up.
        public static let angle = Angle.degrees(-90)
        /// Every direction.
        public static let spread = Angle.degrees(360)
        /// 250 to 550 points per second.
        public static let speed: ClosedRange<Double> = 250...550
    }

    /// The defaults of ``topRain(horizontalRange:verticalOffset:fallSpeed:horizontalSpeed:)``.
    public enum RainDefaults {
        /// Anywhere across the width.
        public static let horizontalRange: ClosedRange<Double> = 0...1
        /// 20 points above the top edge.
        public static let verticalOffset: Double = 20
        /// 0 to 60 points per second downward.
        public static let fallSpeed: ClosedRange<Double> = 0...60
        /// Up to 40 points per second sideways, either way.
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
