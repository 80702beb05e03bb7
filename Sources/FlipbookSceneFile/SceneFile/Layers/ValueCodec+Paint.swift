import FlipbookAnimation
import FlipbookDrawing
import Foundation

// Paint in scene files: a colour (`"red"`, `"#ff2d55"`, or keyframes of colours), or a gradient
// `{"kind": "linear", "colors": […] | "stops": [{"color", "location"}], "startPoint": [0, 0], "endPoint": [1, 1]}`
// with points as unit points of the layer's box: a shape's `"fill": {"gradient": {…}}`, its stroke's
// `"gradient"` and a text layer's `"gradient"` are all read by ``GradientFields``.

/// A gradient as a file writes it, read by ``GradientFields/parameters``.
struct GradientFields: Equatable {
    var kind = LayerGradient.Kind.linear
    var colors: [Keyframed<Color>]?
    var stops: [LayerGradient.Stop]?
    var startPoint = Keyframed(UnitPoint.top)
    var endPoint = Keyframed(UnitPoint.bottom)
    var center = Keyframed(UnitPoint.center)
    var startRadius = Keyframed(0.0)
    var endRadius: Keyframed<Double>?
    var angle = Keyframed(Angle.zero)

    static let parameters = ParameterTable<GradientFields>(
        title: "Gradient", noun: "a gradient",
        summary: #"The value of a `gradient`: a shape's fill (`{"gradient": {…}}`) or stroke, or a text layer's "#
            + "glyphs. Points are unit points of the layer's box ([0, 0] its top-left, [1, 1] its bottom-right); "
            + "give colors (evenly spaced) or stops.",
        parameters: [
            .value("kind", \.kind, .choice(LayerGradient.Kind.allCases.map { ($0.rawValue, $0) }),
                   default: .linear, help: "linear, radial or conic."),
            .optional("colors", \.colors, .list(.keyframed(.color), of: "colours"), defaultText: "none",
                      nonEmpty: true, help: "Colours spread evenly from start to end."),
            .optional("stops", \.stops, .list(.gradientStop, of: "stops"), defaultText: "none", nonEmpty: true,
                      help: #"Colours at locations: [{"color": "red", "location": 0}, …] (see Gradient stop)."#),
            .value("startPoint", \.startPoint, .keyframed(.boxPoint), default: Keyframed(.top),
                   help: "Where a linear gradient starts."),
            .value("endPoint", \.endPoint, .keyframed(.boxPoint), default: Keyframed(.bottom),
                   help: "Where a linear gradient ends."),
            .value("center", \.center, .keyframed(.boxPoint), default: Keyframed(.center),
                   help: "A radial or conic gradient's centre."),
            .value("startRadius", \.startRadius, .keyframed(.number), default: Keyframed(0),
                   limits: .between(0, LayerGradient.radiusLimit), unit: "points", help: "A radial gradient's inner radius."),
            .optional("endRadius", \.endRadius, .keyframed(.number), defaultText: "half the box's longer side",
                      limits: .between(0, LayerGradient.radiusLimit), unit: "points",
                      help: "A radial gradient's outer radius."),
            .value("angle", \.angle, .keyframed(.degrees), default: Keyframed(.zero), unit: "degrees",
                   help: "Where a conic gradient starts, clockwise from the right."),
        ])

    init() {}

    init(_ gradient: LayerGradient) {
        (kind, stops, startPoint, endPoint) = (gradient.kind, gradient.stops, gradient.startPoint, gradient.endPoint)
        (center, startRadius, endRadius, angle) = (gradient.center, gradient.startRadius, gradient.endRadius, gradient.angle)
    }

    /// The gradient; a mistake is placed at `json`, the gradient object at `keyPath`.
    func gradient(_ json: JSONValue, keyPath: String) throws -> LayerGradient {
        for (key, count) in [("colors", colors?.count), ("stops", self.stops?.count)] where count == 0 {
            let path = joinKeyPath(keyPath, key)
            throw FlipbookError(invalid: path, "must be a non-empty list; it is empty.", at: json.location(keyPath: path))
        }
        let stops: [LayerGradient.Stop]
        switch (colors, self.stops) {
        case (let colors?, nil): stops = LayerGradient.evenStops(colors)
        case (nil, let given?): stops = given
        default:
            throw FlipbookError(invalid: keyPath, "must give either colors or stops (one of them, not both).",
                                at: json.location(keyPath: keyPath))
        }
        return LayerGradient(kind, stops: stops, startPoint: startPoint, endPoint: endPoint, center: center,
                             startRadius: startRadius, endRadius: endRadius, angle: angle)
    }
}

/// A gradient stop as a file writes it.
struct StopFields: Equatable {
    var color = Keyframed(Color.black)
    var location = Keyframed(0.0)

    static let parameters = ParameterTable<StopFields>(
        title: "Gradient stop", noun: "a gradient stop", summary: "An element of a gradient's `stops`.",
        parameters: [
            .required("color", \.color, .keyframed(.color), help: "The colour."),
            .required("location", \.location, .keyframed(.number), limits: .between(0, 1), help: "Where it lies, 0 to 1."),
        ])
}

extension ValueCodec where Value == LayerGradient.Stop {
    static var gradientStop: ValueCodec {
        let fields = ValueCodec<StopFields>.object(StopFields.parameters, initial: StopFields())
        return ValueCodec(
            typeName: "stop", expected: #"a gradient stop {"color", "location"}"#,
            read: { json, keyPath, requirement in
                let f = try fields.read(json, keyPath, requirement)
                return LayerGradient.Stop(color: f.color, location: f.location)
            },
            write: { fields.write(StopFields(color: $0.color, location: $0.location)) })
    }
}

extension ValueCodec where Value == LayerGradient {
    /// A gradient object (see ``GradientFields``); the scene that paints with it checks its values.
    static var gradient: ValueCodec {
        let fields = ValueCodec<GradientFields>.object(GradientFields.parameters, initial: GradientFields())
        return ValueCodec(
            typeName: fields.typeName, expected: fields.expected,
            read: { json, keyPath, requirement in try fields.read(json, keyPath, requirement).gradient(json, keyPath: keyPath) },
            write: { fields.write(GradientFields($0)) })
    }
}

extension ValueCodec where Value == LayerPaint {
    /// A colour (keyframable) or `{"gradient": {…}}`.
    static var paint: ValueCodec {
        let color = ValueCodec<Keyframed<Color>>.keyframed(.color)
        let gradient = ValueCodec<LayerGradient>.gradient
        return ValueCodec(
            typeName: "colour or gradient", expected: #"a colour or {"gradient": {…}}"#,
            read: { json, keyPath, requirement in
                guard let members = json.members else { return .color(try color.read(json, keyPath, requirement)) }
                guard members.count == 1, let member = members.first, member.key == "gradient" else {
                    throw json.invalid(keyPath, requirement)
                }
                return .gradient(try gradient.read(member.value, joinKeyPath(keyPath, "gradient"), gradient.expected))
            },
            write: { paint in
                switch paint {
                case .color(let c): color.write(c)
                case .gradient(let g): .object([("gradient", gradient.write(g))])
                }
            })
    }
}
