import Foundation

/// A setting's value as it arrived, before its row's format reads it: typed into a text field (the
/// studio), given in a JSON file (a batch job), or already parsed by the command line's parser.
public enum SettingInput {
    /// Text as a person typed it: `18`, `auto`, `#ff0000`.
    case text(String)
    /// A value from `JSONSerialization`: a string, an `NSNumber`, a list, an object or `NSNull`.
    case json(Any)
    /// A value the command line's parser has read already: the row's own value type, or a
    /// ``SettingArgument`` that carries it.
    case parsed(Any)
}

/// A command-line value type that stands for a setting's value of another type (`--max-bitrate 8M`
/// is read as a bit-rate argument and stored as bits per second).
public protocol SettingArgument {
    /// The value the setting's row stores.
    var settingValue: Any { get }
}

/// "a string", "a number", "a list": how JSON's authors name what they wrote.
package func jsonKind(_ value: Any) -> String {
    switch value {
    case is String: "a string"
    case is [Any]: "a list"
    case is [String: Any]: "an object"
    case is NSNull: "null"
    case let number as NSNumber: isJSONBool(number) ? "true or false" : "the number \(number)"
    default: "\(value)"
    }
}

/// Whether a JSON number is really `true` or `false`.
package func isJSONBool(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c" && (number == true as NSNumber || number == false as NSNumber)
}

extension SettingInput {
    /// The value as the user wrote it, when it was text or a JSON string or number.
    public var writtenText: String? {
        switch self {
        case .text(let text): text
        case .json(let value as String), .parsed(let value as String): value
        case .json(let number as NSNumber): isJSONBool(number) ? nil : number.stringValue
        default: nil
        }
    }
}
