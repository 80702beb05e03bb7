import FlipbookDrawing
import Foundation

/// A pond of expanding rings, drawn as the Calming Ripples app draws them.
///
/// At a time, each ripple with age 0 ≤ age < ``lifetime`` is a circle of radius age·``speed``,
/// stroked ``lineWidth`` wide in its colour mixed toward white by age / lifetime, at ``opacity``.
///
/// ```swift
/// var touches = TouchScript()
/// touches.tap(at: CGPoint(x: 120, y: 80), time: 0.2)
/// let pond = RipplesScene(ripples: try touches.ripples())
/// ```
public struct RipplesScene: Scene {
    /// The app's six pastels: sky, lilac, aqua, pink, apricot and lime.
    public static let palette: [Color] = [
        Color(red: 0.4627, green: 0.8392, blue: 1.0),
        Color(red: 0.8392, green: 0.4627, blue: 1.0),
        Color(red: 0.4627, green: 1.0, blue: 0.8392),
        Color(red: 1.0, green: 0.4627, blue: 0.8392),
        Color(red: 1.0, green: 0.8392, blue: 0.4627),
        Color(red: 0.8392, green: 1.0, blue: 0.4627),
    ]

    /// The app's ring lifetime: 14 seconds.
    public static let defaultLifetime: TimeInterval = 14
    /// The app's growth: 40 points per second.
    public static let defaultSpeed: CGFloat = 40
    /// The app's stroke: 2 points wide.
    public static let defaultLineWidth: CGFloat = 2
    /// The app's stroke opacity: 0.5.
    public static let defaultOpacity: Double = 0.5
    /// The app's cap: 1000 rings at once.
    public static let defaultMaximumNumberOfRipples = 1000

    /// The ripples in creation order: by start time, ties in the order given.
    public let ripples: [Ripple]
    /// How long a ring lives, in seconds.
    public var lifetime: TimeInterval
    /// How fast a ring grows, in points per second.
    public var speed: CGFloat
    /// The stroke width in points.
    public var lineWidth: CGFloat
    /// The stroke opacity.
    public var opacity: Double
    /// The most rings that exist at once (see ``init(ripples:lifetime:speed:lineWidth:opacity:maximumNumberOfRipples:)``).
    public let maximumNumberOfRipples: Int
    /// Whether rings that cannot touch the visible area are skipped. Internal so tests can show that
    /// skipping changes no pixel.
    var cullsInvisibleRipples = true

    /// A pond of `ripples`.
    ///
    /// The cap works as in the app: ripples are created in start-time order, and when creating one
    /// pushes the count over `maximumNumberOfRipples`, the oldest is dropped. So at time t, ripple i
    /// (in creation order) is drawn only if fewer than `maximumNumberOfRipples` ripples were created
    /// after it by t. A ripple dropped by the cap stays dropped; one that was never pushed out is
    /// drawn for its whole lifetime. A cap below 0 counts as 0.
    public init(
        ripples: [Ripple], lifetime: TimeInterval = RipplesScene.defaultLifetime,
        speed: CGFloat = RipplesScene.defaultSpeed, lineWidth: CGFloat = RipplesScene.defaultLineWidth,
        opacity: Double = RipplesScene.defaultOpacity,
        maximumNumberOfRipples: Int = RipplesScene.defaultMaximumNumberOfRipples
    ) {
        // Stable: equal start times keep the caller's order.
        self.ripples = ripples.enumerated()
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
        self.lifetime = lifetime
        self.speed = speed
        self.lineWidth = lineWidth
        self.opacity = opacity
        self.maximumNumberOfRipples = max(0, maximumNumberOfRipples)
    }

    /// Indices (in creation order) of the ripples that exist at `time`: created by then, not pushed
    /// out by the cap, and younger than the lifetime.
    func liveIndices(at time: TimeInterval) -> Range<Int> {
        let created = firstIndex { $0.start > time }
        let survivors = max(0, created - maximumNumberOfRipples)
        let young = firstIndex { time - $0.start < lifetime }
        let lower = min(max(survivors, young), created)
        return lower..<created
    }

    /// The radius, colour and visibility of ripple `ripple` at `time`, or `nil` when its age is
    /// outside `0 ..< lifetime` (the cap is not considered here).
    public func appearance(of ripple: Ripple, at time: TimeInterval) -> (radius: CGFloat, color: Color)? {
        let age = time - ripple.start
        guard age >= 0, age < lifetime else { return nil }
        let fade = min(max(age / lifetime, 0), 1)
        let color = Color.mix(ripple.color, .white, fraction: fade).opacity(opacity)
        return (age * speed, color)
    }

    /// Strokes every ring that exists at `time`, oldest first.
    public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        guard time.isFinite, lineWidth.isFinite, speed.isFinite else { return }
        let visible = context.clipBoundingRect
        for index in liveIndices(at: time) {
            let ripple = ripples[index]
            guard let (radius, color) = appearance(of: ripple, at: time),
                  radius.isFinite, ripple.center.x.isFinite, ripple.center.y.isFinite
            else { continue }
            if cullsInvisibleRipples, !ring(around: ripple.center, radius: radius, touches: visible) { continue }
            let circle = CGRect(x: ripple.center.x - radius, y: ripple.center.y - radius,
                                width: 2 * radius, height: 2 * radius)
            context.stroke(Path(ellipseIn: circle), with: .color(color), lineWidth: lineWidth)
        }
    }

    /// Whether a ring of this radius, stroked `lineWidth` wide, can cover any of `rect`: false when
    /// the whole ring is outside the rectangle, or the whole rectangle lies inside the ring's hole.
    func ring(around center: CGPoint, radius: CGFloat, touches rect: CGRect) -> Bool {
        let half = abs(lineWidth) / 2 + 1  // a point of slack for antialiasing
        let outer = radius + half
        // Distance from the centre to the nearest point of the rectangle.
        let nx = max(rect.minX - center.x, 0, center.x - rect.maxX)
        let ny = max(rect.minY - center.y, 0, center.y - rect.maxY)
        if nx * nx + ny * ny > outer * outer { return false }
        let inner = radius - half
        if inner > 0 {
            // Distance to the farthest corner: if even that is inside the hole, nothing is covered.
            let fx = max(abs(rect.minX - center.x), abs(rect.maxX - center.x))
            let fy = max(abs(rect.minY - center.y), abs(rect.maxY - center.y))
            if fx * fx + fy * fy < inner * inner { return false }
        }
        return true
    }

    private func firstIndex(where isAfter: (Ripple) -> Bool) -> Int {
        var low = 0, high = ripples.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(ripples[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
