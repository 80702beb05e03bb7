import FlipbookDrawing
import Foundation

// Scene-file forms of the confetti types. Every key is optional and falls back to the default of
// the matching Swift parameter; unknown keys are errors. Ranges are [low, high] (or one number),
// angles are degrees, sizes [w, h], vectors [dx, dy].

extension ConfettiPhysics: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case gravity, drag, lifetime, fadeOutDuration, minimumFlipScale, wind
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue), in: "the confetti physics")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ConfettiPhysics()
        self.init(
            gravity: try c.decodeIfPresent(CGFloat.self, forKey: .gravity) ?? d.gravity,
            drag: try c.decodeIfPresent(CGFloat.self, forKey: .drag) ?? d.drag,
            lifetime: try c.decodeIfPresent(Double.self, forKey: .lifetime) ?? d.lifetime,
            fadeOutDuration: try c.decodeIfPresent(Double.self, forKey: .fadeOutDuration) ?? d.fadeOutDuration,
            minimumFlipScale: try c.decodeIfPresent(CGFloat.self, forKey: .minimumFlipScale) ?? d.minimumFlipScale,
            wind: try c.decodeVector(forKey: .wind) ?? d.wind)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(gravity, forKey: .gravity)
        try c.encode(drag, forKey: .drag)
        try c.encode(lifetime, forKey: .lifetime)
        try c.encode(fadeOutDuration, forKey: .fadeOutDuration)
        try c.encode(minimumFlipScale, forKey: .minimumFlipScale)
        if wind != .zero { try c.encode([Double(wind.dx), Double(wind.dy)], forKey: .wind) }
    }
}

/// `"bottomCannon"`, `"point"`, `"topRain"`, or an object with `"kind"` and that emitter's parameters.
extension ConfettiEmitter: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, horizontalRange, verticalOffset, launchSpeed, launchSpeedVariation, horizontalSpeed
        case at, angle, spread, speed, fallSpeed
    }

    private static let kinds = ["bottomCannon", "point", "topRain"]

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            switch name {
            case "bottomCannon": self = .bottomCannon
            case "point": self = .point()
            case "topRain": self = .topRain
            default:
                throw DecodingError.dataCorruptedError(
                    in: single, debugDescription: "'\(name)' is not an emitter: expected \"bottomCannon\", \"point\" or \"topRain\"")
            }
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "bottomCannon":
            try decoder.rejectUnknownKeys(
                ["kind", "horizontalRange", "verticalOffset", "launchSpeed", "launchSpeedVariation", "horizontalSpeed"],
                in: "a bottomCannon emitter")
            self = .bottomCannon(
                horizontalRange: try c.decodeRange(forKey: .horizontalRange) ?? 0.15...0.85,
                verticalOffset: try c.decodeIfPresent(Double.self, forKey: .verticalOffset) ?? 20,
                launchSpeed: try c.decodeIfPresent(Double.self, forKey: .launchSpeed) ?? 1.8,
                launchSpeedVariation: try c.decodeRange(forKey: .launchSpeedVariation) ?? 0.85...1.1,
                horizontalSpeed: try c.decodeRange(forKey: .horizontalSpeed) ?? -0.3...0.3)
        case "point":
            try decoder.rejectUnknownKeys(["kind", "at", "angle", "spread", "speed"], in: "a point emitter")
            let at = try c.decodePoint(forKey: .at).map { UnitPoint(x: $0.x, y: $0.y) } ?? .center
            self = .point(
                at: at,
                angle: .degrees(try c.decodeIfPresent(Double.self, forKey: .angle) ?? -90),
                spread: .degrees(try c.decodeIfPresent(Double.self, forKey: .spread) ?? 360),
                speed: try c.decodeRange(forKey: .speed) ?? 250...550)
        case "topRain":
            try decoder.rejectUnknownKeys(
                ["kind", "horizontalRange", "verticalOffset", "fallSpeed", "horizontalSpeed"], in: "a topRain emitter")
            self = .topRain(
                horizontalRange: try c.decodeRange(forKey: .horizontalRange) ?? 0...1,
                verticalOffset: try c.decodeIfPresent(Double.self, forKey: .verticalOffset) ?? 20,
                fallSpeed: try c.decodeRange(forKey: .fallSpeed) ?? 0...60,
                horizontalSpeed: try c.decodeRange(forKey: .horizontalSpeed) ?? -40...40)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c,
                debugDescription: "'\(kind)' is not an emitter kind: expected \"bottomCannon\", \"point\" or \"topRain\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch kind {
        case let .bottomCannon(horizontalRange, verticalOffset, launchSpeed, variation, horizontalSpeed):
            try c.encode("bottomCannon", forKey: .kind)
            try c.encodeRange(horizontalRange, forKey: .horizontalRange)
            try c.encode(verticalOffset, forKey: .verticalOffset)
            try c.encode(launchSpeed, forKey: .launchSpeed)
            try c.encodeRange(variation, forKey: .launchSpeedVariation)
            try c.encodeRange(horizontalSpeed, forKey: .horizontalSpeed)
        case let .point(at, angle, spread, speed):
            try c.encode("point", forKey: .kind)
            try c.encode([Double(at.x), Double(at.y)], forKey: .at)
            try c.encode(angle.degrees, forKey: .angle)
            try c.encode(spread.degrees, forKey: .spread)
            try c.encodeRange(speed, forKey: .speed)
        case let .topRain(horizontalRange, verticalOffset, fallSpeed, horizontalSpeed):
            try c.encode("topRain", forKey: .kind)
            try c.encodeRange(horizontalRange, forKey: .horizontalRange)
            try c.encode(verticalOffset, forKey: .verticalOffset)
            try c.encodeRange(fallSpeed, forKey: .fallSpeed)
            try c.encodeRange(horizontalSpeed, forKey: .horizontalSpeed)
        }
    }
}

