import FlipbookDrawing
import Foundation

// How a keyframe's motion is written in a scene file: `"curve": "easeOut"` or
// `"cubic-bezier(x1, y1, x2, y2)"`; `"spring": "bouncy"`, `{"duration", "bounce"}` or
// `{"mass", "stiffness", "damping"}`; `"hold": true`.

extension UnitCurve {
    /// The curves a file names, by their Swift names.
    package static let named: [(name: String, curve: UnitCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("circularEaseIn", .circularEaseIn), ("circularEaseOut", .circularEaseOut),
        ("circularEaseInOut", .circularEaseInOut),
    ]

    /// What a curve may be, for messages.
    package static let fileRequirement = "a curve: " + named.map(\.name).joined(separator: ", ")
        + " or cubic-bezier(x1, y1, x2, y2)"

    /// The curve as a file writes it: its name, or `cubic-bezier(…)`.
    package var fileName: String {
        if let named = UnitCurve.named.first(where: { $0.curve == self }) { return named.name }
        switch storage {
        case .bezier(let start, let end):
            return "cubic-bezier(" + [start.x, start.y, end.x, end.y].map { formatNumber(Double($0)) }
                .joined(separator: ", ") + ")"
        // Only `circularEaseInOut.inverse` has no name of its own.
        default:
            return "circularEaseOutIn"
        }
    }

    /// The curve a file names with `text`, or an error at `json` (`keyPath`) with a "did you mean".
    package static func read(_ text: String, _ json: JSONValue, _ keyPath: String) throws -> UnitCurve {
        if let named = named.first(where: { $0.name == text }) { return named.curve }
        if text == "circularEaseOutIn" { return UnitCurve.circularEaseInOut.inverse }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("cubic-bezier") else {
            throw json.unknownName(text, keyPath, fileRequirement, among: named.map(\.name) + ["cubic-bezier"])
        }
        let requirement = "cubic-bezier(x1, y1, x2, y2) with four numbers, x1 and x2 between 0 and 1"
        let inner = trimmed.dropFirst("cubic-bezier".count).trimmingCharacters(in: .whitespaces)
        guard inner.hasPrefix("("), inner.hasSuffix(")") else { throw json.invalid(keyPath, requirement) }
        let numbers = inner.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
              [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2)
        else { throw json.invalid(keyPath, requirement) }
        return .bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
    }
}

extension Spring {
    /// The springs a file names: SwiftUI's presets.
    package static let named: [(name: String, spring: Spring)] = [("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy)]

    package static let fileRequirement = "a spring: smooth, snappy, bouncy, {\"duration\", \"bounce\"} or "
        + "{\"mass\", \"stiffness\", \"damping\"}"

    /// The spring as a file writes it: a preset's name, else its physical properties (which read back
    /// exactly).
    package var fileValue: JSONValue {
        if let named = Spring.named.first(where: { $0.spring == self }) { return .string(named.name) }
        return .object([("mass", .number(mass)), ("stiffness", .number(stiffness)), ("damping", .number(damping))])
    }

    /// The spring `json` describes. `{"duration", "bounce"}` is ``init(duration:bounce:)`` (either may
    /// be left out for its default); `{"mass", "stiffness", "damping"}` is
    /// ``init(mass:stiffness:damping:allowOverDamping:)`` taken as written, over-damping allowed.
    package static func read(_ json: JSONValue, _ keyPath: String) throws -> Spring {
        if case .string(let name) = json.content {
            guard let named = named.first(where: { $0.name == name }) else {
                throw json.unknownName(name, keyPath, fileRequirement, among: named.map(\.name))
            }
            return named.spring
        }
        guard let members = json.members else { throw json.invalid(keyPath, fileRequirement) }
        let perceptual = ["duration", "bounce"], physical = ["mass", "stiffness", "damping"]
        for member in members where !(perceptual + physical).contains(member.key) {
            let path = joinKeyPath(keyPath, member.key)
            throw FlipbookError(
                invalid: path,
                "is not a key of a spring.\(didYouMean(member.key, among: perceptual + physical)) Known keys: "
                    + (perceptual + physical).joined(separator: ", ") + ".",
                at: member.value.location(keyPath: path))
        }
        func number(_ key: String) throws -> Double? {
            guard let value = members.first(where: { $0.key == key })?.value, !value.isNull else { return nil }
            return try value.number(joinKeyPath(keyPath, key), "a number")
        }
        func check(_ key: String, _ value: Double?, _ requirement: String, _ isValid: (Double) -> Bool) throws {
            guard let value, !isValid(value) else { return }
            throw FlipbookError.mustBe(joinKeyPath(keyPath, key), requirement, itIs: formatNumber(value))
                .at(line: members.first { $0.key == key }?.value.line,
                    column: members.first { $0.key == key }?.value.column)
        }
        let keys = Set(members.filter { !$0.value.isNull }.map(\.key))
        if keys.isDisjoint(with: physical) {
            let duration = try number("duration"), bounce = try number("bounce")
            try check("duration", duration, "a number of seconds above 0", { $0 > 0 && $0.isFinite })
            try check("bounce", bounce, "between -1 and 1", { (-1...1).contains($0) })
            return Spring(duration: duration ?? 0.5, bounce: bounce ?? 0)
        }
        guard keys.isDisjoint(with: perceptual) else {
            throw json.invalid(keyPath, "either {\"duration\", \"bounce\"} or {\"mass\", \"stiffness\", \"damping\"}",
                               found: "an object with the keys " + members.map(\.key).joined(separator: ", "))
        }
        let mass = try number("mass"), stiffness = try number("stiffness"), damping = try number("damping")
        guard let stiffness, let damping else {
            let missing = stiffness == nil ? "stiffness" : "damping"
            throw FlipbookError(invalid: joinKeyPath(keyPath, missing), "is missing; a spring with a mass, a stiffness "
                                    + "and a damping needs it.", at: json.location(keyPath: joinKeyPath(keyPath, missing)))
        }
        try check("mass", mass, "a number above 0", { $0 > 0 && $0.isFinite })
        try check("stiffness", stiffness, "a number above 0", { $0 > 0 && $0.isFinite })
        try check("damping", damping, "a number of at least 0", { $0 >= 0 && $0.isFinite })
        return Spring(mass: mass ?? 1, stiffness: stiffness, damping: damping, allowOverDamping: true)
    }
}
