import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// A template's tree with its values put in: every placeholder replaced, every layer whose `"if"`
/// is false left out, every repeated layer copied once per item (``LayerParts``). Every value keeps
/// its line and column, so an error about a copy points at the layer in the template; messages name
/// key paths in the template as written (`layers[2]`, not the copy's place in the list).
struct TemplateExpansion {
    /// The most layers the repeats of one file may make, in all: repeats inside repeats multiply.
    static let maximumCopies = 10_000

    /// The values in scope: the parameters', then each repeat's item and `index`, innermost last.
    private var values: [String: TemplateValue]
    /// For each repeat variable in scope, the list it comes from and its item's number (from 1), for messages.
    private var items: [String: (list: String, number: Int)] = [:]
    private var copies = 0
    private let parts: [String: LayerParts]
    private let source: String

    init(values: [String: TemplateValue], parts: [String: LayerParts], source: String) {
        self.values = values
        self.parts = parts
        self.source = source
    }

    /// The tree with its values put in; the root's `"parameters"` are left as they are.
    ///
    /// - Throws: ``FlipbookError`` at the placeholder or layer: `{{item.field}}` for an item
    ///   without that field, an `"if"` on an item's value that is not true or false, or repeats
    ///   that would make more than ``maximumCopies`` layers.
    mutating func expand(_ tree: JSONValue) throws -> JSONValue {
        do {
            return try expand(tree, keyPath: "", isRoot: true)
        } catch let error as FlipbookError {
            throw error.at(file: source)
        }
    }

    private mutating func expand(_ json: JSONValue, keyPath: String, isRoot: Bool = false) throws -> JSONValue {
        var result = json
        switch json.content {
        case .string(let text):
            // Checked when the template was read: every placeholder is well formed and in scope.
            guard let placeholders = try? Placeholder.all(in: text), !placeholders.isEmpty else { return json }
            let scalars = text.unicodeScalars
            if placeholders.count == 1, placeholders[0].range == scalars.startIndex..<scalars.endIndex {
                result.content = try value(of: placeholders[0].name, json, keyPath: keyPath).json
            } else {
                var found: [String: TemplateValue] = [:]
                for placeholder in placeholders {
                    found[placeholder.name] = try value(of: placeholder.name, json, keyPath: keyPath)
                }
                result.content = .string(Placeholder.replacing(placeholders, in: text) { found[$0]?.text ?? "" })
            }
        case .array(let elements):
            result.content = .array(try elements.enumerated().map { index, element in
                try expand(element, keyPath: "\(keyPath)[\(index)]")
            })
        case .object(let members):
            result.content = .object(try members.map { member in
                guard !(isRoot && member.key == "parameters") else { return member }
                var member = member
                let memberPath = joinKeyPath(keyPath, member.key)
                if member.key == "layers", let layers = member.value.elements {
                    member.value.content = .array(try expandLayers(layers, keyPath: memberPath))
                } else {
                    member.value = try expand(member.value, keyPath: memberPath)
                }
                return member
            })
        default:
            break
        }
        return result
    }

