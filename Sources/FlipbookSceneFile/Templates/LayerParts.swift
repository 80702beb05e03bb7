import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// A template layer's `"if"` and `"repeat"`: whether the layer is kept, and how many copies of it
/// are made. They may sit on any element of any `"layers"` list (a group's, a sequence's), and are
/// read from the JSON before any layer kind is, so they work the same for every kind.
///
/// ```json
/// {"scene": "text", "text": "−20 %", "if": "{{discount}}"}
/// {"scene": "text", "text": "{{index}}. {{item.name}}", "repeat": {"for": "item", "in": "{{products}}"}}
/// ```
/// The repeat is made first, so each copy's `"if"` may test its item (`"if": "{{item.onSale}}"`).
struct LayerParts: Sendable, Equatable {
    /// `"if": "{{flag}}"` or `"!{{flag}}"`.
    struct Condition: Sendable, Equatable {
        /// The bool parameter or the repeat variable's field it tests (`flag`, `item.onSale`).
        var name: String
        /// Whether the layer is kept when the value is false (`"!{{flag}}"`).
        var negated: Bool
    }

    /// `"repeat": {"for": "item", "in": "{{items}}"}`.
    struct Repetition: Sendable, Equatable {
        /// The name each copy calls its item by.
        var variable: String
        /// The list parameter whose items are repeated.
        var list: String
    }

    var condition: Condition?
    var repetition: Repetition?

    /// The keys these parts take in a layer, which the layer's kind never sees.
    static let keys = ["if", "repeat"]
    /// The name of a copy's number, from 0, inside a repeated layer.
    static let index = "index"
    /// How deep repeats may sit inside repeats.
    static let maximumNesting = 8

    /// The keys as the reference lists them, beside a layer's own.
    static let infos = [
        ParameterInfo(key: "if", type: "\"{{flag}}\"|\"!{{flag}}\"", defaultValue: "none (always kept)", range: nil, unit: nil,
                      help: "In a template: keeps the layer only when the bool parameter is true (with '!', false). "
                          + "Inside a repeat it may test the item's field: \"{{item.onSale}}\"."),
        ParameterInfo(key: "repeat", type: "{\"for\": name, \"in\": \"{{list}}\"}", defaultValue: "none (one copy)",
                      range: nil, unit: nil,
                      help: "In a template: one copy of the layer per item of the list parameter, in order; inside it "
                          + "{{item}} is the item, {{item.field}} a field of an object item, {{index}} the copy's number "
                          + "from 0. At most \(TemplateParameter.maximumListItems) items a list, \(maximumNesting) repeats "
                          + "deep, \(TemplateExpansion.maximumCopies) copies in all."),
    ]

    /// Reads the parts of `layer`, an element of a `"layers"` list at `keyPath`, checking them against
    /// the template's `parameters` and the repeat `variables` of the layers around it.
    ///
    /// - Throws: ``FlipbookError`` at the offending value: an `"if"` that is not `"{{flag}}"` or
    ///   `"!{{flag}}"` or names a parameter that is not a bool, a `"repeat"` whose `"in"` is not a
    ///   list parameter, whose `"for"` is not a new name, or that sits too deep in other repeats.
    static func read(_ layer: JSONValue, keyPath: String, parameters: [TemplateParameter], variables: [String]) throws -> LayerParts {
        var parts = LayerParts()
        guard let members = layer.members else { return parts }
        var variables = variables
        if let member = members.first(where: { $0.key == "repeat" }) {
            let repetition = try readRepetition(member.value, keyPath: joinKeyPath(keyPath, "repeat"),
                                                parameters: parameters, variables: variables)
            variables.append(repetition.variable)
            parts.repetition = repetition
        }
        if let member = members.first(where: { $0.key == "if" }) {
            parts.condition = try readCondition(member.value, keyPath: joinKeyPath(keyPath, "if"),
                                                parameters: parameters, variables: variables)
        }
        return parts
    }

