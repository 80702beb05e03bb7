import FlipbookAnimation
import FlipbookDrawing
import Foundation

// A layer's filter in a scene file: `"luminanceToAlpha"`, or an object with one key naming the
// filter, whose value is its amount (`{"blur": 4}`), colour (`{"colorMultiply": "red"}`), matrix
// (`{"colorMatrix": [20 numbers]}`) or an object of its arguments (`{"shadow": {…}}`,
// `{"alphaThreshold": {…}}`). Amounts and colours may be keyframe lists.

/// A shadow's arguments, read by ``ShadowArguments/parameters``.
struct ShadowArguments: Equatable {
    var color = Keyframed(Color(white: 0, opacity: 0.33))
    var radius = Keyframed(0.0)
    var x = Keyframed(0.0)
    var y = Keyframed(0.0)

    static let parameters = ParameterTable<ShadowArguments>(
        title: "Shadow", noun: "a shadow",
        summary: #"The value of a `{"shadow": {…}}` filter: a drop shadow of the layer's shape."#,
        parameters: [
            .value("color", \.color, .keyframed(.color), default: Keyframed(Color(white: 0, opacity: 0.33)),
                   help: "The shadow's colour (SwiftUI's default is black at 33 %)."),
            .required("radius", \.radius, .keyframed(.number), limits: .between(0, Timeline.Layer.Filter.maximumRadius),
                      unit: "points", help: "The blur's standard deviation."),
            .value("x", \.x, .keyframed(.number), default: Keyframed(0), unit: "points", help: "The horizontal offset."),
            .value("y", \.y, .keyframed(.number), default: Keyframed(0), unit: "points", help: "The vertical offset (down)."),
        ])
}

/// An alpha threshold's arguments, read by ``ThresholdArguments/parameters``.
struct ThresholdArguments: Equatable {
    var min = Keyframed(0.5)
    var max = Keyframed(1.0)
    var color = Keyframed(Color.black)

    static let parameters = ParameterTable<ThresholdArguments>(
        title: "Alpha threshold", noun: "an alpha threshold",
        summary: #"The value of an `{"alphaThreshold": {…}}` filter: pixels whose alpha is within min...max "#
            + "become the colour, the others transparent.",
        parameters: [
            .required("min", \.min, .keyframed(.number), limits: .between(0, 1), help: "The lowest alpha kept."),
            .value("max", \.max, .keyframed(.number), default: Keyframed(1), limits: .between(0, 1),
                   help: "The highest alpha kept."),
            .value("color", \.color, .keyframed(.color), default: Keyframed(.black), help: "The colour kept pixels take."),
        ])
}

extension Timeline.Layer.Filter {
    /// The filters a file names, for messages and the reference.
    static let fileNames = ["shadow", "blur", "brightness", "contrast", "saturation", "grayscale", "hueRotation",
                            "colorInvert", "colorMultiply", "colorMatrix", "luminanceToAlpha", "alphaThreshold"]
}

