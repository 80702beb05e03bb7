import FlipbookDrawing
import Foundation

/// Ripples falling like rain: drops at random moments and places, from a seed.
///
/// Drops arrive as a Poisson process of `rate` drops per second from `start` for `duration`
/// seconds, each at a uniform point of `area` with a uniform palette colour. Each drop makes four
/// draws from one seeded generator, in this order: the gap since the previous drop, x, y, colour.
public struct RippleRain: Sendable, Equatable {
    /// The most drops one rain may make.
    public static let maximumCount = 100_000
    /// The rate a scene file's rain takes when it gives none: 2 drops per second.
    public static let defaultRate: Double = 2
    /// The rates allowed, in drops per second.
    public static let rateLimits = ParameterLimits.above(0, atMost: 10_000)
    /// The start times allowed (for rain and trails), in seconds.
    public static let startLimits = ParameterLimits.within(1e7)
    /// The durations allowed, in seconds.
    public static let durationLimits = ParameterLimits.above(0, atMost: 1e7)

    /// Average drops per second.
    public var rate: Double
    /// When the rain starts, in scene seconds.
    public var start: TimeInterval
    /// How long it rains, in seconds.
    public var duration: TimeInterval
    /// Where drops land, in points.
    public var area: CGRect
    /// The drops' colours, picked uniformly.
    public var palette: [Color]
    /// The seed for the drops' times, places and colours.
    public var seed: UInt64

    /// Rain with the given values; check them with `ripples()`, which throws naming the bad one.
    public init(
        rate: Double = RippleRain.defaultRate, start: TimeInterval = 0, duration: TimeInterval, area: CGRect,
        palette: [Color] = RipplesScene.palette, seed: UInt64 = 0
    ) {
        self.rate = rate
        self.start = start
        self.duration = duration
        self.area = area
        self.palette = palette
        self.seed = seed
    }

    /// The drops, in time order.
    ///
    /// - Throws: ``FlipbookError`` when a parameter is out of range or the rain would make more than
    ///   ``maximumCount`` drops.
    public func ripples() throws -> [Ripple] {
        try ripples(keyPath: "rain")
    }

    /// Checks every value, naming the first bad one under `keyPath`; the duration and the number of
    /// drops only with `includingDuration` (a rain running to the scene's end has none of its own).
    package func validate(keyPath: String, includingDuration: Bool) throws {
        try check(rate, within: RippleRain.rateLimits, "\(keyPath).rate", unit: "drops per second")
        try check(start, within: RippleRain.startLimits, "\(keyPath).start", unit: "seconds")
        if includingDuration {
            try check(duration, within: RippleRain.durationLimits, "\(keyPath).duration", unit: "seconds")
            try check(rate * duration <= Double(RippleRain.maximumCount) / 2, keyPath,
                      "at most \(RippleRain.maximumCount / 2) drops on average (rate × duration)",
                      "\(formatNumber(rate * duration)) drops")
        }
        let corner = [area.origin.x, area.origin.y, area.size.width, area.size.height].map { Double($0) }
        try check(corner.allSatisfy(RippleRain.startLimits.contains) && area.size.width >= 0 && area.size.height >= 0,
                  "\(keyPath).area", "a rectangle [x, y, width, height] with every number between -10000000 and "
                    + "10000000 points and a size of at least 0", "[" + corner.map(formatNumber).joined(separator: ", ") + "]")
        try check(!palette.isEmpty, "\(keyPath).palette", "a non-empty list of colours", "empty")
    }

    package func ripples(keyPath: String) throws -> [Ripple] {
        try validate(keyPath: keyPath, includingDuration: true)
        var random = SeededRandom(seed: seed, streams: 3)
        var drops: [Ripple] = []
        var time = start
        while drops.count < RippleRain.maximumCount {
            // Exponential gaps; 1 − u is in (0, 1], so the logarithm is finite.
            time += -log(1 - random.nextUnit()) / rate
            let x = area.minX + area.width * random.nextUnit()
            let y = area.minY + area.height * random.nextUnit()
            let color = palette[random.index(below: palette.count)]
            guard time < start + duration else { break }
            drops.append(Ripple(center: CGPoint(x: x, y: y), start: time, color: color))
        }
        return drops
    }
}

