import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension TemplateParameter {
    /// A declaration's keys as the file gives them, before they are checked against each other.
    struct Declaration {
        var kind = Kind.string
        var defaultJSON: JSONValue?
        var range: ClosedRange<Double>?
        var help: String?
    }

    /// The keys of one parameter's declaration: read, documented and listed from this table.
    static let table = ParameterTable<Declaration>(
        title: "Template parameter", noun: "a template parameter",
        summary: "Each key of a scene file's `parameters` object names a parameter, which any string value in the file "
            + "uses as `{{name}}`; its value is this object. A string that is exactly `\"{{name}}\"` takes the typed "
            + "value (a number, true or false, a colour, an image's path); within longer text the value's text is put in.",
        parameters: [
            .required("type", \.kind, .choice(Kind.allCases.map { ($0.rawValue, $0) }),
                      help: "What the value is: text, a number, a colour name or hex string, an image file "
                          + "(relative to the scene file's folder), true/false (which a layer's \"if\" tests), or a list "
                          + "(which a layer's \"repeat\" makes a copy for each item of)."),
            .optional("default", \.defaultJSON, .scalar, defaultText: "none (a value must be given)",
                      help: "The value when none is given: a string, a number, true/false or a list, as the type asks."),
            .optional("range", \.range, .range, defaultText: "any number",
                      help: "For a number: the lowest and highest values allowed, `[low, high]`."),
            .optional("help", \.help, .text, defaultText: "none", help: "What the parameter is for, shown by `flipbook scenes FILE`."),
        ])

    /// Reads the declaration of `name` (the value of `parameters.name`), checking its default
    /// against its type and range.
    ///
    /// - Throws: ``FlipbookError`` at the offending value, naming its key path (`parameters.count.range`).
    static func read(name: String, declaration json: JSONValue, keyLine: Int, keyColumn: Int) throws -> TemplateParameter {
        let keyPath = joinKeyPath("parameters", name)
        guard isValidName(name) else {
            throw FlipbookError(
                invalid: keyPath,
                "is not a parameter name: a name starts with a letter or '_' and holds only letters, digits, '_' and '-'.",
                at: FlipbookError.Location(line: keyLine > 0 ? keyLine : nil, column: keyLine > 0 ? keyColumn : nil,
                                           keyPath: keyPath))
        }
        var declaration = Declaration()
        try table.read(json, into: &declaration, keyPath: keyPath)
        if declaration.range != nil, declaration.kind != .number, let range = json.members?.first(where: { $0.key == "range" }) {
            let rangePath = joinKeyPath(keyPath, "range")
            throw FlipbookError(invalid: rangePath, "is only for number parameters; this one is a \(declaration.kind.rawValue).",
                                at: range.value.location(keyPath: rangePath))
        }
        var parameter = TemplateParameter(name: name, kind: declaration.kind, defaultValue: nil, range: declaration.range,
                                          help: declaration.help, line: keyLine, column: keyColumn)
        if let given = declaration.defaultJSON {
            let defaultPath = joinKeyPath(keyPath, "default")
            let text = try defaultText(given, kind: parameter.kind, keyPath: defaultPath)
            // An image is checked where it is used: whether the file exists depends on the folder.
            if parameter.kind != .image, case .failure(let problem) = parameter.check(text, baseDirectory: nil) {
                throw problem.error(keyPath: defaultPath, at: given)
            }
            parameter.defaultValue = text
        }
        return parameter
    }

    /// A default as a value is given: a number's literal, `true`/`false`, a string's text, a list's
    /// JSON text. Its JSON
    /// form must match the type (a number parameter's default is a JSON number).
    private static func defaultText(_ json: JSONValue, kind: Kind, keyPath: String) throws -> String {
        switch (kind, json.content) {
        case (.number, .number(_, let literal)): return literal
        case (.bool, .bool(let value)): return value ? "true" : "false"
        case (.string, .string(let text)), (.color, .string(let text)), (.image, .string(let text)): return text
        case (.list, .array): return json.compactText
        case (.number, _): throw json.invalid(keyPath, "a number (the parameter's type)")
        case (.bool, _): throw json.invalid(keyPath, "true or false (the parameter's type)")
        case (.list, _): throw json.invalid(keyPath, "a JSON list (the parameter's type)")
        default: throw json.invalid(keyPath, "a string (the parameter is a \(kind.rawValue))")
        }
    }

    /// The `"parameters"` object's declarations, in file order.
    static func declarations(in json: JSONValue) throws -> [TemplateParameter] {
        guard let members = json.members else { throw json.invalid("parameters", "an object of template parameters") }
        return try members.map { member in
            try read(name: member.key, declaration: member.value, keyLine: member.line, keyColumn: member.column)
        }
    }
}

extension ValueCodec where Value == JSONValue {
    /// A string, a number, true/false or a list, kept as written (a parameter's default, checked by its type).
    static var scalar: ValueCodec {
        ValueCodec(typeName: "string, number, bool or list", expected: "a string, a number, true/false or a list",
                   read: { json, keyPath, requirement in
                       switch json.content {
                       case .string, .number, .bool, .array: return json
                       default: throw json.invalid(keyPath, requirement)
                       }
                   },
                   write: { $0 })
    }
}
