import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// A scene file that declares `"parameters"`: its JSON tree as read (every value keeping its line
/// and column), its parameters, and the values given so far.
///
/// The file is read and its placeholders checked once; each set of values is then substituted on
/// the tree and read as a scene file (``SceneFile/with(_:)``), so a batch of a thousand rows parses
/// the template once and an error about a substituted value still points into the template.
package struct SceneTemplate: Sendable, Equatable {
    /// The whole file, `"parameters"` included.
    var tree: JSONValue
    /// The declared parameters, in file order.
    package var parameters: [TemplateParameter]
    /// The file's name in messages.
    var source: String
    /// The values given so far, by parameter name, as given.
    var values: [String: String] = [:]

    /// Reads the template in `json`, the root of the file `source` whose bytes are `bytes`: its
    /// declarations, then every string's placeholders, each of which must name a parameter.
    ///
    /// - Throws: ``FlipbookError`` at the first bad declaration, or at the `{{` of the first
    ///   placeholder that names no parameter ("'nmae' is not a parameter of this template. Did you
    ///   mean 'name'?") or is not closed.
    init(json: JSONValue, bytes: [UInt8], source: String) throws {
        guard let declared = json.members?.first(where: { $0.key == "parameters" }) else {
            throw FlipbookError.internal("A template without parameters was read as one.")
        }
        tree = json
        parameters = try TemplateParameter.declarations(in: declared.value)
        self.source = source
        let names = parameters.map(\.name)
        try forEachString(in: json, keyPath: "") { text, value, keyPath in
            let placeholders: [Placeholder]
            do {
                placeholders = try Placeholder.all(in: text)
            } catch let error as Placeholder.Malformed {
                _ = try Refusals.skipping {
                    throw FlipbookError.invalidInput(
                        "\(error.reason).", at: position(of: error.scalarOffset, in: value, bytes: bytes, keyPath: keyPath))
                }
                return
            }
            // A check records each misspelt placeholder and goes on (``Refusals``).
            for placeholder in placeholders where !names.contains(placeholder.name) {
                let list = names.isEmpty ? " It declares no parameters." : " Parameters: \(names.joined(separator: ", "))."
                _ = try Refusals.skipping {
                    throw FlipbookError.invalidInput(
                        "'\(placeholder.name)' is not a parameter of this template.\(didYouMean(placeholder.name, among: names))\(list)",
                        at: position(of: placeholder.scalarOffset, in: value, bytes: bytes, keyPath: keyPath))
                }
            }
        }
    }

    /// The parameter called `name`.
    package func parameter(named name: String) -> TemplateParameter? { parameters.first { $0.name == name } }

    /// The parameters with neither a value nor a default.
    package var missing: [TemplateParameter] { parameters.filter { $0.isRequired && values[$0.name] == nil } }

    /// The error for a parameter that has no value, at its declaration.
    func missingError(_ parameter: TemplateParameter) -> FlipbookError {
        let keyPath = joinKeyPath("parameters", parameter.name)
        return FlipbookError.invalidInput(
            "The template's parameter '\(parameter.name)' has no default, so it must be given a value.",
            at: FlipbookError.Location(file: source, line: parameter.line > 0 ? parameter.line : nil,
                                       column: parameter.line > 0 ? parameter.column : nil, keyPath: keyPath))
    }

    /// The error for a value given for a parameter the template does not declare.
    func unknownParameterError(_ name: String) -> FlipbookError {
        let names = parameters.map(\.name)
        return FlipbookError(
            invalid: name,
            "is not a parameter of \(URL(fileURLWithPath: source).lastPathComponent).\(didYouMean(name, among: names)) "
                + (names.isEmpty ? "It declares none." : "Parameters: " + names.joined(separator: ", ") + "."),
            at: FlipbookError.Location(keyPath: name))
    }

    /// The tree with every placeholder replaced by its parameter's value (given, else default),
    /// each value checked; images are resolved against `baseDirectory`.
    ///
    /// - Throws: ``FlipbookError``: a value that does not suit its parameter (named by the
    ///   parameter: "accent must be a colour …; it is 'blu'. Did you mean 'blue'?"), or a
    ///   parameter with no value at all, at its declaration.
    func resolvedTree(baseDirectory: URL?) throws -> JSONValue {
        var resolved: [String: TemplateValue] = [:]
        for parameter in parameters {
            if let given = values[parameter.name] {
                switch parameter.check(given, baseDirectory: baseDirectory) {
                case .success(let value): resolved[parameter.name] = value
                case .failure(let problem): throw problem.error(keyPath: parameter.name)
                }
            } else if let fallback = parameter.defaultValue {
                switch parameter.check(fallback, baseDirectory: baseDirectory) {
                case .success(let value): resolved[parameter.name] = value
                case .failure(let problem):
                    // Only an image's default can fail here (the others were checked when read).
                    let keyPath = joinKeyPath(joinKeyPath("parameters", parameter.name), "default")
                    throw problem.error(keyPath: keyPath)
                        .at(file: source, line: parameter.line > 0 ? parameter.line : nil, column: parameter.column)
                }
            } else {
                throw missingError(parameter)
            }
        }
        return substituting(tree, resolved, isRoot: true)
    }

    /// `json` with its placeholders replaced, keeping every value's position; the declarations
    /// under the root's `"parameters"` are left as they are.
    private func substituting(_ json: JSONValue, _ values: [String: TemplateValue], isRoot: Bool = false) -> JSONValue {
        var result = json
        switch json.content {
        case .string(let text):
            // Checked when the template was read: every placeholder is well formed and declared.
            guard let placeholders = try? Placeholder.all(in: text), !placeholders.isEmpty else { return json }
            let scalars = text.unicodeScalars
            if placeholders.count == 1, placeholders[0].range == scalars.startIndex..<scalars.endIndex,
               let value = values[placeholders[0].name] {
                result.content = value.json
            } else {
                result.content = .string(Placeholder.replacing(placeholders, in: text) { values[$0]?.text ?? "" })
            }
        case .array(let elements):
            result.content = .array(elements.map { substituting($0, values) })
        case .object(let members):
            result.content = .object(members.map { member in
                guard !(isRoot && member.key == "parameters") else { return member }
                var member = member
                member.value = substituting(member.value, values)
                return member
            })
        default:
            break
        }
        return result
    }

    /// Calls `body` with every string value under `json` (not keys; not the root's declarations),
    /// its value and its key path.
    private func forEachString(
        in json: JSONValue, keyPath: String, isRoot: Bool = true, _ body: (String, JSONValue, String) throws -> Void
    ) throws {
        switch json.content {
        case .string(let text):
            try body(text, json, keyPath)
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try forEachString(in: element, keyPath: "\(keyPath)[\(index)]", isRoot: false, body)
            }
        case .object(let members):
            for member in members where !(isRoot && member.key == "parameters") {
                try forEachString(in: member.value, keyPath: joinKeyPath(keyPath, member.key), isRoot: false, body)
            }
        default:
            break
        }
    }

    /// Where the `offset`-th scalar of the string `value` is in the file.
    private func position(of offset: Int, in value: JSONValue, bytes: [UInt8], keyPath: String) -> FlipbookError.Location {
        guard value.line > 0 else { return FlipbookError.Location(file: source, keyPath: keyPath) }
        let column = columnInJSONString(bytes, line: value.line, column: value.column, offset: offset)
        return FlipbookError.Location(file: source, line: value.line, column: column, keyPath: keyPath.isEmpty ? nil : keyPath)
    }
}
