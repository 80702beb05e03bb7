import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneTemplate {
    /// Checks every string under `json` (not keys; not the root's declarations): each placeholder
    /// is well formed and names a parameter, or, inside a repeated layer, the repeat's item (with a
    /// field or not) or `index`. Each element of a `"layers"` list has its `"if"` and `"repeat"`
    /// checked (``LayerParts``) and kept in `parts` by its key path; `variables` are the items of the
    /// repeats around `json`.
    ///
    /// - Throws: ``FlipbookError`` at the `{{` of the first bad placeholder, or at a bad part.
    func checkPlaceholders(in json: JSONValue, keyPath: String, variables: [String], bytes: [UInt8],
                           parts found: inout [String: LayerParts], isRoot: Bool = false, isLayer: Bool = false) throws {
        var variables = variables
        if isLayer {
            let parts: LayerParts
            do {
                parts = try LayerParts.read(json, keyPath: keyPath, parameters: parameters, variables: variables)
            } catch let error as FlipbookError {
                throw error.at(file: source)
            }
            if let repetition = parts.repetition { variables.append(repetition.variable) }
            if parts.repetition != nil || parts.condition != nil { found[keyPath] = parts }
        }
        switch json.content {
        case .string(let text):
            try checkString(text, json, keyPath: keyPath, variables: variables, bytes: bytes)
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try checkPlaceholders(in: element, keyPath: "\(keyPath)[\(index)]", variables: variables, bytes: bytes, parts: &found)
            }
        case .object(let members):
            for member in members where !(isRoot && member.key == "parameters") {
                let memberPath = joinKeyPath(keyPath, member.key)
                guard member.key == "layers", let layers = member.value.elements else {
                    try checkPlaceholders(in: member.value, keyPath: memberPath, variables: variables, bytes: bytes, parts: &found)
                    continue
                }
                for (index, layer) in layers.enumerated() {
                    try checkPlaceholders(in: layer, keyPath: "\(memberPath)[\(index)]", variables: variables, bytes: bytes,
                                          parts: &found, isLayer: true)
                }
            }
        default:
            break
        }
    }

    private func checkString(_ text: String, _ value: JSONValue, keyPath: String, variables: [String], bytes: [UInt8]) throws {
        let placeholders: [Placeholder]
        switch Result(catching: { () throws(Placeholder.Malformed) in try Placeholder.all(in: text) }) {
        case .success(let found): placeholders = found
        case .failure(let error):
            _ = try Refusals.skipping {
                throw FlipbookError.invalidInput(
                    "\(error.reason).", at: position(of: error.scalarOffset, in: value, bytes: bytes, keyPath: keyPath))
            }
            return
        }
        // A check records each bad placeholder and goes on (``Refusals``); a render stops at the first.
        for placeholder in placeholders {
            let head = placeholder.head
            if variables.contains(head) { continue }  // Its fields are known with its items.
            let place = position(of: placeholder.scalarOffset, in: value, bytes: bytes, keyPath: keyPath)
            if head == LayerParts.index, !variables.isEmpty {
                guard placeholder.field == nil else {
                    _ = try Refusals.skipping {
                        throw FlipbookError.invalidInput("'{{\(placeholder.name)}}': {{index}} is the copy's number and has no fields.",
                                                         at: place)
                    }
                    continue
                }
                continue
            }
            if placeholder.field != nil, parameters.contains(where: { $0.name == head }) {
                _ = try Refusals.skipping {
                    throw FlipbookError.invalidInput(
                        "'{{\(placeholder.name)}}': '\(head)' is a parameter, and only a repeat's item has fields "
                            + "({{item.name}} inside a layer with \"repeat\": {\"for\": \"item\", …}).", at: place)
                }
                continue
            }
            if !parameters.contains(where: { $0.name == placeholder.name }) {
                _ = try Refusals.skipping {
                    throw FlipbookError.invalidInput(
                        LayerParts.unknownName(placeholder.name, parameters: parameters, variables: variables), at: place)
                }
            }
        }
    }
}
