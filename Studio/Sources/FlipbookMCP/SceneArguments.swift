import Flipbook
import Foundation
import MCP

/// A tool's `scene` and `set` arguments as a ``SceneRequest``: `scene` is a scene file's JSON object
/// (its relative paths resolved against the allowed folder) or the path of one inside it; `set` an
/// object of template parameter values.
struct SceneArguments {
    var folder: AllowedFolder

    func request(_ arguments: [String: Value]) throws -> SceneRequest {
        var request: SceneRequest
        switch arguments["scene"] {
        case .string(let path)?:
            let url = try folder.file(path, argument: "scene")
            try confine(namedIn: (try? Data(contentsOf: url)) ?? Data(), relativeTo: url.deletingLastPathComponent())
            request = SceneRequest(scene: url.path)
        case .object?:
            let data = try JSONEncoder().encode(arguments["scene"]!)
            try confine(namedIn: data, relativeTo: folder.root)
            let file = try SceneFile.decode(data, source: "scene", baseDirectory: folder.root)
            request = SceneRequest(scene: folder.root.appendingPathComponent("scene.json").path)
            request.loadedFile = file
        default:
            throw MCPError.invalidParams("scene is required: a scene file's JSON object, or the path of one inside \(folder.root.path).")
        }
        switch arguments["set"] {
        case nil, .null?:
            break
        case .object(let values)?:
            for (name, value) in values {
                switch value {
                case .string(let text):
                    // A value may name a picture, read relative to the scene: it too must lie inside.
                    let base = URL(fileURLWithPath: request.scene).deletingLastPathComponent()
                    try confine(namedIn: try JSONEncoder().encode([text]), relativeTo: base)
                    request.parameterValues[name] = text
                case .int(let number): request.parameterValues[name] = String(number)
                case .double(let number): request.parameterValues[name] = String(number)
                case .bool(let flag): request.parameterValues[name] = String(flag)
                // A list parameter's value, as its JSON text (what --set takes).
                case .array: request.parameterValues[name] = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
                default: throw MCPError.invalidParams("set.\(name) must be a string, a number, a boolean or a list.")
                }
            }
        default:
            throw MCPError.invalidParams("set must be an object of parameter values, such as {\"name\": \"Ada\"}.")
        }
        return request
    }

    /// Refuses a scene that names a file outside the allowed folder (a picture, a font, captions),
    /// symbolic links followed: the server reads nothing outside it.
    private func confine(namedIn json: Data, relativeTo base: URL) throws {
        for file in SceneRequest.namedFiles(inJSON: json, relativeTo: base) {
            _ = try folder.file(file.path, argument: "The file the scene names,")
        }
    }
}