    private static func readCondition(_ json: JSONValue, keyPath: String, parameters: [TemplateParameter],
                                      variables: [String]) throws -> Condition {
        let requirement = "\"{{flag}}\" or \"!{{flag}}\", naming a bool parameter"
        guard case .string(let text) = json.content else { throw json.invalid(keyPath, requirement) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let negated = trimmed.hasPrefix("!")
        let rest = negated ? String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces) : trimmed
        guard let name = wholePlaceholder(rest) else { throw json.invalid(keyPath, requirement) }
        let head = Placeholder.head(of: name)
        if variables.contains(head) {
            return Condition(name: name, negated: negated)  // An item's value is checked when it is known.
        }
        if head == index, !variables.isEmpty {
            throw FlipbookError(invalid: keyPath, "must name a bool parameter or a field of a repeat's item; "
                                + "{{index}} is the copy's number.", at: json.location(keyPath: keyPath))
        }
        guard let parameter = parameters.first(where: { $0.name == name }) else {
            throw FlipbookError(invalid: keyPath,
                                "must name a bool parameter; " + unknownName(name, parameters: parameters, variables: variables),
                                at: json.location(keyPath: keyPath))
        }
        guard parameter.kind == .bool else {
            throw FlipbookError(invalid: keyPath, "must name a bool parameter; '\(name)' is a \(parameter.kind.rawValue) parameter.",
                                at: json.location(keyPath: keyPath))
        }
        return Condition(name: name, negated: negated)
    }

    private static func readRepetition(_ json: JSONValue, keyPath: String, parameters: [TemplateParameter],
                                       variables: [String]) throws -> Repetition {
        let requirement = "an object {\"for\": \"item\", \"in\": \"{{list}}\"}"
        guard let members = json.members else { throw json.invalid(keyPath, requirement) }
        for member in members where member.key != "for" && member.key != "in" {
            let memberPath = joinKeyPath(keyPath, member.key)
            throw FlipbookError(invalid: memberPath, "is not a key of a repeat.\(didYouMean(member.key, among: ["for", "in"])) "
                                + "A repeat has \"for\" (the item's name) and \"in\" (a list parameter).",
                                at: member.value.location(keyPath: memberPath))
        }
        guard variables.count < maximumNesting else {
            throw FlipbookError(invalid: keyPath, "sits inside \(variables.count) other repeats; repeats nest at most "
                                + "\(maximumNesting) deep.", at: json.location(keyPath: keyPath))
        }
        let forPath = joinKeyPath(keyPath, "for"), inPath = joinKeyPath(keyPath, "in")
        guard let forValue = members.first(where: { $0.key == "for" })?.value else {
            throw FlipbookError(invalid: forPath,
                                "is missing: it names each copy's item, as in {\"for\": \"item\", \"in\": \"{{list}}\"}.",
                                at: json.location(keyPath: forPath))
        }
        guard let inValue = members.first(where: { $0.key == "in" })?.value else {
            throw FlipbookError(invalid: inPath,
                                "is missing: it names the list parameter, as in {\"for\": \"item\", \"in\": \"{{list}}\"}.",
                                at: json.location(keyPath: inPath))
        }
        let variable = try forValue.string(forPath, "a name for the item")
        guard TemplateParameter.isValidName(variable) else {
            throw forValue.invalid(forPath, "a name for the item: a letter or '_', then letters, digits, '_' and '-'",
                                   found: "'\(variable)'")
        }
        let taken = variable == index ? "the copy's number, {{index}}"
            : parameters.contains { $0.name == variable } ? "a parameter of the template"
            : variables.contains(variable) ? "the item of a repeat around this one" : nil
        if let taken {
            throw FlipbookError(invalid: forPath, "must be a new name; '\(variable)' is \(taken).",
                                at: forValue.location(keyPath: forPath))
        }
        guard case .string(let text) = inValue.content, let name = wholePlaceholder(text.trimmingCharacters(in: .whitespaces)) else {
            throw inValue.invalid(inPath, "\"{{list}}\", naming a list parameter")
        }
        guard let parameter = parameters.first(where: { $0.name == name }) else {
            throw FlipbookError(invalid: inPath,
                                "must name a list parameter; " + unknownName(name, parameters: parameters, variables: []),
                                at: inValue.location(keyPath: inPath))
        }
        guard parameter.kind == .list else {
            throw FlipbookError(invalid: inPath, "must name a list parameter; '\(name)' is a \(parameter.kind.rawValue) parameter.",
                                at: inValue.location(keyPath: inPath))
        }
        return Repetition(variable: variable, list: name)
    }

    /// The name in `text` when the text is one placeholder and nothing else.
    private static func wholePlaceholder(_ text: String) -> String? {
        guard let placeholders = try? Placeholder.all(in: text), placeholders.count == 1,
              placeholders[0].range == text.startIndex..<text.endIndex else { return nil }
        return placeholders[0].name
    }

    /// What is wrong with a placeholder whose name is neither a parameter nor a repeat's item in scope.
    static func unknownName(_ name: String, parameters: [TemplateParameter], variables: [String]) -> String {
        let names = parameters.map(\.name)
        let list = names.isEmpty ? " It declares no parameters." : " Parameters: \(names.joined(separator: ", "))."
        return "'\(name)' is not a parameter of this template.\(didYouMean(name, among: names + variables))\(list)"
    }
}
