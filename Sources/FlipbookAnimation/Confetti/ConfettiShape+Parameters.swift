import FlipbookDrawing
import Foundation

extension ConfettiShape {
    /// The shapes written by name.
    package static let namedShapes: [(name: String, value: ConfettiShape)] = [
        ("rectangle", .rectangle), ("circle", .circle), ("triangle", .triangle), ("star", .star),
    ]
}

extension ValueCodec where Value == ConfettiShape {
    /// `"rectangle"`, `"circle"`, `"triangle"`, `"star"`, `{"svg": "path data"}`, or
    /// `{"text": "🎉"}` with an optional `"font": "Family"`.
    package static var shape: ValueCodec {
        let names = ConfettiShape.namedShapes.map(\.name)
        let expected = names.map { "\"\($0)\"" }.joined(separator: ", ")
            + #", {"svg": "path data"}, {"text": "🎉", "font": "optional family"} or {"image": "file.png"}"#
        return ValueCodec(
            typeName: "shape", expected: expected,
            read: { json, keyPath, requirement in
                if case .string(let name) = json.content {
                    guard let shape = ConfettiShape.namedShapes.first(where: { $0.name == name })?.value else {
                        throw json.unknownName(name, keyPath, requirement, among: names)
                    }
                    return shape
                }
                if let members = json.members, members.count == 1, let image = members.first, image.key == "image" {
                    let src = try image.value.string(joinKeyPath(keyPath, "image"), "an image file (a string)")
                    return .image(ConfettiImage(src: src))
                }
                if let members = json.members, members.contains(where: { $0.key == "text" }) {
                    return try readTextShape(members, keyPath, json, requirement)
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
                if case .image(let image) = shape { return .object([("image", .string(image.src))]) }
                if case .text(let text, let font) = shape {
                    return .object([("text", .string(text))] + (font.map { [("font", .string($0))] } ?? []))
                }
                return .string(ConfettiShape.namedShapes.first { $0.value == shape }?.name ?? "rectangle")
            })
    }
}

/// `{"text": "…", "font": "…"}`: the text is required, the font optional, nothing else allowed.
private func readTextShape(
    _ members: [JSONValue.Member], _ keyPath: String, _ json: JSONValue, _ requirement: String
) throws -> ConfettiShape {
    for member in members where member.key != "text" && member.key != "font" {
        let path = joinKeyPath(keyPath, member.key)
        throw FlipbookError(invalid: path, #"is not a key of a text shape (expected "text" and optionally "font")."#,
                            at: member.value.location(keyPath: path))
    }
    guard let text = members.first(where: { $0.key == "text" }) else { throw json.invalid(keyPath, requirement) }
    let textPath = joinKeyPath(keyPath, "text")
    let string = try text.value.string(textPath, "the shape's text (a string)")
    var font: String?
    var fontLocation = text.value.location(keyPath: textPath)
    if let member = members.first(where: { $0.key == "font" }) {
        font = try member.value.string(joinKeyPath(keyPath, "font"), "a font family name (a string)")
        fontLocation = member.value.location(keyPath: joinKeyPath(keyPath, "font"))
    }
    if let problem = ConfettiShape.textProblem(string, font: font) {
        let path = problem.isFont ? joinKeyPath(keyPath, "font") : textPath
        throw FlipbookError(invalid: path, problem.requirement,
                            at: problem.isFont ? fontLocation : text.value.location(keyPath: textPath))
    }
    return .text(string, font: font)
}
