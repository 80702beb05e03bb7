import FlipbookDrawing
import Foundation

/// A gradient that fills a layer's box: its stops' colours and locations, and its axis given in
/// unit points of the box, so the same gradient fits a box of any size. Every colour, location and
/// point may be keyframed.
///
/// `startPoint` and `endPoint` place each kind of gradient:
/// - ``Kind/linear``: along the line from `startPoint` (location 0) to `endPoint` (location 1), as
///   SwiftUI's `LinearGradient`;
/// - ``Kind/radial``: circles around `startPoint`, location 1 at the distance to `endPoint`;
/// - ``Kind/conic``: around `startPoint`, location 0 in the direction of `endPoint`, growing clockwise.
public struct GradientFill: Sendable, Equatable {
    /// How the colours spread from the axis.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Along a line, as SwiftUI's `LinearGradient`.
        case linear
        /// In circles around a centre, as SwiftUI's `RadialGradient`.
        case radial
        /// Around a centre, as SwiftUI's `AngularGradient`.
        case conic
    }

    /// One colour and where it sits along the axis.
    public struct Stop: Sendable, Equatable {
        /// The colour, which may change over time (mixed in linear light).
        public var color: Keyframed<Color>
        /// Where the stop sits: 0 at the start of the axis, 1 at its end.
        public var location: Keyframed<Double>

        /// A stop of `color` at `location`.
        public init(color: Keyframed<Color>, location: Keyframed<Double>) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, in order.
    public var stops: [Stop]
    /// How the colours spread.
    public var kind: Kind
    /// Where location 0 is (linear), or the centre (radial, conic), in unit points of the box.
    public var startPoint: Keyframed<UnitPoint>
    /// Where location 1 is (linear), the radius's end (radial) or the starting direction (conic).
    public var endPoint: Keyframed<UnitPoint>
    /// Whether the stops were made from colours alone, so errors name them `colors[i]` as written.
    private var isEvenlySpread = false

    /// A gradient from `stops`; by default linear from the box's leading edge to its trailing edge.
    public init(stops: [Stop], kind: Kind = .linear, startPoint: Keyframed<UnitPoint> = Keyframed(.leading),
                endPoint: Keyframed<UnitPoint> = Keyframed(.trailing)) {
        self.stops = stops
        self.kind = kind
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// A gradient whose colours are spread evenly from location 0 to 1, as SwiftUI's `Gradient(colors:)`.
    public init(colors: [Keyframed<Color>], kind: Kind = .linear, startPoint: Keyframed<UnitPoint> = Keyframed(.leading),
                endPoint: Keyframed<UnitPoint> = Keyframed(.trailing)) {
        let last = Double(max(colors.count - 1, 1))
        self.init(stops: colors.enumerated().map { Stop(color: $0.element, location: Keyframed(Double($0.offset) / last)) },
                  kind: kind, startPoint: startPoint, endPoint: endPoint)
        isEvenlySpread = true
    }

    /// The shading that paints `box` (in the drawing's user space) with the gradient as it is at `time`.
    public func shading(in box: CGRect, at time: TimeInterval) -> GraphicsContext.Shading {
        let gradient = Gradient(stops: stops.map {
            Gradient.Stop(color: $0.color.value(at: time), location: CGFloat($0.location.value(at: time)))
        })
        func point(_ unit: UnitPoint) -> CGPoint {
            CGPoint(x: box.minX + unit.x * box.width, y: box.minY + unit.y * box.height)
        }
        let start = point(startPoint.value(at: time)), end = point(endPoint.value(at: time))
        let dx = end.x - start.x, dy = end.y - start.y
        switch kind {
        case .linear:
            return .linearGradient(gradient, startPoint: start, endPoint: end)
        case .radial:
            return .radialGradient(gradient, center: start, startRadius: 0, endRadius: (dx * dx + dy * dy).squareRoot())
        case .conic:
            return .conicGradient(gradient, center: start, angle: .radians(Double(atan2(dy, dx))))
        }
    }

    /// Checks the stops (at least one, locations 0...1) and the keyframes; errors name `keyPath`'s
    /// keys, the stops' colours as `colors[i]` for a gradient made from colours.
    func validate(keyPath: String) throws {
        let writtenAsColors = isEvenlySpread
        try check(!stops.isEmpty, joinKeyPath(keyPath, writtenAsColors ? "colors" : "stops"), "a non-empty list", "empty")
        for (index, stop) in stops.enumerated() {
            let path = joinKeyPath(keyPath, "stops[\(index)]")
            try stop.color.validate(keyPath: writtenAsColors ? joinKeyPath(keyPath, "colors[\(index)]") : joinKeyPath(path, "color"))
            try stop.location.checkValues(within: .between(0, 1), keyPath: joinKeyPath(path, "location"))
        }
        for (key, point) in [("startPoint", startPoint), ("endPoint", endPoint)] {
            try point.validate(keyPath: joinKeyPath(keyPath, key))
            try point.checkEach(keyPath: joinKeyPath(keyPath, key)) { value, path in
                try check(value.x.isFinite && value.y.isFinite && abs(value.x) <= 1000 && abs(value.y) <= 1000, path,
                          "a unit point [x, y] with both numbers within ±1000", "[\(shown(value.x)), \(shown(value.y))]")
            }
        }
    }
}
