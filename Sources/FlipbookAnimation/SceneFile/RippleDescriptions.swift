import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A ripple in a scene file: `{"center": [x, y], "start": 1.5, "color": "#76d6ff"}`.
    /// `start` defaults to 0 and `color` to the palette colour at the ripple's position in the list.
    public struct RippleDescription: Sendable, Equatable {
        public var center: CGPoint
        public var start: TimeInterval?
        public var color: Color?

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
        public var rate: Double?
        public var start: TimeInterval?
        public var duration: TimeInterval?
        public var area: CGRect?
        public var palette: [Color]?
        public var seed: UInt64?

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
        public var path: String?
        public var points: [CGPoint]?
        public var start: TimeInterval?
        public var duration: TimeInterval?
        public var rate: Double?
        public var color: Color?

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
