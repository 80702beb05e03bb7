import FlipbookDrawing
import Foundation

/// A scripted sequence of touches — fingers going down, moving and lifting — that makes ripples the
/// way the Calming Ripples app does.
///
/// Each finger takes `palette[n % palette.count]` when it goes down, where n is the number of fingers
/// already down. A ripple starts at every down and at every move sample, so a dragged finger leaves
/// a trail of rings. Lifting a finger makes no ripple.
///
/// ```swift
/// var script = TouchScript()
/// script.tap(at: CGPoint(x: 60, y: 50), time: 0.2)
/// script.drag(from: CGPoint(x: 40, y: 120), to: CGPoint(x: 200, y: 120), start: 1, duration: 1)
/// let ripples = try script.ripples()
/// ```
public struct TouchScript: Sendable, Equatable {
    /// One touch event.
    public struct Event: Sendable, Equatable {
        /// What the finger does.
        public enum Phase: String, Sendable, Equatable, Codable, CaseIterable {
            /// The finger touches the screen.
            case down
            /// The finger, already down, is sampled at a new point.
            case move
            /// The finger lifts.
            case up
        }

        /// When it happens, in scene seconds.
        public var time: TimeInterval
        /// What the finger does.
        public var phase: Phase
        /// Which finger: events with the same number belong to the same touch.
        public var finger: Int
        /// Where, in points.
        public var point: CGPoint

        /// A touch event: `finger` goes `phase` at `point` at `time` seconds.
        public init(time: TimeInterval, phase: Phase, finger: Int = 0, point: CGPoint) {
            self.time = time
            self.phase = phase
            self.finger = finger
            self.point = point
        }
    }

    /// The most move samples one ``drag(through:start:duration:finger:samplesPerSecond:)`` adds.
    public static let maximumDragSamples = 100_000

    /// The events; they are replayed in time order (ties in list order).
    public var events: [Event]

    /// A script of these events.
    public init(events: [Event] = []) {
        self.events = events
    }

    /// Adds a tap: the finger goes down at `point` at `time` and lifts `duration` seconds later.
    public mutating func tap(at point: CGPoint, time: TimeInterval, finger: Int = 0, duration: TimeInterval = 0.1) {
        events.append(Event(time: time, phase: .down, finger: finger, point: point))
        events.append(Event(time: time + duration, phase: .up, finger: finger, point: point))
    }

    /// Adds a drag through `points` (at least one): down at the first point at `start`, then move
    /// samples `samplesPerSecond` times a second along the polyline at constant speed, the last one
    /// at the final point at `start + duration`, then up.
    public mutating func drag(
        through points: [CGPoint], start: TimeInterval, duration: TimeInterval, finger: Int = 0,
        samplesPerSecond: Double = 30
    ) {
        guard let first = points.first else { return }
        events.append(Event(time: start, phase: .down, finger: finger, point: first))
        // Clamped as a Double first: a long drag sampled often is more samples than an Int holds.
        let wanted = (duration * samplesPerSecond).rounded()
        let samples = wanted.isNaN ? 1 : Int(min(max(wanted, 1), Double(TouchScript.maximumDragSamples)))
        let polyline = Polyline(points: points.count > 1 ? points : [first, first])
        if duration > 0, samplesPerSecond > 0, duration.isFinite, samplesPerSecond.isFinite {
            for i in 1...samples {
                let fraction = Double(i) / Double(samples)
                events.append(Event(
                    time: start + duration * fraction, phase: .move, finger: finger,
                    point: polyline.point(atFraction: fraction) ?? first))
            }
        }
        events.append(Event(time: start + max(0, duration), phase: .up, finger: finger, point: points.last ?? first))
    }

    /// Adds a straight drag from `from` to `to`.
    public mutating func drag(
        from: CGPoint, to: CGPoint, start: TimeInterval, duration: TimeInterval, finger: Int = 0,
        samplesPerSecond: Double = 30
    ) {
        drag(through: [from, to], start: start, duration: duration, finger: finger, samplesPerSecond: samplesPerSecond)
    }

