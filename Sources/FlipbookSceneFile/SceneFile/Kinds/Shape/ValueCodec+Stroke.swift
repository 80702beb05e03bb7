import FlipbookAnimation
import FlipbookDrawing
import Foundation

// A shape's stroke in scene files: `{"color" | "gradient", "width", "dash", "dashPhase", "cap", "join",
// "miterLimit"}`, the colour or gradient read as a fill's paint is.

/// A stroke as a file writes it, read by ``StrokeFields/parameters``.
struct StrokeFields: Equatable {
    var color: Keyframed<Color>?
    var gradient: LayerGradient?
    var width = Keyframed(1.0)
    var dash: [Double] = []
    var dashPhase = Keyframed(0.0)
    var cap = CGLineCap.butt
    var join = CGLineJoin.miter
    var miterLimit = Keyframed(10.0)

    static let parameters = ParameterTable<StrokeFields>(
        title: "Stroke", noun: "a stroke",
        summary: "A shape's `stroke`: a line along its outline, centred on it. Give color or gradient.",
        parameters: [
            .optional("color", \.color, .keyframed(.color), defaultText: "black unless gradient is given",
                      help: "The line's colour."),
            .optional("gradient", \.gradient, .gradient,
                      defaultText: "none", help: "A gradient along the line instead (see Gradient)."),
            .value("width", \.width, .keyframed(.number), default: Keyframed(1), limits: .between(0, 1e4), unit: "points",
                   help: "The line's width."),
            .value("dash", \.dash, .list(.number, of: "lengths"), default: [], limits: .between(0, 1e6), unit: "points",
                   help: "Painted and unpainted lengths, alternating."),
            .value("dashPhase", \.dashPhase, .keyframed(.number), default: Keyframed(0), limits: .within(1e6),
                   unit: "points", help: "How far into the dash pattern the line starts."),
            .value("cap", \.cap, .choice([("butt", .butt), ("round", .round), ("square", .square)]), default: .butt,
                   help: "How open ends are drawn."),
            .value("join", \.join, .choice([("miter", .miter), ("round", .round), ("bevel", .bevel)]), default: .miter,
                   help: "How corners are drawn."),
            .value("miterLimit", \.miterLimit, .keyframed(.number), default: Keyframed(10), limits: .between(1, 1e4),
                   help: "Above this ratio of miter length to width a miter becomes a bevel."),
        ])
}

extension ValueCodec where Value == ShapeScene.Stroke {
    static var stroke: ValueCodec {
        let fields = ValueCodec<StrokeFields>.object(StrokeFields.parameters, initial: StrokeFields())
        return ValueCodec(
            typeName: "object", expected: "an object (a stroke)",
            read: { json, keyPath, requirement in
                let f = try fields.read(json, keyPath, requirement)
                let paint: LayerPaint
                switch (f.color, f.gradient) {
                case (let color, nil): paint = .color(color ?? Keyframed(.black))
                case (nil, let gradient?): paint = .gradient(gradient)
                default:
                    throw FlipbookError(invalid: keyPath, "must give color or gradient, not both.",
                                        at: json.location(keyPath: keyPath))
                }
                return ShapeScene.Stroke(paint, width: f.width, dash: f.dash, dashPhase: f.dashPhase, cap: f.cap,
                                         join: f.join, miterLimit: f.miterLimit)
            },
            write: { stroke in
                var f = StrokeFields()
                switch stroke.paint {
                case .color(let c): f.color = c
                case .gradient(let g): f.gradient = g
                }
                (f.width, f.dash, f.dashPhase, f.cap, f.join, f.miterLimit)
                    = (stroke.width, stroke.dash, stroke.dashPhase, stroke.cap, stroke.join, stroke.miterLimit)
                return fields.write(f)
            })
    }
}
