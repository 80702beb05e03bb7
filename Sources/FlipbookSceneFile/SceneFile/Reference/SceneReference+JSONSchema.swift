import FlipbookAnimation
import Foundation

extension SceneReference {
    /// The scene file as a JSON Schema (draft 2020-12), made from the same tables as ``markdown()``:
    /// the top level's keys, and each layer kind as an object whose `scene` is its name and whose
    /// keys are a layer's and the kind's. Unknown keys are refused, as the reader refuses them. Values
    /// are described rather than typed: any number, colour, point or size may also be a keyframe list
    /// or a `{{parameter}}`, so each key's description carries its type, default, range and unit.
    public static func jsonSchema() throws -> String {
        let file = fileSections[0], layer = fileSections[1]
        func properties(_ parameters: [ParameterInfo]) -> [String: Any] {
            Dictionary(parameters.map { ($0.key, ["description": description($0)] as [String: Any]) }) { first, _ in first }
        }
        let kinds: [[String: Any]] = scenes.map { scene in
            var keys = properties(layer.parameters.filter { $0.key != "scene" } + (scene.sections.first?.parameters ?? []))
            keys["scene"] = ["const": scene.name, "description": scene.summary]
            return ["type": "object", "title": scene.name, "properties": keys, "required": ["scene"],
                    "additionalProperties": false]
        }
        var top = properties(file.parameters)
        top["layers"] = ["type": "array", "description": top["layers"].flatMap { ($0 as? [String: Any])?["description"] } ?? "",
                         "items": ["oneOf": kinds]]
        let schema: [String: Any] = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Flipbook scene file", "description": file.summary,
            "type": "object", "properties": top, "additionalProperties": false,
        ]
        let data = try JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// "colour; default white; …: help".
    private static func description(_ p: ParameterInfo) -> String {
        var facts = [p.type, p.defaultValue.map { "default \($0)" } ?? "required"]
        if let range = p.range, !range.isEmpty { facts.append(range) }
        if let unit = p.unit, !unit.isEmpty { facts.append(unit) }
        return "(\(facts.joined(separator: "; "))) \(p.help)"
    }
}
