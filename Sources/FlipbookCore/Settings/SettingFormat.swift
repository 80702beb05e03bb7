import Foundation

/// How one kind of setting value is read from every place it can come from and written back as
/// text: the one reader behind flags, batch keys and the studio's controls (``Setting/Field``).
///
/// Every failure is ``FlipbookError/mustBe(_:_:itIs:_:)`` at the setting's key, so the command line
/// places it at the flag and a batch file at the job's key path.
public struct SettingFormat<Value>: @unchecked Sendable {
    /// Reads typed text (the studio's field, a command-line string).
    let fromText: (String, Setting) throws -> Value
    /// Reads a JSON value (a batch job's).
    let fromJSON: (Any, Setting) throws -> Value
    /// The value as messages and `--dry-run` show it.
    public let text: (Value) -> String
    /// The value as a plan's JSON lists it: text unless the format says otherwise.
    public let listed: (Value) -> ListedValue
    /// How messages show a value as the user wrote it, for formats whose parsed value reads
    /// differently (`29.97` rather than `30000/1001`); `nil` keeps the parsed value's.
    public let shown: ((String) -> String)?

    /// A format from its text and JSON readers; the JSON reader defaults to the text reader for a
    /// string and to "must be a string" for anything else.
    public init(
        text: @escaping (Value) -> String, listed: ((Value) -> ListedValue)? = nil, shown: ((String) -> String)? = nil,
        fromText: @escaping (String, Setting) throws -> Value,
        fromJSON: ((Any, Setting) throws -> Value)? = nil
    ) {
        self.text = text
        self.listed = listed ?? { .text(text($0)) }
        self.shown = shown
        self.fromText = fromText
        self.fromJSON = fromJSON ?? { value, setting in
            guard let string = value as? String else {
                throw FlipbookError.mustBe(setting.key, "a string", itIs: jsonKind(value))
            }
            return try fromText(string, setting)
        }
    }

    /// Reads `input` as `setting`'s value.
    public func read(_ input: SettingInput, as setting: Setting) throws -> Value {
        switch input {
        case .text(let text): return try fromText(text, setting)
        case .json(let value): return try fromJSON(value, setting)
        case .parsed(let value):
            if let value = value as? Value { return value }
            if let text = value as? String { return try fromText(text, setting) }
            if let argument = value as? SettingArgument, let value = argument.settingValue as? Value { return value }
            throw FlipbookError.internal("the command line gave \(setting.key) a \(type(of: value)), not a \(Value.self)")
        }
    }
}

/// Text a person typed, quoted and cut short for a message.
package func quotedInput(_ text: String) -> String { "'\(text.prefix(40))'" }

extension SettingFormat where Value == String {
    /// Any string.
    public static var string: SettingFormat {
        SettingFormat(text: { $0 }, fromText: { text, _ in text })
    }
}

extension SettingFormat where Value == Bool {
    /// `true` or `false`.
    public static var flag: SettingFormat {
        SettingFormat(
            text: { $0 ? "true" : "false" },
            fromText: { text, setting in
                guard let value = Bool(text) else { throw FlipbookError.mustBe(setting.key, "true or false", itIs: quotedInput(text)) }
                return value
            },
            fromJSON: { value, setting in
                guard let number = value as? NSNumber, isJSONBool(number) else {
                    throw FlipbookError.mustBe(setting.key, "true or false", itIs: jsonKind(value))
                }
                return number.boolValue
            })
    }
}

extension SettingFormat where Value == Double {
    /// Any finite number; JSON's must be a number, not a string.
    public static var number: SettingFormat {
        SettingFormat(
            text: { formatNumber($0) }, listed: { .number($0) },
            fromText: { text, setting in
                guard let value = Double(text), value.isFinite else {
                    throw FlipbookError.mustBe(setting.key, "a number" + (setting.unit.map { " of \($0)" } ?? ""),
                                               itIs: quotedInput(text))
                }
                return value
            },
            fromJSON: { value, setting in try jsonNumber(value, setting.key) })
    }
}

extension SettingFormat where Value: FixedWidthInteger {
    /// A whole number that fits `Value`, checked without trapping (`1e300` is an error, not a crash).
    public static var wholeNumber: SettingFormat {
        SettingFormat(
            text: { String($0) }, listed: { Double(exactly: $0).map(ListedValue.number) ?? .text(String($0)) },
            fromText: { text, setting in
                guard let value = Value(text) else {
                    throw FlipbookError.mustBe(setting.key, "a whole number" + (setting.range.map { " in \($0)" } ?? ""),
                                               itIs: quotedInput(text))
                }
                return value
            },
            fromJSON: { value, setting in try jsonWholeNumber(value, setting.key) })
    }
}

extension SettingFormat where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of `Value`'s raw values; an error lists them all.
    public static var choice: SettingFormat {
        SettingFormat(
            text: { $0.rawValue },
            fromText: { text, setting in try choice(text, setting, shownAs: quotedInput(text)) },
            fromJSON: { value, setting in
                guard let text = value as? String else {
                    throw FlipbookError.mustBe(setting.key, "a string", itIs: jsonKind(value))
                }
                return try choice(text, setting, shownAs: "\"\(text)\"")
            })
    }

    private static func choice(_ text: String, _ setting: Setting, shownAs shown: String) throws -> Value {
        guard let value = Value(rawValue: text) else {
            let names = Value.allCases.map(\.rawValue)
            throw FlipbookError.mustBe(setting.key, "one of \(names.joined(separator: ", "))", itIs: shown,
                                       didYouMean(text, among: names))
        }
        return value
    }
}

/// A JSON number (not a string, not `true`), or the key's "must be a number".
package func jsonNumber(_ value: Any, _ key: String) throws -> Double {
    guard let number = value as? NSNumber, !(value is String), !isJSONBool(number) else {
        throw FlipbookError.mustBe(key, "a number", itIs: jsonKind(value))
    }
    return number.doubleValue
}

/// A JSON whole number that fits `T`, checked without trapping.
package func jsonWholeNumber<T: FixedWidthInteger>(_ value: Any, _ key: String) throws -> T {
    guard let number = value as? NSNumber, !(value is String), !isJSONBool(number) else {
        throw FlipbookError.mustBe(key, "a whole number", itIs: jsonKind(value))
    }
    if let exact = T(number.stringValue) { return exact }
    let double = number.doubleValue
    guard double.isFinite, double == double.rounded(), let exact = T(exactly: double) else {
        throw FlipbookError.mustBe(key, "a whole number from \(T.min) to \(T.max)", itIs: formatNumber(double))
    }
    return exact
}