/// Ripples laid along a path, like a finger tracing it: `rate` rings per second from `start` for
/// `duration` seconds, evenly spaced along the path's length (curves are followed closely).
public struct RippleTrail: Sendable, Equatable {
    /// The most rings one trail may make.
    public static let maximumCount = 100_000
    /// The duration a scene file's trail takes when it gives none: 1 second.
    public static let defaultDuration: TimeInterval = 1
    /// The default rate: 30 rings per second.
    public static let defaultRate: Double = 30
    /// The rates allowed, in rings per second.
    public static let rateLimits = ParameterLimits.above(0, atMost: 10_000)
    /// The durations allowed, in seconds (0 lays every ring at once).
    public static let durationLimits = ParameterLimits.between(0, 1e7)

    /// The route, in points. Separate subpaths are walked one after another.
    public var path: Path
    /// When the first ring starts, at the path's beginning, in scene seconds.
    public var start: TimeInterval
    /// When the last ring starts (at the path's end) after `start`, in seconds.
    public var duration: TimeInterval
    /// Rings per second.
    public var rate: Double
    /// The rings' colour.
    public var color: Color

    /// A trail with the given values; check them with `ripples()`, which throws naming the bad one.
    public init(
        path: Path, start: TimeInterval = 0, duration: TimeInterval = RippleTrail.defaultDuration,
        rate: Double = RippleTrail.defaultRate, color: Color
    ) {
        self.path = path
        self.start = start
        self.duration = duration
        self.rate = rate
        self.color = color
    }

    /// The rings, in time order: round(duration × rate) + 1 of them, the first at the path's start and
    /// the last at its end.
    public func ripples() throws -> [Ripple] {
        try ripples(keyPath: "trail")
    }

    package func ripples(keyPath: String) throws -> [Ripple] {
        try check(rate, within: RippleTrail.rateLimits, "\(keyPath).rate", unit: "rings per second")
        try check(start, within: RippleRain.startLimits, "\(keyPath).start", unit: "seconds")
        try check(duration, within: RippleTrail.durationLimits, "\(keyPath).duration", unit: "seconds")
        // Checked as a Double before it becomes an Int: duration × rate can be far beyond Int.max.
        let product = (duration * rate).rounded()
        try check(product < Double(RippleTrail.maximumCount), keyPath,
                  "at most \(RippleTrail.maximumCount) rings (duration × rate)",
                  "\(formatNumber(product + 1)) rings")
        guard let intervals = Int(exactly: product) else {
            throw FlipbookError.internal("\(keyPath): \(product) rings passed the check but are not a whole number.")
        }
        let polyline = Polyline(segments: RippleTrail.segments(of: path))
        guard polyline.length.isFinite, let origin = polyline.point(atFraction: 0) else {
            throw FlipbookError(invalid: "\(keyPath).path", "must contain at least one finite line or curve.",
                                at: .init(keyPath: "\(keyPath).path"))
        }
        return (0...intervals).map { i in
            let fraction = intervals == 0 ? 0 : Double(i) / Double(intervals)
            return Ripple(center: polyline.point(atFraction: fraction) ?? origin, start: start + duration * fraction, color: color)
        }
    }

    /// The path as line segments, curves split into 16 pieces each.
    static func segments(of path: Path) -> [(start: CGPoint, end: CGPoint)] {
        var segments: [(start: CGPoint, end: CGPoint)] = []
        var current: CGPoint?
        var subpathStart: CGPoint?
        let pieces = 16
        func lineTo(_ point: CGPoint) {
            if let from = current { segments.append((from, point)) }
            current = point
        }
        path.forEach { element in
            switch element {
            case .move(let to):
                current = to
                subpathStart = to
            case .line(let to):
                lineTo(to)
            case .quadCurve(let to, let control):
                guard let p0 = current else { current = to; return }
                for i in 1...pieces {
                    let t = CGFloat(i) / CGFloat(pieces), u = 1 - t
                    lineTo(CGPoint(x: u * u * p0.x + 2 * u * t * control.x + t * t * to.x,
                                   y: u * u * p0.y + 2 * u * t * control.y + t * t * to.y))
                }
            case .curve(let to, let c1, let c2):
                guard let p0 = current else { current = to; return }
                for i in 1...pieces {
                    let t = CGFloat(i) / CGFloat(pieces), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    lineTo(CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * to.x,
                                   y: a * p0.y + b * c1.y + c * c2.y + d * to.y))
                }
            case .closeSubpath:
                if let start = subpathStart { lineTo(start) }
            }
        }
        return segments
    }
}
