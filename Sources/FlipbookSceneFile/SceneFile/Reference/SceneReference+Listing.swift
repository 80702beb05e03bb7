import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneReference {
    /// The text `flipbook scenes` prints: with no scene, the scenes, the keys every file and layer
    /// has, then every scene's keys; with one, that scene's keys. No line is longer than `width` columns.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) for an unknown scene name, with a suggestion.
    public static func listing(scene name: String? = nil, width: Int = 80) throws -> String {
        if let name { return listing(of: try scene(named: name), width: width).joined(separator: "\n") }
        var lines = ["Scenes (run 'flipbook scenes NAME' for one scene's keys):"]
        let column = (scenes.map(\.name.count).max() ?? 0) + 4
        for scene in scenes {
            let label = "  " + scene.name.padding(toLength: column - 2, withPad: " ", startingAt: 0)
            lines += wrap(scene.summary, width: width, first: label, indent: String(repeating: " ", count: column))
        }
        for section in fileSections { lines += [""] + listing(of: section, width: width) }
        for scene in scenes { lines += ["", String(repeating: "=", count: min(width, 40))] + listing(of: scene, width: width) }
        return lines.joined(separator: "\n")
    }

    /// One scene: its name and summary, its preset, then its sections.
    static func listing(of scene: SceneReference, width: Int) -> [String] {
        var lines = wrap(scene.name + " — " + scene.summary, width: width, first: "", indent: "")
        if let preset = scene.preset {
            lines += wrap("Preset (flipbook render \(scene.name)): " + preset, width: width, first: "", indent: "")
        }
        for section in scene.sections { lines += [""] + listing(of: section, width: width) }
        return lines
    }

    /// A section: its title and summary, then each key with its type, default and range, and its help.
    static func listing(of section: ParameterSection, width: Int) -> [String] {
        var lines = [section.title]
        lines += wrap(section.summary.replacingOccurrences(of: "`", with: ""), width: width, first: "  ", indent: "  ")
        for parameter in section.parameters {
            var facts = [parameter.type, parameter.defaultValue.map { "default \($0)" } ?? "required"]
            if let range = parameter.range { facts.append(range + (parameter.unit.map { " \($0)" } ?? "")) }
            else if let unit = parameter.unit { facts.append(unit) }
            lines += wrap(parameter.key + ": " + facts.joined(separator: "; "), width: width, first: "  ", indent: "      ")
            lines += wrap(parameter.help, width: width, first: "      ", indent: "      ")
        }
        return lines
    }

    /// `text` broken at spaces into lines of at most `width` columns, the first starting with
    /// `first` and the others with `indent`. A word longer than a line is cut, so no line is too long.
    static func wrap(_ text: String, width: Int, first: String, indent: String) -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord, line.count + 1 + word.count <= width {
                line += " " + word
                continue
            }
            if lineHasWord {
                lines.append(line)
                line = indent
            }
            var rest = word
            while line.count + rest.count > width, width > line.count {
                let room = width - line.count
                lines.append(line + rest.prefix(room))
                rest = rest.dropFirst(room)
                line = indent
            }
            line += rest
            lineHasWord = true
        }
        if lineHasWord { lines.append(line) }
        return lines
    }

    /// The description tools read: `flipbook scenes --json`. With no scene, the file's sections and
    /// every scene; with one, that scene alone.
    public static func json(scene name: String? = nil) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        if let name {
            data = try encoder.encode(try scene(named: name))
        } else {
            data = try encoder.encode(Catalogue(file: fileSections, scenes: scenes))
        }
        return String(decoding: data, as: UTF8.self)
    }

    private struct Catalogue: Encodable {
        let file: [ParameterSection]
        let scenes: [SceneReference]
    }
}
