import FlipbookDrawing
import Foundation

/// `{"time": 0.5, "phase": "down", "finger": 0, "point": [120, 80]}`; `finger` defaults to 0.
extension TouchScript.Event: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case time, phase, finger, point }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue), in: "a touch event")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let phaseName = try c.decode(String.self, forKey: .phase)
        guard let phase = Phase(rawValue: phaseName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .phase, in: c, debugDescription: "'\(phaseName)' is not a touch phase: expected \"down\", \"move\" or \"up\"")
        }
        guard let point = try c.decodePoint(forKey: .point) else {
            throw DecodingError.keyNotFound(
                CodingKeys.point, DecodingError.Context(codingPath: c.codingPath, debugDescription: "a touch needs a point"))
        }
        self.init(
            time: try c.decode(Double.self, forKey: .time), phase: phase,
            finger: try c.decodeWholeIfPresent(Int.self, forKey: .finger) ?? 0, point: point)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time, forKey: .time)
        try c.encode(phase.rawValue, forKey: .phase)
        try c.encode(finger, forKey: .finger)
        try c.encodePoint(point, forKey: .point)
    }
}

extension SceneFile {
    /// A ripple in a scene file: `{"center": [x, y], "start": 1.5, "color": "#76d6ff"}`.
    /// `start` defaults to 0 and `color` to the palette colour at the ripple's position in the list.
    public struct RippleDescription: Codable, Sendable, Equatable {
        public var center: CGPoint
        public var start: TimeInterval?
        public var color: Color?

        public init(center: CGPoint, start: TimeInterval? = nil, color: Color? = nil) {
            self.center = center
            self.start = start
            self.color = color
        }

        private enum CodingKeys: String, CodingKey, CaseIterable { case center, start, color }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue), in: "a ripple")
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard let center = try c.decodePoint(forKey: .center) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.center, DecodingError.Context(codingPath: c.codingPath, debugDescription: "a ripple needs a center"))
            }
            self.center = center
            start = try c.decodeIfPresent(Double.self, forKey: .start)
            color = try c.decodeIfPresent(Color.self, forKey: .color)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodePoint(center, forKey: .center)
            try c.encodeIfPresent(start, forKey: .start)
            try c.encodeIfPresent(color, forKey: .color)
        }
    }

    /// Ripple rain in a scene file: `{"rate": 2, "start": 0, "duration": 6, "area": [x, y, w, h], "seed": 3}`.
    /// Defaults: rate 2 drops/s, start 0, duration to the end of the timeline, area the whole canvas,
    /// the layer's palette, seed 0.
    public struct RainDescription: Codable, Sendable, Equatable {
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

        private enum CodingKeys: String, CodingKey, CaseIterable { case rate, start, duration, area, palette, seed }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue), in: "a ripple rain")
            let c = try decoder.container(keyedBy: CodingKeys.self)
            rate = try c.decodeIfPresent(Double.self, forKey: .rate)
            start = try c.decodeIfPresent(Double.self, forKey: .start)
            duration = try c.decodeIfPresent(Double.self, forKey: .duration)
            area = try c.decodeRect(forKey: .area)
            palette = try c.decodeIfPresent([Color].self, forKey: .palette)
            seed = try c.decodeWholeIfPresent(UInt64.self, forKey: .seed)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(rate, forKey: .rate)
            try c.encodeIfPresent(start, forKey: .start)
            try c.encodeIfPresent(duration, forKey: .duration)
            if let area {
                try c.encode([Double(area.minX), Double(area.minY), Double(area.width), Double(area.height)], forKey: .area)
            }
            try c.encodeIfPresent(palette, forKey: .palette)
            try c.encodeIfPresent(seed, forKey: .seed)
        }
    }

    /// A trail of ripples in a scene file, along SVG path data or through points:
    /// `{"path": "M40 120 C 100 20, 160 220, 220 120", "start": 1, "duration": 2, "rate": 20, "color": "pink"}`
    /// or `{"points": [[40, 120], [220, 120]], ...}`. Defaults: start 0, duration 1 s, rate 30 rings/s,
    /// the layer's first palette colour.
    public struct TrailDescription: Codable, Sendable, Equatable {
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

        private enum CodingKeys: String, CodingKey, CaseIterable { case path, points, start, duration, rate, color }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue), in: "a ripple trail")
            let c = try decoder.container(keyedBy: CodingKeys.self)
            path = try c.decodeIfPresent(String.self, forKey: .path)
            points = try c.decodePoints(forKey: .points)
            start = try c.decodeIfPresent(Double.self, forKey: .start)
            duration = try c.decodeIfPresent(Double.self, forKey: .duration)
            rate = try c.decodeIfPresent(Double.self, forKey: .rate)
            color = try c.decodeIfPresent(Color.self, forKey: .color)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(path, forKey: .path)
            try c.encodeIfPresent(points?.map { [Double($0.x), Double($0.y)] }, forKey: .points)
            try c.encodeIfPresent(start, forKey: .start)
            try c.encodeIfPresent(duration, forKey: .duration)
            try c.encodeIfPresent(rate, forKey: .rate)
            try c.encodeIfPresent(color, forKey: .color)
        }
    }
}
