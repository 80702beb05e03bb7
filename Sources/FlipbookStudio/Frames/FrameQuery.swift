import Flipbook
import Foundation

/// A frame the page asks for: `?frame=N&scale=1|0.5|0.25&set=NAME=VALUE…`, each value checked
/// here, so a bad one is a 400 naming it rather than a crash.
struct FrameQuery: Sendable, Hashable {
    /// The frame, from 0.
    var frame: Int
    /// The preview scale: 1, ½ or ¼ of the clip's pixels.
    var scale: Double
    /// The template's values, by parameter name.
    var values: [String: String]

    /// The preview scales the page offers.
    static let scales: [Double] = [1, 0.5, 0.25]

    /// Reads the query's `frame`, `scale` and `set` values.
    ///
    /// - Throws: ``StudioError`` 400: no frame, a frame that is not a whole number from 0, a scale
    ///   other than 1, 0.5 or 0.25, or a `set` that is not `NAME=VALUE` or names a parameter twice.
    init(frame: String?, scale: String?, set: [String]) throws {
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
    }

    /// `NAME=VALUE` assignments by name.
    static func values(_ assignments: [String]) throws -> [String: String] {
        var values: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw StudioError(status: 400, "set must be NAME=VALUE, such as name=Ada; it is '\(assignment.prefix(80))'.")
            }
            let name = String(assignment[..<equals])
            guard values[name] == nil else {
                throw StudioError(status: 400, "set \(name) is given twice; give each parameter once.")
            }
            values[name] = String(assignment[assignment.index(after: equals)...])
        }
        return values
    }
}