    /// The elements of a `"layers"` list: each kept or not, repeated or not, without its parts' keys.
    private mutating func expandLayers(_ layers: [JSONValue], keyPath: String) throws -> [JSONValue] {
        var result: [JSONValue] = []
        for (index, layer) in layers.enumerated() {
            let layerPath = "\(keyPath)[\(index)]"
            let parts = self.parts[layerPath] ?? LayerParts()
            var body = layer
            if case .object(let members) = layer.content {
                body.content = .object(members.filter { !LayerParts.keys.contains($0.key) })
            }
            guard let repetition = parts.repetition else {
                if try isKept(parts.condition, layer, keyPath: layerPath) {
                    result.append(try expand(body, keyPath: layerPath))
                }
                continue
            }
            let list = values[repetition.list]
            guard case .array(let elements)? = list?.json else {
                throw FlipbookError.internal("\(layerPath).repeat: '\(repetition.list)' has no list value.")
            }
            let outer = (values[repetition.variable], values[LayerParts.index], items[repetition.variable])
            for (number, element) in elements.enumerated() {
                copies += 1
                guard copies <= Self.maximumCopies else {
                    throw FlipbookError(invalid: joinKeyPath(layerPath, "repeat"),
                                        "would make more than \(Self.maximumCopies) layers in all (repeats inside repeats "
                                            + "multiply); a template's repeats make at most \(Self.maximumCopies).",
                                        at: (layer.members?.first { $0.key == "repeat" }?.value ?? layer)
                                            .location(keyPath: joinKeyPath(layerPath, "repeat")))
                }
                values[repetition.variable] = TemplateValue(element.content)
                values[LayerParts.index] = TemplateValue(.number(Double(number), literal: String(number)))
                items[repetition.variable] = (repetition.list, number + 1)
                if try isKept(parts.condition, layer, keyPath: layerPath) {
                    result.append(try expand(body, keyPath: layerPath))
                }
            }
            (values[repetition.variable], values[LayerParts.index], items[repetition.variable]) = outer
        }
        return result
    }

    /// Whether a layer with `condition` is kept with the values in scope.
    private func isKept(_ condition: LayerParts.Condition?, _ layer: JSONValue, keyPath: String) throws -> Bool {
        guard let condition else { return true }
        let conditionPath = joinKeyPath(keyPath, "if")
        let place = layer.members?.first { $0.key == "if" }?.value ?? layer
        let value = try value(of: condition.name, place, keyPath: conditionPath)
        guard case .bool(let flag) = value.json else {
            let item = items[Placeholder.head(of: condition.name)]
            throw FlipbookError(invalid: conditionPath,
                                "must be true or false; {{\(condition.name)}} is \(JSONValue(value.json).kindDescription)"
                                    + (item.map { " in item \($0.number) of '\($0.list)'" } ?? "") + ".",
                                at: place.location(keyPath: conditionPath))
        }
        return flag != condition.negated
    }

    /// The value `name` stands for (`count`, `item`, `item.price`, `index`) in the string `json` at `keyPath`.
    private func value(of name: String, _ json: JSONValue, keyPath: String) throws -> TemplateValue {
        let head = Placeholder.head(of: name)
        guard let value = values[head] else {
            // A check has recorded the unknown name where the template was read, and reads on with
            // the placeholder as written.
            if Refusals.isCollecting { return TemplateValue(text: "{{\(name)}}", json: .string("{{\(name)}}")) }
            throw FlipbookError.internal("\(keyPath): {{\(name)}} has no value.")
        }
        let fields = name.split(separator: ".", maxSplits: 1)
        guard fields.count == 2 else { return value }
        let field = String(fields[1])
        let item = items[head].map { "item \($0.number) of '\($0.list)'" } ?? "'\(head)'"
        guard case .object(let members) = value.json else {
            throw FlipbookError(invalid: keyPath, "uses {{\(name)}}, but \(item) is \(JSONValue(value.json).kindDescription), "
                                    + "not an object with fields.", at: json.location(keyPath: keyPath))
        }
        guard let member = members.first(where: { $0.key == field }) else {
            let names = members.map(\.key)
            throw FlipbookError(invalid: keyPath, "uses {{\(name)}}, but \(item) has no field '\(field)'."
                                    + didYouMean(field, among: names)
                                    + (names.isEmpty ? " It has no fields." : " Its fields: \(names.joined(separator: ", "))."),
                                at: json.location(keyPath: keyPath))
        }
        return TemplateValue(member.value.content)
    }
}

extension TemplateValue {
    /// A value from a list's item: its text is what it reads as inside longer text.
    init(_ json: JSONValue.Content) {
        switch json {
        case .string(let text): self.init(text: text, json: json)
        case .number(_, let literal): self.init(text: literal, json: json)
        case .bool(let flag): self.init(text: flag ? "true" : "false", json: json)
        default: self.init(text: JSONValue(json).compactText, json: json)
        }
    }
}
