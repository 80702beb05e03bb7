import FlipbookDrawing
import Foundation

extension ShapeScene {
    /// What fills or strokes a shape: a colour or a gradient, keyframable.
    public enum Paint: Sendable, Equatable {
        /// One colour.
        case color(Keyframed<Color>)
        /// A gradient laid out over the shape's box.
        case gradient(GradientPaint)

        /// The shading at `time` for a shape whose box is `box`.
        public func shading(in box: CGRect, at time: TimeInterval) -> GraphicsContext.Shading {
            switch self {
            case .color(let color): .color(color.value(at: time))
            case .gradient(let gradient): gradient.shading(in: box, at: time)
            }
        }
    }

    /// A linear, radial or conic gradient whose points are unit points of the shape's box.
    public struct GradientPaint: Sendable, Equatable {
        /// The gradient's geometry, as SwiftUI's gradient shadings.
        public enum Kind: String, Sendable, CaseIterable {
            /// Along the line from ``startPoint`` to ``endPoint``.
            case linear
            /// Circles around ``center`` from ``startRadius`` to ``endRadius``.
            case radial
            /// Around ``center``, starting at ``angle``, clockwise.
            case conic
        }

        /// One colour of the gradient at a location from 0 to 1.
        public struct Stop: Sendable, Equatable {
            /// The colour, keyframable.
            public var color: Keyframed<Color>
            /// Where it lies, 0...1, keyframable.
            public var location: Keyframed<Double>

            /// A stop of `color` at `location`.
            public init(color: Keyframed<Color>, location: Keyframed<Double>) {
                self.color = color
                self.location = location
            }
        }

        /// The geometry. Default linear.
        public var kind: Kind
        /// The colours and where they lie.
        public var stops: [Stop]
        /// Where a linear gradient starts. Default ``UnitPoint/top``.
        public var startPoint: Keyframed<UnitPoint>
        /// Where a linear gradient ends. Default ``UnitPoint/bottom``.
        public var endPoint: Keyframed<UnitPoint>
        /// A radial or conic gradient's centre. Default ``UnitPoint/center``.
        public var center: Keyframed<UnitPoint>
        /// A radial gradient's inner radius in points. Default 0.
        public var startRadius: Keyframed<Double>
        /// A radial gradient's outer radius in points; `nil` is half the box's longer side.
        public var endRadius: Keyframed<Double>?
        /// Where a conic gradient starts, clockwise from the positive x axis. Default 0.
        public var angle: Keyframed<Angle>

        /// A gradient; `colors` evenly spaced when `stops` is made from them.
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

        /// Stops for `colors` spread evenly from 0 to 1, as SwiftUI's `Gradient(colors:)`.
        public static func evenStops(_ colors: [Keyframed<Color>]) -> [Stop] {
            colors.enumerated().map { index, color in
                Stop(color: color, location: Keyframed(colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0))
            }
        }

        /// The shading at `time` over `box`.
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
}
