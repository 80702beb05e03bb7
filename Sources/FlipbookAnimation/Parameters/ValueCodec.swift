import FlipbookDrawing
import Foundation

/// How one kind of value is read from a scene file, written back, checked and shown.
///
/// A ``Parameter`` pairs a codec with a key, a default and limits; the codec knows only the value's
/// JSON forms. Reading never checks limits (the parameter does, once, for every codec alike).
package struct ValueCodec<Value>: @unchecked Sendable {
    // @unchecked: a codec is made once, as a static table entry, and never changes.

    /// The type as the reference shows it: `number`, `[low, high]`, `list of colours`.
    package let typeName: String
    /// What a value of this type is, for messages: `a number`, `a range [low, high] or one number`.
    package let expected: String
    /// Whether the value is one number (so a limit reads "between 0 and 1" rather than "with every
    /// number between 0 and 1").
    package var isScalar = false
    /// Reads the value at `keyPath`; a wrong form throws "`keyPath` must be `requirement`; it is …".
    package let read: (_ json: JSONValue, _ keyPath: String, _ requirement: String) throws -> Value
    /// The value as JSON.
    package let write: (Value) -> JSONValue
    /// The numbers the parameter's limits apply to.
    package var numbers: (Value) -> [Double] = { _ in [] }
    /// The number of elements, for lists that must not be empty.
    package var count: ((Value) -> Int)?
    /// Checks a nested object's own parameters (a burst inside a layer), prefixing `keyPath`.
    package var validateNested: ((Value, _ keyPath: String) throws -> Void)?

    /// A codec; its checks (``numbers``, ``count``, ``validateNested``) default to none.
    package init(
        typeName: String, expected: String, isScalar: Bool = false,
        read: @escaping (_ json: JSONValue, _ keyPath: String, _ requirement: String) throws -> Value,
        write: @escaping (Value) -> JSONValue, numbers: @escaping (Value) -> [Double] = { _ in [] },
        count: ((Value) -> Int)? = nil, validateNested: ((Value, _ keyPath: String) throws -> Void)? = nil
    ) {
        self.typeName = typeName
        self.expected = expected
        self.isScalar = isScalar
        self.read = read
        self.write = write
        self.numbers = numbers
        self.count = count
        self.validateNested = validateNested
    }

    /// How the value reads in messages and the reference: its JSON text.
    package func show(_ value: Value) -> String { write(value).compactText }
}

extension JSONValue {
    /// "`keyPath` must be `requirement`; it is `what this is`.", placed at this value.
    package func invalid(_ keyPath: String, _ requirement: String, found: String? = nil) -> FlipbookError {
        FlipbookError(invalid: keyPath.isEmpty ? "The scene file" : keyPath,
                      "must be \(requirement); it is \(found ?? kindDescription).", at: location(keyPath: keyPath))
    }

    /// "`keyPath` must be `requirement`; it is 'name'. Did you mean 'x'?" for a name not among `names`:
    /// every fixed choice (scenes, colours, shapes, emitters, touch phases) reads alike.
    package func unknownName(_ name: String, _ keyPath: String, _ requirement: String, among names: [String]) -> FlipbookError {
        FlipbookError(invalid: keyPath, "must be \(requirement); it is '\(name)'.\(didYouMean(name, among: names))",
                      at: location(keyPath: keyPath))
    }

    /// The number, or a "must be …" error at the value.
    package func number(_ keyPath: String, _ requirement: String) throws -> Double {
        guard case .number(let value, _) = content else { throw invalid(keyPath, requirement) }
        return value
    }

    /// The string, or a "must be …" error at the value.
    package func string(_ keyPath: String, _ requirement: String) throws -> String {
        guard case .string(let text) = content else { throw invalid(keyPath, requirement) }
        return text
    }

    /// `count` numbers written `[a, b, …]` or `{"name": a, …}` with exactly `names` as keys.
    package func numbers(_ names: [String], _ keyPath: String, _ requirement: String) throws -> [Double] {
        if let elements {
            guard elements.count == names.count else {
                throw invalid(keyPath, requirement, found: "a list of \(elements.count)")
            }
            return try elements.enumerated().map { try $0.element.number("\(keyPath)[\($0.offset)]", requirement) }
        }
        if let members {
            guard Set(members.map(\.key)) == Set(names), members.count == names.count else {
                throw invalid(keyPath, requirement,
                              found: "an object with the keys " + members.map(\.key).joined(separator: ", "))
            }
            return try names.map { name in
                let member = members.first { $0.key == name }!.value
                return try member.number(joinKeyPath(keyPath, name), requirement)
            }
        }
        throw invalid(keyPath, requirement)
    }
}
