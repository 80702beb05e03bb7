import FlipbookDrawing
import Foundation

/// One parameter of a type a scene file describes, declared once: its key, how its value is read
/// and written (a ``ValueCodec``), its default, its limits, unit and help.
///
/// Reading, writing, range checks and the reference are all made from this one declaration, so a
/// new parameter is one line in its type's table.
package struct Parameter<Owner>: @unchecked Sendable {
    // @unchecked: a parameter is made once, in a static table, and never changes.

    /// What the reference shows.
    package let info: ParameterInfo
    /// Whether a file must give the key.
    package let isRequired: Bool
    /// Reads the key's value into the owner; `keyPath` is the value's full key path.
    package let read: (inout Owner, JSONValue, _ keyPath: String) throws -> Void
    /// The value to write, or `nil` to leave the key out (it is unset or the default).
    package let write: (Owner) -> JSONValue?
    /// Checks the owner's value; `prefix` is the owner's key path.
    package let validate: (Owner, _ prefix: String) throws -> Void

    /// A parameter from its parts; the factories below make the usual ones.
    package init(
        info: ParameterInfo, isRequired: Bool, read: @escaping (inout Owner, JSONValue, _ keyPath: String) throws -> Void,
        write: @escaping (Owner) -> JSONValue?, validate: @escaping (Owner, _ prefix: String) throws -> Void
    ) {
        self.info = info
        self.isRequired = isRequired
        self.read = read
        self.write = write
        self.validate = validate
    }
}

extension Parameter {
    /// A parameter stored in a non-optional property, written only when it differs from `defaultValue`.
    package static func value<V: Equatable>(
        _ key: String, _ path: WritableKeyPath<Owner, V>, _ codec: ValueCodec<V>, default defaultValue: V,
        limits: ParameterLimits? = nil, nonEmpty: Bool = false, unit: String? = nil, help: String
    ) -> Parameter {
        let rule = Rule(codec: codec, limits: limits, nonEmpty: nonEmpty, unit: unit)
        return Parameter(
            info: rule.info(key: key, defaultValue: codec.show(defaultValue), help: help),
            isRequired: false,
            read: { owner, json, keyPath in owner[keyPath: path] = try rule.read(json, keyPath) },
            write: { owner in owner[keyPath: path] == defaultValue ? nil : codec.write(owner[keyPath: path]) },
            validate: { owner, prefix in try rule.validate(owner[keyPath: path], joinKeyPath(prefix, key)) })
    }

    /// A parameter a file must give (it has no default); always written.
    package static func required<V>(
        _ key: String, _ path: WritableKeyPath<Owner, V>, _ codec: ValueCodec<V>,
        limits: ParameterLimits? = nil, nonEmpty: Bool = false, unit: String? = nil, help: String
    ) -> Parameter {
        let rule = Rule(codec: codec, limits: limits, nonEmpty: nonEmpty, unit: unit)
        return Parameter(
            info: rule.info(key: key, defaultValue: nil, help: help),
            isRequired: true,
            read: { owner, json, keyPath in owner[keyPath: path] = try rule.read(json, keyPath) },
            write: { owner in codec.write(owner[keyPath: path]) },
            validate: { owner, prefix in try rule.validate(owner[keyPath: path], joinKeyPath(prefix, key)) })
    }

    /// A parameter stored as an optional (a scene file's "not given"), whose default is applied
    /// later; `defaultText` describes it for the reference when it is not one fixed value.
    /// `limitsCheckedWhereMade` says the type the value builds checks the limits itself (the
    /// timeline's canvas): the table then shows them, in the reference and in a wrong form's
    /// message, but does not check them, so the value is checked once.
    package static func optional<V>(
        _ key: String, _ path: WritableKeyPath<Owner, V?>, _ codec: ValueCodec<V>, default defaultValue: V? = nil,
        defaultText: String? = nil, limits: ParameterLimits? = nil, limitsCheckedWhereMade: Bool = false,
        nonEmpty: Bool = false, unit: String? = nil, help: String
    ) -> Parameter {
        let rule = Rule(codec: codec, limits: limits, checksLimits: !limitsCheckedWhereMade, nonEmpty: nonEmpty, unit: unit)
        return Parameter(
            info: rule.info(key: key, defaultValue: defaultText ?? defaultValue.map(codec.show) ?? "none", help: help),
            isRequired: false,
            read: { owner, json, keyPath in owner[keyPath: path] = try rule.read(json, keyPath) },
            write: { owner in owner[keyPath: path].map(codec.write) },
            validate: { owner, prefix in
                if let value = owner[keyPath: path] { try rule.validate(value, joinKeyPath(prefix, key)) }
            })
    }

