import Flipbook
import Foundation

/// A `POST /v1/renders` body, read and checked: the scene (sent inline or a stored template's name),
/// the template's values, the output's format, its settings (the keys of a batch job, read by the
/// same rows `flipbook render` reads its flags with) and the webhook.
///
/// ```json
/// {"scene": {…} | "template": "card", "set": {"name": "Ada"}, "output": "mp4",
///  "settings": {"size": "640x360", "crf": 20}, "webhook": {"url": "https://…", "secret": "…"}}
/// ```
struct RenderOrder: Sendable {
    /// The inline scene, its JSON as canonical bytes (sorted keys).
    var scene: Data?
    /// A stored template's name.
    var template: String?
    var values: [String: String]
    /// The output's extension: `mp4`, `webm`, …
    var output: String
    /// The settings, as canonical JSON (sorted keys).
    var settings: Data
    var webhook: Webhook?

    static let keys = ["scene", "template", "set", "output", "settings", "webhook"]
    /// The formats a render may be written in.
    static let outputs = ["mp4", "mov", "webm", "mkv", "gif", "apng", "webp"]
    /// The settings a request may not give: the service names the scene and the file, and a client
    /// names no folder of the server's (`cache`).
    static let reservedSettings: Set<String> = ["scene", "set", "output", "outputs", "name", "strict", "cache", "cacheLimit"]

    /// The settings keys a request takes: a batch job's, less the scene's and the file's.
    static var settingKeys: [String] { Settings.keys(for: .batch).filter { !reservedSettings.contains($0) } }

    /// Reads a request body.
    ///
    /// - Throws: ``ServeError`` 400 naming the value's pointer: malformed JSON, an unknown key, a
    ///   value of the wrong kind, a scene and a template both or neither, an unknown output format.
    init(json body: Data) throws {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: body)
        } catch {
            throw ServeError(status: 400, "The request body is not valid JSON: \((error as NSError).userInfo["NSDebugDescription"] ?? error.localizedDescription).")
        }
        guard let object = root as? [String: Any] else { throw ServeError(status: 400, "The request body must be a JSON object.", pointer: "") }
        try Self.rejectUnknownKeys(object, known: Self.keys, what: "a render request", at: "")
        if let scene = object["scene"] {
            guard scene is [String: Any] else { throw ServeError(status: 400, "scene must be a scene file's JSON object.", pointer: "/scene") }
            self.scene = try JSONSerialization.data(withJSONObject: scene, options: [.sortedKeys, .withoutEscapingSlashes])
        }
        if let template = object["template"] {
            guard let name = template as? String else { throw ServeError(status: 400, "template must be a template's name.", pointer: "/template") }
            try TemplateStore.check(name: name)
            self.template = name
        }
        guard (scene == nil) != (template == nil) else {
            throw ServeError(status: 400, "A render request gives either \"scene\" (a scene file's JSON) or \"template\" (a stored template's name).",
                             pointer: "")
        }
        values = try Self.values(object["set"], at: "/set")
        let output = object["output"] ?? "mp4"
        guard let format = output as? String, Self.outputs.contains(format.lowercased()) else {
            throw ServeError(status: 400, "output must be one of \(Self.outputs.joined(separator: ", ")); it is \(output).", pointer: "/output")
        }
        self.output = format.lowercased()
        let settings = object["settings"] ?? [String: Any]()
        guard let settingsObject = settings as? [String: Any] else {
            throw ServeError(status: 400, "settings must be an object of render settings.", pointer: "/settings")
        }
        try Self.rejectUnknownKeys(settingsObject, known: Self.settingKeys, what: "the settings", at: "/settings")
        self.settings = try JSONSerialization.data(withJSONObject: settingsObject, options: [.sortedKeys, .withoutEscapingSlashes])
        webhook = try object["webhook"].map { try Webhook(json: $0) }
    }

    /// A template's values: strings, numbers, booleans or lists (a list parameter's, kept as JSON text), as `--set` gives them.
    static func values(_ json: Any?, at pointer: String) throws -> [String: String] {
        guard let json else { return [:] }
        guard let object = json as? [String: Any] else { throw ServeError(status: 400, "set must be an object of parameter values.", pointer: pointer) }
        var values: [String: String] = [:]
        for (name, value) in object {
            switch value {
            case let text as String: values[name] = text
            case let number as NSNumber:
                // Booleans come as NSNumber of Objective-C type "c".
                values[name] = String(cString: number.objCType) == "c" ? (number.boolValue ? "true" : "false") : number.stringValue
            case let list as [Any]:
                guard let data = try? JSONSerialization.data(withJSONObject: list, options: [.sortedKeys, .withoutEscapingSlashes]) else {
                    throw ServeError(status: 400, "set.\(name) is a list that is not JSON.", pointer: "\(pointer)/\(name)")
                }
                values[name] = String(decoding: data, as: UTF8.self)
            default: throw ServeError(status: 400, "set.\(name) must be a string, a number, a boolean or a list.", pointer: "\(pointer)/\(name)")
            }
        }
        return values
    }

    static func rejectUnknownKeys(_ object: [String: Any], known: [String], what: String, at pointer: String) throws {
        for key in object.keys.sorted() where !known.contains(key) {
            throw ServeError(status: 400, "\(key) is not a key of \(what). Known keys: \(known.joined(separator: ", ")).",
                             pointer: "\(pointer)/\(key)")
        }
    }

    /// The job's identity: the SHA-256 of the canonical scene (or the template bundle's digest, which
    /// covers its assets), the values, the output and its settings, and the Flipbook version.
    func identity(templateDigest: String?) throws -> String {
        let parts: [String: Any] = [
            "flipbook": FlipbookVersion.current,
            "scene": scene.map { String(decoding: $0, as: UTF8.self) } ?? "",
            "template": templateDigest ?? "",
            "set": values,
            "output": output,
            "settings": String(decoding: settings, as: UTF8.self),
        ]
        let canonical = try JSONSerialization.data(withJSONObject: parts, options: [.sortedKeys, .withoutEscapingSlashes])
        return sha256Hex(canonical)
    }

    /// The library's request for this order, writing `output`; `scenePath` is the scene file or bundle.
    func renderRequest(scenePath: String, output: URL) throws -> RenderRequest {
        var sceneRequest = SceneRequest(scene: scenePath)
        sceneRequest.parameterValues = values
        var request = RenderRequest(scene: sceneRequest, output: output.path)
        let object = (try? JSONSerialization.jsonObject(with: settings)) as? [String: Any] ?? [:]
        for key in object.keys.sorted() {
            guard let row = Settings.setting(forKey: key), let value = object[key], !(value is NSNull) else { continue }
            do {
                try request.set(row, to: .json(value))
            } catch let error as FlipbookError {
                throw ServeError(error, prefix: "/settings")
            }
        }
        return request
    }
}
