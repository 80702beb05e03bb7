import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneReference {
    /// What `flipbook scenes FILE` prints for a scene file: its template parameters with their
    /// type, default, range and help, in the style of the scenes' keys; `name` is how the file is
    /// called (its path as given). No line is longer than `width` columns.
    public static func listing(parametersOf file: SceneFile, named name: String, width: Int = 80) -> String {
        let parameters = file.templateParameters
        guard !parameters.isEmpty else {
            return wrap("\(name) declares no parameters: it is a scene file, not a template.", width: width, first: "", indent: "")
                .joined(separator: "\n")
        }
        let count = parameters.count == 1 ? "1 parameter" : "\(parameters.count) parameters"
        var lines = wrap("\(name) — a template with \(count).", width: width, first: "", indent: "")
        lines += [""] + listing(of: file.parameterSection, width: width)
        return lines.joined(separator: "\n")
    }

    /// The same facts for tools: the template's parameters as a ``ParameterSection`` in JSON.
    public static func json(parametersOf file: SceneFile) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(file.parameterSection), as: UTF8.self)
    }
}
