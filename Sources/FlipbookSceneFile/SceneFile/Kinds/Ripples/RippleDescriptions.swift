import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A ripple in a scene file: `{"center": [x, y], "start": 1.5, "color": "#76d6ff"}`.
    /// `start` defaults to 0 and `color` to the palette colour at the ripple's position in the list.
    public struct RippleDescription: Sendable, Equatable {
        /// Where the ring grows from, in points.
        public var center: CGPoint
        /// When it starts, in the layer's seconds; `nil` means 0.
        public var start: TimeInterval?
        /// Its colour at birth; `nil` takes the palette colour at the ripple's place in the list.
        public var color: Color?

        /// A ripple; `nil` values take the defaults above.
        public init(center: CGPoint, start: TimeInterval? = nil, color: Color? = nil) {
            self.center = center
            self.start = start
            self.color = color
        }
    }

    /// Ripple rain in a scene file: `{"rate": 2, "start": 0, "duration": 6, "area": [x, y, w, h], "seed": 3}`.
    /// Defaults: ``RippleRain/defaultRate``, start 0, duration to the end of the timeline, area the
    /// whole canvas, the layer's palette, seed = the rain's place in the list.
    public struct RainDescription: Sendable, Equatable {
        /// Drops per second on average.
        public var rate: Double?
        /// When the rain starts, in the layer's seconds.
        public var start: TimeInterval?
        /// How long it rains; `nil` rains to the end of the timeline.
        public var duration: TimeInterval?
        /// Where drops land, in points; `nil` is the whole canvas.
        public var area: CGRect?
        /// The drops' colours; `nil` is the layer's palette.
        public var palette: [Color]?
        /// The seed for the drops; `nil` is the rain's place in the list.
        public var seed: UInt64?

        /// A rain; `nil` values take the defaults above.
        public init(rate: Double? = nil, start: TimeInterval? = nil, duration: TimeInterval? = nil,
                    area: CGRect? = nil, palette: [Color]? = nil, seed: UInt64? = nil) {
            self.rate = rate
            self.start = start
            self.duration = duration
            self.area = area
            self.palette = palette
            self.seed = seed
        }
    }

    /// A trail of ripples in a scene file, along SVG path data or through points:
    /// `{"path": "M40 120 C 100 20, 160 220, 220 120", "start": 1, "duration": 2, "rate": 20, "color": "pink"}`
    /// or `{"points": [[40, 120], [220, 120]], ...}`. Defaults: start 0, ``RippleTrail/defaultDuration``,
    /// ``RippleTrail/defaultRate``, the layer's first palette colour.
    public struct TrailDescription: Sendable, Equatable {
        /// The route as SVG path data (give this or ``points``).
        public var path: String?
        /// The route through these points, in points (give this or ``path``).
        public var points: [CGPoint]?
        /// When the first ring starts, in the layer's seconds.
        public var start: TimeInterval?
        /// When the last ring starts, after ``start``.
        public var duration: TimeInterval?
        /// Rings per second.
        public var rate: Double?
        /// The rings' colour; `nil` is the layer's first palette colour.
        public var color: Color?

        /// A trail; `nil` values take the defaults above.
        public init(path: String? = nil, points: [CGPoint]? = nil, start: TimeInterval? = nil,
                    duration: TimeInterval? = nil, rate: Double? = nil, color: Color? = nil) {
            self.path = path
            self.points = points
            self.start = start
            self.duration = duration
            self.rate = rate
            self.color = color
        }
    }
}
