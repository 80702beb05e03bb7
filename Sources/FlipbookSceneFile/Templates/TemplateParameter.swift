import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// One parameter a template scene file declares under `"parameters"`: its name, type, default,
/// range and help.
///
/// ```json
/// "parameters": {
///   "name": {"type": "string", "default": "friend"},
///   "count": {"type": "number", "range": [10, 500], "help": "Pieces of confetti."}
/// }
/// ```
/// A `bool` parameter can leave a layer out (`"if": "{{flag}}"`) and a `list` parameter can repeat
/// one (`"repeat": {"for": "item", "in": "{{items}}"}`).
///
/// A parameter without a default must be given a value (``SceneFile/with(_:)``, `--set`, a data
/// column) before the file can be rendered.
public struct TemplateParameter: Sendable, Equatable {
    /// What a parameter's value is.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Any text.
        case string
        /// A number, within ``TemplateParameter/range`` when it has one.
        case number
        /// A colour name or a hex string.
        case color
        /// The path of an existing image file, relative to the scene file's folder.
        case image
        /// `true` or `false`.
        case bool
        /// A list of items — strings, numbers, true/false, or objects of those — which a layer's
        /// `"repeat"` makes one copy of the layer for each of: a JSON list (`["Tea", "Cake"]`), or
        /// the items separated by `|` (`Tea|Cake`, as a CSV field gives them).
        case list
    }

    /// The name `{{name}}` refers to.
    public let name: String
    /// The kind of value it takes.
    public let kind: Kind
    /// The default as a value is given (`"#ff2d55"`, `"12"`, `"true"`); `nil` when it must be given.
    public internal(set) var defaultValue: String?
    /// The numbers a number parameter allows; `nil` for any.
    public let range: ClosedRange<Double>?
    /// What the parameter is for, if the template says.
    public let help: String?
    /// Where the declaration starts in its file (0 when unknown), to place errors about it.
    let line: Int
    let column: Int

    /// Whether a value must be given for it.
    public var isRequired: Bool { defaultValue == nil }

    /// The parameter as `flipbook scenes` and `--json` show it.
    public var info: ParameterInfo {
        ParameterInfo(key: name, type: kind.rawValue, defaultValue: defaultValue,
                      range: range.map { "\(formatNumber($0.lowerBound))...\(formatNumber($0.upperBound))" },
                      unit: nil, help: help ?? "")
    }

    /// Whether `name` can be a parameter's name: a letter or `_`, then letters, digits, `_` or `-`,
    /// so it reads the same in `{{name}}`, `--set name=…` and a data file's header.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
