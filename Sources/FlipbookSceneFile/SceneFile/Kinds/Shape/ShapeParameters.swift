import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A shape layer's parameters (`"scene": "shape"`): see ``ShapeScene``.
    public struct ShapeParameters: Sendable, Equatable {
        /// Which outline: `rect`, `roundedRect`, `capsule`, `circle`, `ellipse` or `path`. Default
        /// `path` when ``path`` is given, else `rect`.
        public var shape: String?
        /// SVG path data, for `"shape": "path"`.
        public var path: Path?
        /// The box. Default: a path's bounding size, else 100 × 100.
        public var size: Keyframed<CGSize>?
        /// A rounded rectangle's corner radius. Default 0.
        public var cornerRadius: Keyframed<Double>?
        /// `continuous` or `circular` corners for rounded rectangles and capsules. Default continuous.
        public var style: RoundedCornerStyle?
        /// The fill. Default none.
        public var fill: LayerPaint?
        /// The stroke. Default none.
        public var stroke: ShapeScene.Stroke?
        /// `[from, to]`: the part of the outline drawn. Default all of it.
        public var trim: Keyframed<ShapeScene.Trim>?

        /// Shape parameters; `nil` keys take their defaults.
        public init(shape: String? = nil, path: Path? = nil, size: Keyframed<CGSize>? = nil,
                    cornerRadius: Keyframed<Double>? = nil, style: RoundedCornerStyle? = nil,
                    fill: LayerPaint? = nil, stroke: ShapeScene.Stroke? = nil, trim: Keyframed<ShapeScene.Trim>? = nil) {
            self.shape = shape
            self.path = path
            self.size = size
            self.cornerRadius = cornerRadius
            self.style = style
            self.fill = fill
            self.stroke = stroke
            self.trim = trim
        }

        /// The outline names a file may give.
        public static let shapeNames = ["rect", "roundedRect", "capsule", "circle", "ellipse", "path"]

        /// The outline these parameters describe; errors name `keyPath`'s `shape` or `path`.
        func outline(keyPath: String) throws -> ShapeScene.Outline {
            let name = shape ?? (path == nil ? "rect" : "path")
            let style = self.style ?? .continuous
            switch name {
            case "rect": return .rect
            case "roundedRect": return .roundedRect(cornerRadius: cornerRadius ?? Keyframed(0), style: style)
            case "capsule": return .capsule(style: style)
            case "circle": return .circle
            case "ellipse": return .ellipse
            case "path":
                guard let path else {
                    throw FlipbookError(invalid: joinKeyPath(keyPath, "path"), #"is missing; "shape": "path" needs it."#,
                                        at: .init(keyPath: joinKeyPath(keyPath, "shape")))
                }
                return .path(path)
            default:
                throw FlipbookError(invalid: joinKeyPath(keyPath, "shape"),
                                    "must be one of \(Self.shapeNames.joined(separator: ", ")); it is '\(name)'."
                                        + didYouMean(name, among: Self.shapeNames),
                                    at: .init(keyPath: joinKeyPath(keyPath, "shape")))
            }
        }

        /// The scene; its values are checked by its layer's check (or ``ShapeScene/validate(keyPath:)``).
        ///
        /// - Throws: ``FlipbookError`` naming `keyPath.path` when `"shape": "path"` has no path.
        public func makeScene(keyPath: String = "") throws -> ShapeScene {
            ShapeScene(try outline(keyPath: keyPath), size: size, fill: fill, stroke: stroke, trim: trim)
        }
    }
}

extension SceneFile.ShapeParameters {
    static let parameters = ParameterTable<SceneFile.ShapeParameters>(
        title: "Shape layer", noun: "a shape layer",
        summary: layerWithScene + #": a rectangle, rounded rectangle, capsule, circle, ellipse or "#
            + "SVG path in its own box, filled and stroked with colours or gradients, optionally trimmed.",
        parameters: [
            .optional("shape", \.shape, .choice(SceneFile.ShapeParameters.shapeNames.map { ($0, $0) }),
                      defaultText: "path when path is given, else rect", help: "The outline, fitted to the box."),
            .optional("path", \.path, .svgPath, defaultText: "none", help: #"SVG path data ("M0 0 L10 0 …") for "shape": "path"."#),
            .boxSize(\.size, defaultText: "a path's bounding size, else [100, 100]",
                     help: "The box the outline fills."),
            .optional("cornerRadius", \.cornerRadius, .keyframed(.number), default: Keyframed(0),
                      limits: .between(0, ShapeScene.maximumSide), limitsCheckedWhereMade: true, unit: "points",
                      help: "A roundedRect's corner radius."),
            .optional("style", \.style, .choice([("continuous", .continuous), ("circular", .circular)]),
                      default: .continuous, help: "Corners of a roundedRect or capsule: continuous or circular."),
            .optional("fill", \.fill, .paint, defaultText: "none",
                      help: #"A colour or {"gradient": {…}} filling the outline (see Gradient)."#),
            .optional("stroke", \.stroke, .stroke, defaultText: "none", help: "A line along the outline (see Stroke)."),
            .optional("trim", \.trim, .keyframed(.trim), defaultText: "[0, 1]", limits: .between(0, 1),
                      limitsCheckedWhereMade: true, help: "The part of the outline drawn: keyframe it to draw the shape on."),
        ])
}

extension ValueCodec where Value == Path {
    /// SVG path data, parsed when read so a mistake is placed at the string.
    static var svgPath: ValueCodec {
        ValueCodec(
            typeName: "SVG path data", expected: "SVG path data (a string such as \"M0 0 L10 0 L5 8 Z\")",
            read: { json, keyPath, requirement in
                let text = try json.string(keyPath, requirement)
                do {
                    return try Path(svgPathData: text)
                } catch let error as FlipbookError {
                    throw FlipbookError(invalid: keyPath, "must be SVG path data: \(error.message)", at: json.location(keyPath: keyPath))
                }
            },
            write: { .string(svgPathData($0)) })
    }
}

extension ValueCodec where Value == ShapeScene.Trim {
    /// `[from, to]`.
    static var trim: ValueCodec {
        ValueCodec(typeName: "[from, to]", expected: "[from, to] (fractions of the outline's length)",
                   read: { json, keyPath, requirement in
                       let n = try json.numbers(["from", "to"], keyPath, requirement)
                       return ShapeScene.Trim(from: n[0], to: n[1])
                   },
                   write: { .numbers([$0.from, $0.to]) }, numbers: { [$0.from, $0.to] })
    }
}
