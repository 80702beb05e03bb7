@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// A card template: four parameters, three of them used, one (count) without a default.
private let card = """
    {
      "parameters": {
        "name": {"type": "string", "default": "friend", "help": "Who it is for."},
        "accent": {"type": "color", "default": "#ff2d55"},
        "count": {"type": "number", "range": [10, 500]},
        "big": {"type": "bool", "default": false}
      },
      "size": [64, 48], "scale": 1, "fps": 10, "duration": 0.5,
      "layers": [
        {"scene": "confetti", "seed": 3,
         "bursts": [{"count": "{{count}}", "palette": ["{{accent}}", "white"], "shapes": [{"text": "Hi {{name}}!"}]}]}
      ]
    }
    """

/// Templates: `"parameters"` and `{{name}}` in a scene file, values given by ``SceneFile/with(_:)``.
@Suite struct TemplateTests {
    @Test func valuesReplaceStringsAndTypedValues() throws {
        let file = try decodeScene(card).with(["count": "120", "accent": "teal", "name": "Ada"])
        let written = String(decoding: try file.jsonData(), as: UTF8.self)
        let compact = written.filter { !$0.isWhitespace }
        // A string that is exactly one placeholder takes the typed value; in longer text, its text.
        #expect(compact.contains(#""count":120,"#), "\(written)")
        #expect(compact.contains(#""palette":["teal","white"]"#), "\(written)")
        #expect(written.contains(#""text": "Hi Ada!""#), "\(written)")
        // A complete template is written as the scene it makes: no parameters, no placeholders.
        #expect(!written.contains("parameters") && !written.contains("{{"))
        let timeline = try file.makeTimeline()
        let confetti = try #require(timeline.layers[0].scene as? ConfettiScene)
        #expect(confetti.particles.count == 120)
        #expect(confetti.particles.contains { $0.color == .teal })
        // The defaults fill what is not given.
        let defaults = try decodeScene(card).with(["count": "12"])
        #expect(String(decoding: try defaults.jsonData(), as: UTF8.self).filter { !$0.isWhitespace }
            .contains(#""palette":["pink","white"]"#))  // #ff2d55 is SwiftUI's pink
        #expect(defaults.parameterValues == ["count": "12"])
    }

    @Test func substitutedValuesKeepTheirPlaceInTheTemplate() throws {
        // Without a range of its own, a count too large for confetti is the scene's error, at the placeholder.
        let template = card.replacingOccurrences(of: #""count": {"type": "number", "range": [10, 500]}"#,
                                                 with: #""count": {"type": "number"}"#)
        let file = try decodeScene(template).with(["count": "200000"])
        expectInvalidInput(
            "test.json:11:27: layers[0].bursts[0].count must be between 1 and 100000 particles; it is 200000.",
            at: inTestFile(11, 27, "layers[0].bursts[0].count")) { _ = try file.makeTimeline() }
        // A value that is the wrong kind for its place is read as the file would be, at the same spot.
        let text = try decodeScene(template.replacingOccurrences(of: #""seed": 3"#, with: #""seed": "{{name}}""#))
        expectInvalidInput(
            "test.json:10:35: layers[0].seed must be a whole number from 0 to \(UInt64.max); it is a string (\"friend\").",
            at: inTestFile(10, 35, "layers[0].seed")) { _ = try text.with(["count": "20"]) }
    }

    @Test func typedValuesOnTheTree() throws {
        let scratch = try TemporaryDirectory("template")
        try scratch.write("logo.png", "not really a PNG; only its path is used here")
        let source = """
            {"parameters": {"big": {"type": "bool"}, "logo": {"type": "image"}, "n": {"type": "number"},
                             "c": {"type": "color"}},
             "a": "{{big}}", "b": ["{{ logo }}", "{{n}}", "{{c}}", "{{n}}{{c}} {{logo}} {{big}}"]}
            """
        var template = try SceneTemplate(json: try JSONReader.read(Data(source.utf8)), bytes: Array(source.utf8), source: "t.json")
        template.values = ["big": "TRUE", "logo": "logo.png", "n": "+.5e1", "c": "#FF2D55"]
        let tree = try template.resolvedTree(baseDirectory: scratch.url)
        let members = try #require(tree.members)
        let a = try #require(members.first { $0.key == "a" }?.value)
        #expect(a.content == .bool(true) && a.line == 3 && a.column == 7)
        let b = try #require(members.first { $0.key == "b" }?.value.elements)
        #expect(b[0].content == .string(scratch.file("logo.png").path) && b[0].line == 3 && b[0].column == 24)
        #expect(b[1].content == .number(5, literal: "0.5e1"))
        #expect(b[2].content == .string("#FF2D55"))
        #expect(b[3].content == .string("0.5e1#FF2D55 logo.png true"))
        // The declarations are left as they are.
        #expect(members.first { $0.key == "parameters" }?.value == tree.members?.first { $0.key == "parameters" }?.value)
    }

    @Test func anUnknownPlaceholderIsAnErrorAtItsBraces() {
        let misspelt = card.replacingOccurrences(of: "Hi {{name}}!", with: "Hi {{nmae}}!")
        expectInvalidInput(
            "test.json:11:100: 'nmae' is not a parameter of this template. Did you mean 'name'? Parameters: name, accent, count, big.",
            at: inTestFile(11, 100, "layers[0].bursts[0].shapes[0].text")) { _ = try decodeScene(misspelt) }
        // Escapes take more columns than the characters they stand for; the column is still the braces'.
        let escaped = card.replacingOccurrences(of: "Hi {{name}}!", with: #"\u00e9\t{{nmae}}"#)
        expectInvalidInput(
            "test.json:11:105: 'nmae' is not a parameter of this template. Did you mean 'name'? Parameters: name, accent, count, big.",
            at: inTestFile(11, 105, "layers[0].bursts[0].shapes[0].text")) { _ = try decodeScene(escaped) }
        let unclosed = card.replacingOccurrences(of: "Hi {{name}}!", with: "Hi {{name}!")
        expectInvalidInput("test.json:11:100: '{{' opens a placeholder that no '}}' closes.",
                           at: inTestFile(11, 100, "layers[0].bursts[0].shapes[0].text")) { _ = try decodeScene(unclosed) }
        // A parameter declared and never used is fine.
        #expect(throws: Never.self) { try decodeScene(card).with(["count": "10", "big": "true"]) }
    }

    @Test func withChecksEachValueByItsParameter() throws {
        let file = try decodeScene(card)
        let colour = expectFlipbookError(.invalidInput) { _ = try file.with(["accent": "blu", "count": "20"]) }
        #expect(colour?.message == "accent must be a colour name (" + Color.names.joined(separator: ", ")
            + ") or a hex string such as \"#ff8800\"; it is 'blu'. Did you mean 'blue'?")
        #expect(colour?.location == FlipbookError.Location(keyPath: "accent"))
        let range = expectFlipbookError(.invalidInput) { _ = try file.with(["count": "600"]) }
        #expect(range?.message == "count must be a number between 10 and 500; it is 600.")
        let word = expectFlipbookError(.invalidInput) { _ = try file.with(["count": "ten"]) }
        #expect(word?.message == "count must be a number between 10 and 500; it is 'ten'.")
        let flag = expectFlipbookError(.invalidInput) { _ = try file.with(["count": "20", "big": "ture"]) }
        #expect(flag?.message == "big must be true or false; it is 'ture'. Did you mean 'true'?")
        let unknown = expectFlipbookError(.invalidInput) { _ = try file.with(["nmae": "Ada"]) }
        #expect(unknown?.message == "nmae is not a parameter of test.json. Did you mean 'name'? Parameters: name, accent, count, big.")
        let image = expectFlipbookError(.invalidInput) {
            _ = try decodeScene(#"{"parameters": {"logo": {"type": "image"}}}"#).with(["logo": "/no/such/logo.png"])
        }
        #expect(image?.message == "logo must be an existing image file (relative to the scene file's folder); it is "
            + "'/no/such/logo.png'. There is no file /no/such/logo.png.")
        // A file without parameters takes none.
        let plain = expectFlipbookError(.invalidInput) { _ = try decodeScene(#"{"fps": 30}"#).with(["name": "Ada"]) }
        #expect(plain?.message == "name is not a parameter: the scene file declares no parameters (it has no \"parameters\" key).")
        #expect(try decodeScene(#"{"fps": 30}"#).with([:]) == decodeScene(#"{"fps": 30}"#))
    }

    @Test func aRequiredParameterMustBeGiven() throws {
        let file = try decodeScene(card)
        #expect(file.missingParameters.map(\.name) == ["count"])
        #expect(file.layers == nil)
        expectInvalidInput(
            "test.json:5:5: The template's parameter 'count' has no default, so it must be given a value.",
            at: inTestFile(5, 5, "parameters.count")) { _ = try file.makeTimeline() }
        // Values add up over calls.
        let named = try file.with(["name": "Ada"])
        #expect(named.missingParameters.map(\.name) == ["count"])
        let complete = try named.with(["count": "30"])
        #expect(complete.missingParameters.isEmpty && complete.parameterValues == ["name": "Ada", "count": "30"])
        #expect(try complete.makeTimeline().layers.count == 1)
    }

    @Test func equalityAndWritingStillBehave() throws {
        let a = try decodeScene(card).with(["count": "40"])
        let b = try decodeScene(card).with(["count": "40.0"])
        let c = try decodeScene(card).with(["count": "41"])
        #expect(a == b && a != c)
        // A complete template is written as its scene, which reads back as the same scene.
        #expect(try SceneFile.decode(a.jsonData()) == a)
        // One still waiting for a value is written as the template, and reads back as it.
        let waiting = try decodeScene(card)
        let rewritten = try SceneFile.decode(waiting.jsonData(), source: "test.json")
        #expect(rewritten.templateParameters.map(\.name) == ["name", "accent", "count", "big"])
        #expect(try rewritten.with(["count": "40"]) == a)
        #expect(try waiting != decodeScene(card.replacingOccurrences(of: "\"white\"", with: "\"black\"")))
        // Codable goes the same way.
        let coded = try JSONDecoder().decode(SceneFile.self, from: JSONEncoder().encode(a))
        #expect(coded == a)
    }

    @Test func declarationsAreChecked() {
        expectInvalidInput(
            "test.json:1:36: parameters.accent.type must be one of string, number, color, image, bool, list; it is 'colour'. "
                + "Did you mean 'color'?",
            at: inTestFile(1, 36, "parameters.accent.type")) {
            _ = try decodeScene(#"{"parameters": {"accent": {"type": "colour"}}}"#)
        }
        expectInvalidInput(
            "test.json:1:52: parameters.n.default must be a number (the parameter's type); it is a string (\"5\").",
            at: inTestFile(1, 52, "parameters.n.default")) {
            _ = try decodeScene(#"{"parameters": {"n": {"type": "number", "default": "5"}}}"#)
        }
        expectInvalidInput(
            "test.json:1:52: parameters.n.default must be a number between 1 and 5; it is 9.",
            at: inTestFile(1, 52, "parameters.n.default")) {
            _ = try decodeScene(#"{"parameters": {"n": {"type": "number", "default": 9, "range": [1, 5]}}}"#)
        }
        expectInvalidInput(
            "test.json:1:50: parameters.s.range is only for number parameters; this one is a string.",
            at: inTestFile(1, 50, "parameters.s.range")) {
            _ = try decodeScene(#"{"parameters": {"s": {"type": "string", "range": [1, 5]}}}"#)
        }
        expectInvalidInput(
            "test.json:1:41: parameters.s.defualt is not a key of a template parameter. Did you mean 'default'? "
                + "Known keys: type, default, range, help.",
            at: inTestFile(1, 41, "parameters.s.defualt")) {
            _ = try decodeScene(#"{"parameters": {"s": {"type": "string", "defualt": "x"}}}"#)
        }
        expectInvalidInput(
            "test.json:1:17: parameters.my name is not a parameter name: a name starts with a letter or '_' and holds "
                + "only letters, digits, '_' and '-'.",
            at: inTestFile(1, 17, "parameters.my name")) {
            _ = try decodeScene(#"{"parameters": {"my name": {"type": "string"}}}"#)
        }
    }

    @Test func aFileWithoutParametersIsReadAsBefore() throws {
        // Braces are only text outside a template.
        let file = try decodeScene(#"{"layers": [{"scene": "confetti", "bursts": [{"shapes": [{"text": "{{x}}"}]}]}]}"#)
        #expect(file.templateParameters.isEmpty && file.missingParameters.isEmpty)
        #expect(String(decoding: try file.jsonData(), as: UTF8.self).contains("{{x}}"))
        expectInvalidInput(
            "test.json:1:16: background must be a colour name (" + Color.names.joined(separator: ", ")
                + ") or a hex string such as \"#ff8800\"; it is '{{accent}}'.",
            at: inTestFile(1, 16, "background")) { _ = try decodeScene(#"{"background": "{{accent}}"}"#) }
    }

    @Test func theFixtureCardRendersWithItsDefaults() throws {
        let url = packageFile("Fixtures/Templates/card.json")
        let file = try SceneFile(contentsOf: url)
        #expect(file.templateParameters.map(\.name) == ["name", "accent", "count", "logo"])
        #expect(try file == SceneFile.load(from: url))
        let teal = try file.with(["accent": "teal", "count": "40"])
        let confetti = try #require(try teal.makeTimeline().layers[3].scene as? ConfettiScene)
        #expect(confetti.particles.count == 40)
    }
}
