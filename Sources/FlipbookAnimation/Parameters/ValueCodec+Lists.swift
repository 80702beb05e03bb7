import FlipbookDrawing
import Foundation

// Lists, colours, names from a fixed set, and nested objects described by their own tables.

extension ValueCodec {
    /// A list of `element`s; element `i` is read and checked at `keyPath[i]`.
    package static func list<Element>(_ element: ValueCodec<Element>, of noun: String) -> ValueCodec<[Element]>
    where Value == [Element] {
        ValueCodec(
            typeName: "list of \(noun)", expected: "a list of \(noun)",
            read: { json, keyPath, requirement in
                guard let elements = json.elements else { throw json.invalid(keyPath, requirement) }
                // A check leaves out an element it refuses and reads the next (``Refusals``).
                return try elements.enumerated().compactMap { index, item in
                    try Refusals.skipping { try element.read(item, "\(keyPath)[\(index)]", element.expected) }
                }
            },
            write: { .array($0.map(element.write)) },
            numbers: { $0.flatMap(element.numbers) },
            count: { $0.count },
            validateNested: element.validateNested.map { validate in
                { list, keyPath in
                    for (index, item) in list.enumerated() { try validate(item, "\(keyPath)[\(index)]") }
                }
            })
    }

    /// Like ``list(_:of:)``, but a single object is read as a list of one: `"rain": {...}`.
    package static func oneOrMany<Element>(_ element: ValueCodec<Element>, of noun: String) -> ValueCodec<[Element]>
    where Value == [Element] {
        let many = ValueCodec<[Element]>.list(element, of: noun)
        return ValueCodec<[Element]>(
            typeName: "object or list of \(noun)", expected: "an object or a list of \(noun)",
            read: { json, keyPath, requirement in
                if json.members != nil { return [try element.read(json, "\(keyPath)[0]", element.expected)] }
                return try many.read(json, keyPath, requirement)
            },
            write: many.write, numbers: many.numbers, count: many.count, validateNested: many.validateNested)
    }

    /// One of `names`, each standing for a value; a misspelt name gets a suggestion.
    package static func choice(_ choices: [(name: String, value: Value)]) -> ValueCodec where Value: Equatable {
        let names = choices.map(\.name)
        return ValueCodec(
            typeName: names.joined(separator: "|"), expected: "one of " + names.joined(separator: ", "),
            read: { json, keyPath, requirement in
                let name = try json.string(keyPath, requirement)
                guard let match = choices.first(where: { $0.name == name }) else {
                    throw json.unknownName(name, keyPath, requirement, among: names)
                }
                return match.value
            },
            write: { value in .string(choices.first { $0.value == value }?.name ?? names[0]) })
    }

    /// An object described by `table`, starting from `initial` for the keys it leaves out.
    package static func object(_ table: ParameterTable<Value>, initial: Value) -> ValueCodec {
        ValueCodec(
            typeName: "object", expected: "an object (\(table.noun))",
            read: { json, keyPath, _ in
                var value = initial
                try table.read(json, into: &value, keyPath: keyPath)
                return value
            },
            write: { .object(table.write($0)) },
            validateNested: { value, keyPath in try table.validate(value, keyPath: keyPath) })
    }
}

extension ValueCodec where Value == Color {
    /// A SwiftUI colour name or a hex string; a misspelt name gets a suggestion.
    package static var color: ValueCodec {
        let requirement = "a colour name (" + Color.names.joined(separator: ", ") + ") or a hex string such as \"#ff8800\""
        return ValueCodec(
            typeName: "colour", expected: requirement,
            read: { json, keyPath, _ in
                let text = try json.string(keyPath, requirement)
                guard let color = Color(named: text) else {
                    throw json.unknownName(text, keyPath, requirement, among: Color.names)
                }
                return color
            },
            write: { .string($0.fileName) })
    }
}

extension Color {
    /// The colour's name when it has one, else its hex string.
    package var fileName: String { name }
}
