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
    /// The `"if"` and `"repeat"` of the template's layers, by the layer's key path in the file.
    var parts: [String: LayerParts] = [:]

    /// Reads the template in `json`, the root of the file `source` whose bytes are `bytes`: its
    /// declarations, then every string's placeholders, each of which must name a parameter (or,
    /// inside a repeated layer, its item or `index`), and every layer's `"if"` and `"repeat"`.
    ///
    /// - Throws: ``FlipbookError`` at the first bad declaration, at the `{{` of the first
    ///   placeholder that names no parameter ("'nmae' is not a parameter of this template. Did you
    ///   mean 'name'?") or is not closed, or at a bad `"if"` or `"repeat"`.
    init(json: JSONValue, bytes: [UInt8], source: String) throws {
        guard let declared = json.members?.first(where: { $0.key == "parameters" }) else {
            throw FlipbookError.internal("A template without parameters was read as one.")
        }
        tree = json
        parameters = try TemplateParameter.declarations(in: declared.value)
        self.source = source
        try checkPlaceholders(in: json, keyPath: "", variables: [], bytes: bytes, parts: &parts, isRoot: true)
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
        var expansion = TemplateExpansion(values: resolved, parts: parts, source: source)
        return try expansion.expand(tree)
    }

    /// Where the `offset`-th scalar of the string `value` is in the file.
    func position(of offset: Int, in value: JSONValue, bytes: [UInt8], keyPath: String) -> FlipbookError.Location {
        guard value.line > 0 else { return FlipbookError.Location(file: source, keyPath: keyPath) }
        let column = columnInJSONString(bytes, line: value.line, column: value.column, offset: offset)
        return FlipbookError.Location(file: source, line: value.line, column: column, keyPath: keyPath.isEmpty ? nil : keyPath)
    }
}
