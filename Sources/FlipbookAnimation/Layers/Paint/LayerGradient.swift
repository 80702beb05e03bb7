import FlipbookDrawing
import Foundation

/// A linear, radial or conic gradient over a layer's box, with SwiftUI's gradient geometry: its
/// points are unit points of the box, so the same gradient fits a box of any size, and every colour,
/// location, point, radius and angle may be keyframed.
///
/// - ``Kind/linear``: along the line from ``startPoint`` (location 0) to ``endPoint`` (location 1), as
///   SwiftUI's `LinearGradient`;
/// - ``Kind/radial``: circles around ``center`` from ``startRadius`` to ``endRadius``, as SwiftUI's
///   `RadialGradient`;
/// - ``Kind/conic``: around ``center``, starting at ``angle`` and growing clockwise, as SwiftUI's
///   `AngularGradient`.
///
/// ```swift
/// let sunset = LayerGradient(stops: LayerGradient.evenStops([Keyframed(.orange), Keyframed(.pink)]),
///                            startPoint: Keyframed(.leading), endPoint: Keyframed(.trailing))
/// let badge = ShapeScene(.capsule(style: .continuous), size: Keyframed(CGSize(width: 200, height: 60)),
///                        fill: .gradient(sunset))
/// ```
public struct LayerGradient: Sendable, Equatable {
    /// The gradient's geometry, as SwiftUI's gradient shadings.
    public enum Kind: String, Sendable, CaseIterable {
        /// Along the line from ``LayerGradient/startPoint`` to ``LayerGradient/endPoint``.
        case linear
        /// Circles around ``LayerGradient/center`` from ``LayerGradient/startRadius`` to ``LayerGradient/endRadius``.
        case radial
        /// Around ``LayerGradient/center``, starting at ``LayerGradient/angle``, clockwise.
        case conic
    }

    /// The geometry. Default linear.
    public var kind: Kind
    /// The colours and where they lie, in order.
    public var stops: [Stop]
    /// Where a linear gradient starts (location 0). Default ``UnitPoint/top``.
    public var startPoint: Keyframed<UnitPoint>
    /// Where a linear gradient ends (location 1). Default ``UnitPoint/bottom``.
    public var endPoint: Keyframed<UnitPoint>
    /// A radial or conic gradient's centre. Default ``UnitPoint/center``.
    public var center: Keyframed<UnitPoint>
    /// A radial gradient's inner radius in points. Default 0.
    public var startRadius: Keyframed<Double>
    /// A radial gradient's outer radius in points; `nil` is half the box's longer side.
    public var endRadius: Keyframed<Double>?
    /// Where a conic gradient starts, clockwise from the positive x axis. Default 0.
    public var angle: Keyframed<Angle>

    /// A gradient of `stops` (``evenStops(_:)`` makes them from colours alone); by default linear
    /// from the box's top edge to its bottom edge, as SwiftUI's gradient shadings default.
    public init(
        _ kind: Kind = .linear, stops: [Stop], startPoint: Keyframed<UnitPoint> = Keyframed(.top),
        endPoint: Keyframed<UnitPoint> = Keyframed(.bottom), center: Keyframed<UnitPoint> = Keyframed(.center),
        startRadius: Keyframed<Double> = Keyframed(0), endRadius: Keyframed<Double>? = nil,
        angle: Keyframed<Angle> = Keyframed(.zero)
    ) {
        self.kind = kind
        self.stops = stops
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.angle = angle
    }

    /// The shading at `time` over `box` (in the drawing's user space).
    public func shading(in box: CGRect, at time: TimeInterval) -> GraphicsContext.Shading {
        let gradient = Gradient(stops: stops.map {
            Gradient.Stop(color: $0.color.value(at: time), location: CGFloat($0.location.value(at: time)))
        })
        func point(_ unit: Keyframed<UnitPoint>) -> CGPoint {
            let u = unit.value(at: time)
            return CGPoint(x: box.minX + u.x * box.width, y: box.minY + u.y * box.height)
        }
        switch kind {
        case .linear:
            return .linearGradient(gradient, startPoint: point(startPoint), endPoint: point(endPoint))
        case .radial:
            let outer = endRadius.map { CGFloat($0.value(at: time)) } ?? max(box.width, box.height) / 2
            return .radialGradient(gradient, center: point(center), startRadius: CGFloat(startRadius.value(at: time)),
                                   endRadius: outer)
        case .conic:
            return .conicGradient(gradient, center: point(center), angle: angle.value(at: time))
        }
    }
}
