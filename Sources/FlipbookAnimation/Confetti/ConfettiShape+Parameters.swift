import FlipbookDrawing
import Foundation

extension ConfettiShape {
    /// The shapes written by name.
    static let namedShapes: [(name: String, value: ConfettiShape)] = [
        ("rectangle", .rectangle), ("circle", .circle), ("triangle", .triangle), ("star", .star),
    ]
}

extension ValueCodec where Value == ConfettiShape {
    /// `"rectangle"`, `"circle"`, `"triangle"`, `"star"`, or `{"svg": "path data"}`.
    static var shape: ValueCodec {
        let names = ConfettiShape.namedShapes.map(\.name)
        let expected = names.map { "\"\($0)\"" }.joined(separator: ", ") + #" or {"svg": "path data"}"#
        return ValueCodec(
            typeName: "shape", expected: expected,
            read: { json, keyPath, requirement in
                if case .string(let name) = json.content {
                    guard let shape = ConfettiShape.namedShapes.first(where: { $0.name == name })?.value else {
                        throw json.unknownName(name, keyPath, requirement, among: names)
                    }
                    return shape
                }
                guard let members = json.members, members.count == 1, let svg = members.first, svg.key == "svg" else {
                    throw json.invalid(keyPath, requirement)
                }
                let svgPath = joinKeyPath(keyPath, "svg")
                let data = try svg.value.string(svgPath, "SVG path data (a string)")
                do {
                    return try ConfettiShape.svg(data)
                } catch let error as FlipbookError {
                    throw FlipbookError(invalid: svgPath, "must be SVG path data: \(error.message)",
                                        at: svg.value.location(keyPath: svgPath))
                }
            },
            write: { shape in
                if case .custom(let path) = shape { return .object([("svg", .string(svgPathData(path)))]) }
                return .string(ConfettiShape.namedShapes.first { $0.value == shape }?.name ?? "rectangle")
            })
    }
}
