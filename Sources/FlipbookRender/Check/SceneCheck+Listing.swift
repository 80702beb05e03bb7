import FlipbookCore
import Foundation

extension SceneCheck {
    /// The findings as `flipbook check` prints them: per finding a line with its severity, pointer and
    /// message and a line with its fix; a count for each rule past ``limitPerRule``; then a summary.
    public var listing: String {
        let (shown, omitted) = bounded
        var lines: [String] = []
        for finding in shown {
            let place = finding.pointer.isEmpty ? "" : "\(finding.pointer): "
            lines.append("\(finding.severity.rawValue): \(place)\(finding.message)")
            if !finding.fix.isEmpty { lines.append("  fix: \(finding.fix)") }
        }
        for (rule, count) in omitted { lines.append("… and \(count) more \(rule.rawValue) finding\(count == 1 ? "" : "s")") }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// "2 errors, 1 warning", "no problems", and the moments looked at.
    public var summary: String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let found = findings.isEmpty ? "no problems" : "\(count(errors, "error")), \(count(warnings, "warning"))"
        guard let timeline, let tiles = try? sheet.tiles(of: timeline) else { return "\(found) (the scene was not drawn)" }
        return "\(found) (looked at \(tiles.map { spoken(moment: $0.time) }.joined(separator: ", ")))"
    }

    /// `{"findings": [{"severity", "rule", "pointer", "message", "fix"}], "omitted": [{"rule", "count"}], "moments": [...]}`,
    /// bounded as ``listing`` is.
    public func json() throws -> String {
        struct Document: Encodable {
            struct Finding: Encodable { var severity, rule, pointer, message, fix: String }
            struct Omitted: Encodable { var rule: String; var count: Int }
            var findings: [Finding]
            var omitted: [Omitted]
            var moments: [Double]
        }
        let (shown, omitted) = bounded
        let moments = timeline.flatMap { try? sheet.tiles(of: $0).map(\.time) } ?? []
        let document = Document(
            findings: shown.map { .init(severity: $0.severity.rawValue, rule: $0.rule.rawValue, pointer: $0.pointer,
                                        message: $0.message, fix: $0.fix) },
            omitted: omitted.map { .init(rule: $0.rule.rawValue, count: $0.count) }, moments: moments)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}
