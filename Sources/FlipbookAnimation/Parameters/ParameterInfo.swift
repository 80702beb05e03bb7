import FlipbookDrawing
import Foundation

/// What a scene file's reader knows about one parameter: its key, type, default, allowed range,
/// unit and a line of help. `flipbook scenes`, its `--json` form and the scene-file reference show these.
public struct ParameterInfo: Sendable, Equatable, Codable {
    /// The key in a scene file: `count`.
    public let key: String
    /// The kind of value: `number`, `whole number`, `[low, high]`, `list of colours`.
    public let type: String
    /// The default as a file would write it; `nil` when the key is required.
    public let defaultValue: String?
    /// The allowed values: `1...100000`; `nil` when any value of the type is allowed.
    public let range: String?
    /// The unit of the numbers: `seconds`, `points per second`; `nil` for none.
    public let unit: String?
    /// One line saying what the parameter does.
    public let help: String
    /// The limits behind ``range`` as numbers, for checks generated from the tables; `nil` when the
    /// range is not numeric limits. Not written in `flipbook scenes --json`, which shows ``range``.
    package var limits: ParameterLimits? = nil

    /// A parameter described by its key, type, default, range, unit and help.
    public init(key: String, type: String, defaultValue: String?, range: String?, unit: String?, help: String) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.range = range
        self.unit = unit
        self.help = help
    }

    private enum CodingKeys: String, CodingKey { case key, type, defaultValue = "default", range, unit, help }
}

/// A group of parameters that sit in one JSON object: a scene file's top level, a layer, a burst.
public struct ParameterSection: Sendable, Equatable, Codable {
    /// The section's heading: `Burst`.
    public let title: String
    /// Where the object goes and what it does.
    public let summary: String
    /// Its keys, in the order they are documented.
    public let parameters: [ParameterInfo]

    /// A section of the reference: a title, a summary and its parameters.
    public init(title: String, summary: String, parameters: [ParameterInfo]) {
        self.title = title
        self.summary = summary
        self.parameters = parameters
    }
}
