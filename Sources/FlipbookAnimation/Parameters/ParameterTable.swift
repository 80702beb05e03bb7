import FlipbookDrawing
import Foundation

/// The parameters of one JSON object a scene file holds (a layer, a burst, the physics): read,
/// written, checked and documented from the same list.
package struct ParameterTable<Owner>: @unchecked Sendable {
    // @unchecked: a table is made once, as a static constant, and never changes.

    /// The section heading in the reference: `Burst`.
    package let title: String
    /// The object in a sentence: `a confetti burst` ("'x' is not a key of a confetti burst").
    package let noun: String
    /// Where the object goes and what it does, for the reference.
    package let summary: String
    package let parameters: [Parameter<Owner>]

    /// A table titled `title` of `parameters`, in the order the reference lists them.
    package init(title: String, noun: String, summary: String, parameters: [Parameter<Owner>]) {
        self.title = title
        self.noun = noun
        self.summary = summary
        self.parameters = parameters
    }

    /// The keys, in table order.
    package var keys: [String] { parameters.map(\.info.key) }

    /// The table as the reference shows it.
    package var section: ParameterSection {
        ParameterSection(title: title, summary: summary, parameters: parameters.map(\.info))
    }

    /// Reads `json`, an object, into `value`: each key the object gives (null means "the default")
    /// replaces that parameter. `alsoKnown` are keys another table reads from the same object.
    ///
    /// - Throws: ``FlipbookError`` at the offending value: a key not in the table (with a suggestion
    ///   and the known keys), a missing required key, a value of the wrong form or out of range.
    package func read(_ json: JSONValue, into value: inout Owner, keyPath: String, alsoKnown: [String] = []) throws {
        guard let members = json.members else { throw json.invalid(keyPath, "an object (\(noun))") }
        try rejectUnknownKeys(in: json, keyPath: keyPath, known: alsoKnown + keys)
        // A check goes on with the next key after a refusal (``Refusals``); a render stops.
        for parameter in parameters {
            let key = parameter.info.key
            if let member = members.first(where: { $0.key == key }), !member.value.isNull {
                var read = value
                if try Refusals.skipping({ try parameter.read(&read, member.value, joinKeyPath(keyPath, key)) }) != nil {
                    value = read
                }
            } else if parameter.isRequired {
                _ = try Refusals.skipping {
                    throw FlipbookError(invalid: joinKeyPath(keyPath, key), "is missing; \(noun) needs it.",
                                        at: json.location(keyPath: joinKeyPath(keyPath, key)))
                }
            }
        }
    }

    /// The keys and values to write (defaults and unset values left out).
    package func write(_ value: Owner) -> [(String, JSONValue)] {
        parameters.compactMap { parameter in parameter.write(value).map { (parameter.info.key, $0) } }
    }

    /// Checks every parameter's limits, naming the first bad one under `keyPath`.
    package func validate(_ value: Owner, keyPath: String) throws {
        for parameter in parameters { try parameter.validate(value, keyPath) }
    }

    /// Checks the limits of the parameters named `keys` only: the others are checked by what they
    /// make (a generator checks its own values), so each is checked once.
    package func validate(_ value: Owner, keyPath: String, keys: Set<String>) throws {
        for parameter in parameters where keys.contains(parameter.info.key) { try parameter.validate(value, keyPath) }
    }

    /// Throws for the first key of `json` not in `known`, with a suggestion and the known keys (a
    /// check records each and goes on).
    package func rejectUnknownKeys(in json: JSONValue, keyPath: String, known: [String]) throws {
        for member in json.members ?? [] where !known.contains(member.key) {
            let path = joinKeyPath(keyPath, member.key)
            _ = try Refusals.skipping { throw FlipbookError(
                invalid: path,
                "is not a key of \(noun).\(didYouMean(member.key, among: known)) Known keys: "
                    + known.joined(separator: ", ") + ".",
                at: FlipbookError.Location(line: member.line > 0 ? member.line : nil,
                                           column: member.line > 0 ? member.column : nil, keyPath: path)) }
        }
    }
}
