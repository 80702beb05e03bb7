import Flipbook
import Foundation

/// A frame the page asks for: `?frame=N&scale=1|0.5|0.25&set=NAME=VALUE…&setting=KEY=VALUE…`, each
/// value checked here, so a bad one is a 400 naming it rather than a crash.
struct FrameQuery: Sendable, Hashable {
    /// The frame, from 0.
    var frame: Int
    /// The preview scale: 1, ½ or ¼ of the clip's pixels.
    var scale: Double
    /// The template's values, by parameter name.
    var values: [String: String]
    /// The timeline's live settings (``LiveSetting``), by key.
    var settings: [String: String] = [:]

    /// The preview scales the page offers.
    static let scales: [Double] = [1, 0.5, 0.25]

    /// Reads the query's `frame`, `scale`, `set` and `setting` values.
    ///
    /// - Throws: ``StudioError`` 400: no frame, a frame that is not a whole number from 0, a scale
    ///   other than 1, 0.5 or 0.25, or a `set` or `setting` that is not `NAME=VALUE` or names one twice.
    init(frame: String?, scale: String?, set: [String], setting: [String] = []) throws {
        guard let frame else { throw StudioError(status: 400, "frame is missing: ask for ?frame=N, a frame number from 0.") }
        guard let number = Int(frame), number >= 0 else {
            throw StudioError(status: 400, "frame must be a whole number from 0; it is '\(frame.prefix(40))'.")
        }
        self.frame = number
        if let scale {
            guard let value = Double(scale), Self.scales.contains(value) else {
                throw StudioError(status: 400, "scale must be 1, 0.5 or 0.25; it is '\(scale.prefix(40))'.")
            }
            self.scale = value
        } else {
            self.scale = 1
        }
        values = try Self.values(set)
        settings = try Self.settings(setting)
    }

    /// The query's `setting=KEY=VALUE` assignments by key.
    static func settings(_ assignments: [String]) throws -> [String: String] {
        try values(assignments, query: "setting", example: "background=black")
    }

    /// `NAME=VALUE` assignments by name, from the query's `query` items.
    static func values(_ assignments: [String], query: String = "set", example: String = "name=Ada") throws -> [String: String] {
        var values: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw StudioError(status: 400, "\(query) must be NAME=VALUE, such as \(example); it is '\(assignment.prefix(80))'.")
            }
            let name = String(assignment[..<equals])
            guard values[name] == nil else {
                throw StudioError(status: 400, "\(query) \(name) is given twice; give each once.")
            }
            values[name] = String(assignment[assignment.index(after: equals)...])
        }
        return values
    }
}