/// The style's keys sit directly in a burst or emission object (no nested "style").
extension ConfettiStyle {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case palette, sizes, scale, shapes, rotation, rotationSpeed, flutterAmplitude, flutterFrequency
        case flutterPhase, flipFrequency, flipPhase, spreadStrength
    }

    init(fromFlat decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ConfettiStyle()
        self.init(
            palette: try c.decodeIfPresent([Color].self, forKey: .palette) ?? d.palette,
            sizes: try c.decodeSizes(forKey: .sizes) ?? d.sizes,
            scale: try c.decodeIfPresent(CGFloat.self, forKey: .scale) ?? d.scale,
            shapes: try c.decodeIfPresent([ConfettiShape].self, forKey: .shapes) ?? d.shapes,
            rotation: try c.decodeRange(forKey: .rotation) ?? d.rotation,
            rotationSpeed: try c.decodeRange(forKey: .rotationSpeed) ?? d.rotationSpeed,
            flutterAmplitude: try c.decodeRange(forKey: .flutterAmplitude) ?? d.flutterAmplitude,
            flutterFrequency: try c.decodeRange(forKey: .flutterFrequency) ?? d.flutterFrequency,
            flutterPhase: try c.decodeRange(forKey: .flutterPhase) ?? d.flutterPhase,
            flipFrequency: try c.decodeRange(forKey: .flipFrequency) ?? d.flipFrequency,
            flipPhase: try c.decodeRange(forKey: .flipPhase) ?? d.flipPhase,
            spreadStrength: try c.decodeRange(forKey: .spreadStrength) ?? d.spreadStrength)
    }

    /// Writes only what differs from the defaults, so files stay short.
    func encodeFlat(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let d = ConfettiStyle()
        if palette != d.palette { try c.encode(palette, forKey: .palette) }
        if sizes != d.sizes { try c.encode(sizes.map { [Double($0.width), Double($0.height)] }, forKey: .sizes) }
        if scale != d.scale { try c.encode(scale, forKey: .scale) }
        if shapes != d.shapes { try c.encode(shapes, forKey: .shapes) }
        let ranges: [(CodingKeys, ClosedRange<Double>, ClosedRange<Double>)] = [
            (.rotation, rotation, d.rotation), (.rotationSpeed, rotationSpeed, d.rotationSpeed),
            (.flutterAmplitude, flutterAmplitude, d.flutterAmplitude),
            (.flutterFrequency, flutterFrequency, d.flutterFrequency), (.flutterPhase, flutterPhase, d.flutterPhase),
            (.flipFrequency, flipFrequency, d.flipFrequency), (.flipPhase, flipPhase, d.flipPhase),
            (.spreadStrength, spreadStrength, d.spreadStrength),
        ]
        for (key, value, defaultValue) in ranges where value != defaultValue {
            try c.encodeRange(value, forKey: key)
        }
    }
}

extension ConfettiBurst: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case time, count, emitter }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(
            CodingKeys.allCases.map(\.stringValue) + ConfettiStyle.CodingKeys.allCases.map(\.stringValue),
            in: "a confetti burst")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            time: try c.decodeIfPresent(Double.self, forKey: .time) ?? 0,
            count: try c.decodeWholeIfPresent(Int.self, forKey: .count) ?? 30,
            emitter: try c.decodeIfPresent(ConfettiEmitter.self, forKey: .emitter) ?? .bottomCannon,
            style: try ConfettiStyle(fromFlat: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time, forKey: .time)
        try c.encode(count, forKey: .count)
        if emitter != .bottomCannon { try c.encode(emitter, forKey: .emitter) }
        try style.encodeFlat(to: encoder)
    }
}

extension ConfettiEmission: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case rate, start, duration, emitter }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(
            CodingKeys.allCases.map(\.stringValue) + ConfettiStyle.CodingKeys.allCases.map(\.stringValue),
            in: "a confetti emission")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            rate: try c.decodeIfPresent(Double.self, forKey: .rate) ?? 20,
            start: try c.decodeIfPresent(Double.self, forKey: .start) ?? 0,
            duration: try c.decode(Double.self, forKey: .duration),
            emitter: try c.decodeIfPresent(ConfettiEmitter.self, forKey: .emitter) ?? .topRain,
            style: try ConfettiStyle(fromFlat: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rate, forKey: .rate)
        try c.encode(start, forKey: .start)
        try c.encode(duration, forKey: .duration)
        if emitter != .topRain { try c.encode(emitter, forKey: .emitter) }
        try style.encodeFlat(to: encoder)
    }
}