extension ValueCodec where Value == Timeline.Layer.Filter {
    /// One filter (see the file's top comment).
    static var layerFilter: ValueCodec {
        typealias Filter = Timeline.Layer.Filter
        let names = Filter.fileNames
        let expected = #"a filter: "luminanceToAlpha" or an object with one key, "# + names.joined(separator: ", ")
        let amount = ValueCodec<Keyframed<Double>>.keyframed(.number)
        let color = ValueCodec<Keyframed<Color>>.keyframed(.color)
        let angle = ValueCodec<Keyframed<Angle>>.keyframed(.degrees)
        let shadow = ValueCodec<ShadowArguments>.object(ShadowArguments.parameters, initial: ShadowArguments())
        let threshold = ValueCodec<ThresholdArguments>.object(ThresholdArguments.parameters, initial: ThresholdArguments())
        let matrix = ValueCodec<Keyframed<ColorMatrix>>.keyframed(.colorMatrix)
        return ValueCodec(
            typeName: "filter", expected: expected,
            read: { json, keyPath, requirement in
                if case .string(let name) = json.content {
                    guard name == "luminanceToAlpha" else { throw json.unknownName(name, keyPath, requirement, among: names) }
                    return .luminanceToAlpha
                }
                guard let members = json.members, members.count == 1, let member = members.first else {
                    throw json.invalid(keyPath, requirement)
                }
                let path = joinKeyPath(keyPath, member.key), value = member.value
                switch member.key {
                case "shadow":
                    let s = try shadow.read(value, path, shadow.expected)
                    return .shadow(color: s.color, radius: s.radius, x: s.x, y: s.y)
                case "blur": return .blur(radius: try amount.read(value, path, "a radius in points"))
                case "brightness": return .brightness(try amount.read(value, path, amount.expected))
                case "contrast": return .contrast(try amount.read(value, path, amount.expected))
                case "saturation": return .saturation(try amount.read(value, path, amount.expected))
                case "grayscale": return .grayscale(try amount.read(value, path, amount.expected))
                case "colorInvert": return .colorInvert(try amount.read(value, path, amount.expected))
                case "hueRotation": return .hueRotation(try angle.read(value, path, angle.expected))
                case "colorMultiply": return .colorMultiply(try color.read(value, path, color.expected))
                case "colorMatrix": return .colorMatrix(try matrix.read(value, path, matrix.expected))
                case "alphaThreshold":
                    let t = try threshold.read(value, path, threshold.expected)
                    return .alphaThreshold(min: t.min, max: t.max, color: t.color)
                case "luminanceToAlpha": return .luminanceToAlpha
                default:
                    throw FlipbookError(invalid: path, "is not a filter.\(didYouMean(member.key, among: names)) Filters: "
                                            + names.joined(separator: ", ") + ".",
                                        at: FlipbookError.Location(line: member.line > 0 ? member.line : nil,
                                                                   column: member.line > 0 ? member.column : nil, keyPath: path))
                }
            },
            write: { filter in
                switch filter {
                case .shadow(let c, let r, let x, let y):
                    .object([("shadow", shadow.write(ShadowArguments(color: c, radius: r, x: x, y: y)))])
                case .blur(let r): .object([("blur", amount.write(r))])
                case .brightness(let a): .object([("brightness", amount.write(a))])
                case .contrast(let a): .object([("contrast", amount.write(a))])
                case .saturation(let a): .object([("saturation", amount.write(a))])
                case .grayscale(let a): .object([("grayscale", amount.write(a))])
                case .colorInvert(let a): .object([("colorInvert", amount.write(a))])
                case .hueRotation(let a): .object([("hueRotation", angle.write(a))])
                case .colorMultiply(let c): .object([("colorMultiply", color.write(c))])
                case .colorMatrix(let m): .object([("colorMatrix", matrix.write(m))])
                case .luminanceToAlpha: .string("luminanceToAlpha")
                case .alphaThreshold(let lo, let hi, let c):
                    .object([("alphaThreshold", threshold.write(ThresholdArguments(min: lo, max: hi, color: c)))])
                }
            })
    }
}

extension ValueCodec where Value == ColorMatrix {
    /// Twenty numbers, row by row (r1…r5, g1…g5, b1…b5, a1…a5), as SwiftUI's `ColorMatrix` lists them.
    static var colorMatrix: ValueCodec {
        let requirement = "a colour matrix: a list of 20 numbers, row by row"
        return ValueCodec(
            typeName: "[20 numbers]", expected: requirement,
            read: { json, keyPath, _ in
                guard let elements = json.elements, elements.count == 20 else { throw json.invalid(keyPath, requirement) }
                var matrix = ColorMatrix()
                matrix.animatableData = ColorMatrixVector(try elements.enumerated().map {
                    try $0.element.number("\(keyPath)[\($0.offset)]", requirement)
                })
                return matrix
            },
            write: { .numbers($0.entries.map(Double.init)) },
            numbers: { $0.entries.map(Double.init) })
    }
}