    /// This parameter as one of `Outer`'s, stored at `path` (a burst's flat style keys).
    package func lifted<Outer>(_ path: WritableKeyPath<Outer, Owner>) -> Parameter<Outer> {
        let (read, write, validate) = (self.read, self.write, self.validate)
        return Parameter<Outer>(
            info: info, isRequired: isRequired,
            read: { outer, json, keyPath in try read(&outer[keyPath: path], json, keyPath) },
            write: { outer in write(outer[keyPath: path]) },
            validate: { outer, prefix in try validate(outer[keyPath: path], prefix) })
    }
}

/// A parameter's check: its codec's form, then its limits and emptiness, with one requirement
/// sentence for every way a value can be wrong.
private struct Rule<V> {
    let codec: ValueCodec<V>
    let limits: ParameterLimits?
    /// Whether this rule checks ``limits`` or only states them (the value's own type checks them).
    var checksLimits = true
    let nonEmpty: Bool
    let unit: String?

    /// "between 1 and 100000 particles", or `nil` without limits.
    var limitsText: String? {
        limits.map { $0.description + (unit.map { " \($0)" } ?? "") }
    }

    /// What a value must be: "a whole number between 1 and 100000", "a non-empty list of colours",
    /// "a range [low, high] or one number with every number between -10 and 10".
    var requirement: String {
        var text = codec.expected
        if nonEmpty { text = text.replacingOccurrences(of: "a list", with: "a non-empty list") }
        if let limitsText { text += codec.isScalar ? " " + limitsText : " with every number " + limitsText }
        return text
    }

    /// What a value of the right form but out of limits must be: "between 1 and 100000".
    var rangeRequirement: String {
        codec.isScalar ? (limitsText ?? requirement) : requirement
    }

    func info(key: String, defaultValue: String?, help: String) -> ParameterInfo {
        var info = ParameterInfo(key: key, type: codec.typeName, defaultValue: defaultValue,
                                 range: limits?.shortDescription ?? (nonEmpty ? "not empty" : nil), unit: unit, help: help)
        info.limits = limits
        return info
    }

    /// Reads the value's form, placing any error at `json`. Limits are not checked here but where
    /// the value is used (``validate(_:_:)``, or the type it builds), once, whether it came from a
    /// file or from Swift; a file's reader places that error back at the value as written.
    func read(_ json: JSONValue, _ keyPath: String) throws -> V {
        try codec.read(json, keyPath, requirement)
    }

    /// Checks a value's limits; the error names `keyPath` (a file reader finds its position).
    func validate(_ value: V, _ keyPath: String) throws {
        switch problem(with: value) {
        case .empty?:
            throw FlipbookError(invalid: keyPath, "must be \(requirement); it is empty.",
                                at: FlipbookError.Location(keyPath: keyPath))
        case .outOfLimits?:
            throw FlipbookError.mustBe(keyPath, rangeRequirement, itIs: codec.show(value))
        case nil:
            break
        }
        try codec.validateNested?(value, keyPath)
    }

    private enum Problem { case empty, outOfLimits }

    private func problem(with value: V) -> Problem? {
        if nonEmpty, let count = codec.count, count(value) == 0 { return .empty }
        if checksLimits, let limits, !codec.numbers(value).allSatisfy(limits.contains) { return .outOfLimits }
        return nil
    }
}