    /// The ripples the script makes, in creation order.
    ///
    /// - Throws: ``FlipbookError`` when an event is inconsistent — a finger going down twice, or
    ///   moving or lifting while not down — or has a non-finite time or point, or the palette is empty.
    public func ripples(palette: [Color] = RipplesScene.palette) throws -> [Ripple] {
        try ripples(palette: palette, keyPath: "touches")
    }

    package func ripples(palette: [Color], keyPath: String) throws -> [Ripple] {
        try check(!palette.isEmpty, subject: "The ripple palette", "a non-empty list of colours", "empty")
        let ordered = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        var colorOfFinger: [Int: Color] = [:]
        var result: [Ripple] = []
        for (index, event) in ordered {
            let path = "\(keyPath)[\(index)]"
            try Event.parameters.validate(event, keyPath: path)
            switch event.phase {
            case .down:
                guard colorOfFinger[event.finger] == nil else {
                    throw FlipbookError.invalidInput(
                        "\(path): finger \(event.finger) goes down at \(formatNumber(event.time)) s but is already down; "
                            + "lift it first with an \"up\" event.", at: .init(keyPath: path))
                }
                let color = palette[colorOfFinger.count % palette.count]
                colorOfFinger[event.finger] = color
                result.append(Ripple(center: event.point, start: event.time, color: color))
            case .move:
                guard let color = colorOfFinger[event.finger] else {
                    throw FlipbookError.invalidInput(
                        "\(path): finger \(event.finger) moves at \(formatNumber(event.time)) s but is not down; "
                            + "put it down first with a \"down\" event.", at: .init(keyPath: path))
                }
                result.append(Ripple(center: event.point, start: event.time, color: color))
            case .up:
                guard colorOfFinger.removeValue(forKey: event.finger) != nil else {
                    throw FlipbookError.invalidInput(
                        "\(path): finger \(event.finger) lifts at \(formatNumber(event.time)) s but is not down.",
                        at: .init(keyPath: path))
                }
            }
        }
        return result
    }
}

/// A chain of line segments measured by arc length, for sampling points at even spacing.
/// Gaps between segments (a path's separate subpaths) are jumped over and add no length.
struct Polyline {
    let segments: [(start: CGPoint, end: CGPoint)]
    /// cumulative[i] is the length of segments 0 ..< i.
    let cumulative: [CGFloat]

    init(segments: [(start: CGPoint, end: CGPoint)]) {
        self.segments = segments
        var lengths: [CGFloat] = [0]
        for segment in segments {
            lengths.append(lengths.last! + hypot(segment.end.x - segment.start.x, segment.end.y - segment.start.y))
        }
        cumulative = lengths
    }

    /// A polyline through `points`, in order.
    init(points: [CGPoint]) {
        self.init(segments: zip(points, points.dropFirst()).map { (start: $0, end: $1) })
    }

    var length: CGFloat { cumulative.last ?? 0 }

    /// The point `fraction` (0...1) of the way along, by length; `nil` when there are no segments.
    func point(atFraction fraction: Double) -> CGPoint? {
        guard let first = segments.first else { return nil }
        guard length > 0 else { return first.start }
        let target = length * min(max(fraction, 0), 1)
        // The last segment whose start is at or before the target length.
        var low = 0, high = segments.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if cumulative[mid] <= target { low = mid } else { high = mid }
        }
        let segment = segments[low]
        let span = cumulative[low + 1] - cumulative[low]
        let t = span > 0 ? min((target - cumulative[low]) / span, 1) : 0
        return CGPoint(x: segment.start.x + (segment.end.x - segment.start.x) * t,
                       y: segment.start.y + (segment.end.y - segment.start.y) * t)
    }
}
