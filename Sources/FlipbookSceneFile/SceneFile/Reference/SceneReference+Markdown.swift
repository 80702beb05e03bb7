import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneReference {
    /// The scene-file reference in Markdown: the top level and layer keys, then one section per
    /// scene with a table of each object's parameters. `docs/SceneFileReference.md` is this text (a
    /// test keeps it so), and the DocC catalog includes it.
    public static func markdown() -> String {
        var text = """
            # Scene-file reference

            A scene file is a JSON object describing a whole timeline. Every key is optional unless \
            marked required, unknown keys are errors, and `null` means "the default". Ranges are written \
            `[low, high]` or as one number; sizes `[width, height]`; points `[x, y]`; colours as a name \
            (\(Color.names.joined(separator: ", "))) or a hex string such as `"#ff8800"`. \
            Run `flipbook scenes` for the same facts in a terminal, or `flipbook scenes --json` for tools.

            This page is generated from the parameter tables in the code (`SceneReference.markdown()`).


            """
        for section in fileSections { text += markdown(section, level: "##") }
        for scene in scenes {
            text += "## Scene `\(scene.name)`\n\n\(scene.summary)\n\n"
            if let preset = scene.preset {
                text += "`flipbook render \(scene.name)` draws a preset: \(preset.prefix(1).lowercased() + preset.dropFirst())\n\n"
            }
            for section in scene.sections { text += markdown(section, level: "###") }
        }
        return text.trimmingCharacters(in: .newlines) + "\n"
    }

    /// A default that is a JSON value is shown as code; one described in words is not.
    private static func defaultCell(_ text: String) -> String {
        (try? JSONReader.read(Data(text.utf8))) != nil ? "`\(text)`" : text
    }

    private static func markdown(_ section: ParameterSection, level: String) -> String {
        var text = "\(level) \(section.title)\n\n\(section.summary)\n\n"
        text += "| Key | Type | Default | Range | Unit | Description |\n"
        text += "| --- | --- | --- | --- | --- | --- |\n"
        for p in section.parameters {
            let cells = [
                "`\(p.key)`", p.type, p.defaultValue.map(defaultCell) ?? "required", p.range ?? "", p.unit ?? "", p.help,
            ]
            text += "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
        }
        return text + "\n"
    }
}
