import FlipbookCore
import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

extension Settings {
    /// A row's range with the per-codec ranges where they differ: `0...63 (h264, hevc 0...51; vp9, av1 0...63)`.
    static func rangeText(_ setting: Setting) -> String {
        let perCodec = setting.codecRanges.map { "\($0.codecs.joined(separator: ", ")) \($0.range)" }
        guard !perCodec.isEmpty else { return setting.range ?? "" }
        return perCodec.joined(separator: "; ")
    }

    /// Where a row can be given, as the tables show it: `scene file, batch, render`.
    static func placesText(_ setting: Setting) -> String {
        setting.places.sorted().map(\.rawValue).joined(separator: ", ")
    }

    /// The settings table in Markdown, as the README and the DocC article show it.
    public static var markdownTable: String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var lines = [
            "| Key | Flag | Default | Range | Codecs | Where | What it does |",
            "|---|---|---|---|---|---|---|",
        ]
        for s in all {
            let range = rangeText(s) + (s.unit.map { rangeText(s).isEmpty ? $0 : " \($0)" } ?? "")
            lines.append("| `\(s.key)` | " + [
                s.option.map { "`\($0)`" } ?? "", cell(s.defaultValue), cell(range), s.codecs?.joined(separator: ", ") ?? "—",
                placesText(s), cell(s.help),
            ].joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// The output formats in Markdown: what each extension writes.
    public static var formatTable: String {
        var lines = [
            "| Output | Container | Default codec | Other codecs | Alpha |",
            "|---|---|---|---|---|",
        ]
        for container in VideoContainer.allCases {
            let c = container.capabilities
            let names = container == .pngSequence ? "`name-%05d.png`" : c.extensions.map { "`.\($0)`" }.joined(separator: ", ")
            let alpha = c.alphaCodecs.isEmpty ? "no" : c.alphaCodecs.map(\.rawValue).joined(separator: ", ")
            lines.append("| \(names) | \(c.displayName) | \(c.defaultCodec.rawValue) | "
                + (c.codecs.dropFirst().map(\.rawValue).joined(separator: ", ").nonEmpty ?? "—") + " | \(alpha) |")
        }
        for still in StillFormat.allCases {
            lines.append("| `.\(still.fileExtension)` | \(still.displayName) still | — | — | "
                + (still == .png ? "yes" : "no") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// The table as `flipbook settings` prints it: one block per setting.
    public static var listing: String {
        all.map { s in
            var lines = ["\(s.key)\(s.option.map { "  (\($0))" } ?? "")  \(s.help)"]
            lines.append("    type: \(s.type); default: \(s.defaultValue)")
            let range = rangeText(s)
            if !range.isEmpty { lines.append("    range: \(range)\(s.unit.map { " \($0)" } ?? "")") }
            if let codecs = s.codecs { lines.append("    codecs: \(codecs.joined(separator: ", "))") }
            lines.append("    where: \(placesText(s))\(s.swift.map { "; Swift: \($0)" } ?? "")")
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The table as JSON, for tools.
    public static func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(all), as: UTF8.self)
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
