import Flipbook
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing

/// `checkScene` beyond a scene's first refusal and its top-level layers: every refusal in one run,
/// groups' children placed on the canvas by their groups, and contrast on captions' pills and in
/// groups measured against WCAG's formula.
@Suite("Checking scenes in depth")
struct SceneCheckDepthTests {
    /// WCAG 2's contrast ratio, from its definition: relative luminances of the linearised sRGB
    /// channels, (lighter + 0.05) / (darker + 0.05).
    static func wcag(_ one: Color, _ other: Color) -> Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        func luminance(_ color: Color) -> Double {
            0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
        }
        let (a, b) = (luminance(one), luminance(other))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    @Test("every refusal in a file is one finding at its pointer; a render still stops at the first, with the same message")
    func everyRefusal() throws {
        let check = SceneCheckTests.check("several-errors.json")
        // In the order of the file's lines.
        #expect(check.findings.map(\.pointer)
                    == ["/layers/0/colour", "/layers/1/opacity", "/layers/2/src", "/layers/3/text"], "\(check.listing)")
        #expect(check.findings.allSatisfy { $0.severity == .error && $0.rule == .refused })
        #expect(check.timeline == nil)
        let fixes = Dictionary(uniqueKeysWithValues: check.findings.map { ($0.pointer, $0.fix) })
        #expect(fixes["/layers/0/colour"] == "rename the key \"colour\" to \"color\"")
        #expect(fixes["/layers/3/text"] == "write {{name}}")
        let missing = try #require(check.findings.first { $0.pointer == "/layers/2/src" })
        #expect(missing.message.contains("no-such-logo.png") && missing.fix.contains("a file that exists"), "\(missing.fix)")

        let url = SceneCheckTests.checkFixtures.appendingPathComponent("several-errors.json")
        let refusal = #expect(throws: FlipbookError.self) { _ = try SceneFile.load(from: url).makeTimeline() }
        #expect(check.findings.map(\.message).contains(try #require(refusal).description))
    }

    @Test("refusals inside groups, and two in one layer, are each reported")
    func refusalsInGroups() throws {
        let directory = try TemporaryDirectory("check")
        let path = try directory.write("group.json", """
            {"size": [160, 90], "fps": 10, "duration": 1,
             "layers": [{"scene": "group", "layers": [
                {"scene": "text", "text": "a", "colr": "red", "font": {"size": "big"}},
                {"scene": "shape", "shape": "circel"},
                {"scene": "text", "text": "b", "opacity": -1}]}]}
            """)
        let check = checkScene(SceneRequest(scene: path))
        #expect(check.findings.map(\.pointer).sorted() == [
            "/layers/0/layers/0/colr", "/layers/0/layers/0/font/size", "/layers/0/layers/1/shape", "/layers/0/layers/2/opacity",
        ], "\(check.listing)")
        #expect(check.hasErrors)
    }

    @Test("a group's child is placed on the canvas by the group: off the canvas as the group moves, outside title-safe as it scales")
    func nestedPlacement() throws {
        let directory = try TemporaryDirectory("check")
        // Group 0 jumps right at 0.9 s (the last moment looked at): its square then reaches x 296…336.
        // Group 1 is the canvas at half size, scaled 2: its text's 10-point box becomes 20 points at x 14…34.
        let path = try directory.write("nested.json", """
            {"size": [320, 180], "fps": 10, "duration": 1, "background": "black",
             "layers": [
               {"scene": "group", "size": [100, 60],
                "position": [{"time": 0, "value": [160, 90]}, {"time": 0.85, "value": [160, 90]}, {"time": 0.9, "value": [286, 90]}],
                "layers": [{"scene": "shape", "shape": "rect", "fill": "white", "size": [40, 40], "position": [80, 30]}]},
               {"scene": "group", "size": [160, 90], "position": [160, 90], "scale": 2,
                "layers": [{"scene": "text", "text": ".", "color": "white", "font": {"size": 6}, "size": [10, 10],
                            "position": [12, 45]}]}
             ]}
            """)
        let check = checkScene(SceneRequest(scene: path))
        let off = try #require(check.findings.first { $0.pointer == "/layers/0/layers/0/position" }, "\(check.listing)")
        #expect(off.rule == .offCanvas)
        #expect(off.message.contains("x 296…336") && off.message.contains("at 0.9 s"), "\(off.message)")
        #expect(off.fix.hasPrefix("position [64, 30] puts the box inside the canvas"), "\(off.fix)")
        let safe = try #require(check.findings.first { $0.pointer == "/layers/1/layers/0/position" }, "\(check.listing)")
        #expect(safe.rule == .titleSafe)
        #expect(safe.message.contains("x 14…34"), "\(safe.message)")
        // Two canvas points right are one in the group's box, scaled 2.
        #expect(safe.fix.hasPrefix("position [13, 45] puts the box inside the title-safe area"), "\(safe.fix)")
        #expect(!check.findings.contains { $0.pointer.hasPrefix("/layers/1/position") })
    }

    @Test("captions on a pill are measured against the pill: white on a yellow pill is reported at WCAG's ratio")
    func pillContrast() throws {
        let directory = try TemporaryDirectory("check")
        let words = ReferenceImages.fixturesDirectory.appendingPathComponent("Captions/talk-words.json").path
        func check(_ color: String) throws -> SceneCheck {
            let path = try directory.write("pill-\(color).json", """
                {"size": [320, 180], "fps": 10, "duration": 1, "background": "black",
                 "layers": [{"scene": "captions", "src": "\(words)", "color": "\(color)", "highlightColor": "yellow",
                             "pill": true, "font": {"size": 28, "weight": "heavy"}}]}
                """)
            return checkScene(SceneRequest(scene: path))
        }
        let white = try #require(try check("white").findings.first { $0.rule == .contrast }, "white on the pill is reported")
        let expected = String(format: "%.2f", Self.wcag(.white, .yellow))
        #expect(white.rule == .contrast && white.pointer == "/layers/0/color")
        #expect(white.message.contains("the pill under the spoken word is \(expected):1"), "\(white.message)")
        #expect(white.fix.contains("highlightColor \""), "\(white.fix)")
        // Black reads on the yellow pill, but not off it, on the black background.
        let black = try #require(try check("black").findings.first { $0.rule == .contrast }, "black off the pill is reported")
        #expect(black.message.contains("the pixels under it is 1.00:1"), "\(black.message)")
    }

    @Test("text in a group is measured over what is under it: the group's plate, or the layers under the group")
    func groupContrast() throws {
        let directory = try TemporaryDirectory("check")
        let path = try directory.write("groups.json", """
            {"size": [320, 180], "fps": 10, "duration": 1, "background": "white",
             "layers": [
               {"scene": "group", "size": [300, 70], "position": [160, 45], "layers": [
                 {"scene": "shape", "shape": "rect", "fill": "black", "size": [300, 70]},
                 {"scene": "text", "text": "Readable", "color": "white", "font": {"size": 32, "weight": "bold"}}]},
               {"scene": "group", "size": [300, 70], "position": [170, 135], "layers": [
                 {"scene": "text", "text": "Faint", "color": "#999999", "font": {"size": 32, "weight": "bold"}}]}
             ]}
            """)
        let check = checkScene(SceneRequest(scene: path))
        let contrast = check.findings.filter { $0.rule == .contrast }
        #expect(contrast.map(\.pointer) == ["/layers/1/layers/0/color"], "\(check.listing)")
        let expected = String(format: "%.2f", Self.wcag(Color(hex: "#999999")!, .white))
        #expect(contrast.first?.message.contains("is \(expected):1") == true, "\(contrast.first?.message ?? "")")
    }

    @Test("a sequence's children are checked where and when they play: the second child's faint text, its square off the canvas")
    func sequenceChildren() throws {
        let directory = try TemporaryDirectory("check")
        // The second child plays from 0.5 s (after a 0.5 s first child): its square reaches x 300…340.
        let path = try directory.write("sequence.json", """
            {"size": [320, 180], "fps": 10, "duration": 1, "background": "white",
             "layers": [{"scene": "sequence", "layers": [
               {"scene": "group", "duration": 0.5, "layers": [
                 {"scene": "shape", "shape": "rect", "fill": "black", "size": [320, 180]},
                 {"scene": "text", "text": "Readable", "color": "white", "font": {"size": 32, "weight": "bold"}}]},
               {"scene": "group", "duration": 0.5, "layers": [
                 {"scene": "text", "text": "Faint", "color": "#999999", "font": {"size": 32, "weight": "bold"}},
                 {"scene": "shape", "shape": "rect", "fill": "black", "size": [40, 40], "position": [320, 90]}]}]}]}
            """)
        let check = checkScene(SceneRequest(scene: path))
        let contrast = check.findings.filter { $0.rule == .contrast }
        #expect(contrast.map(\.pointer) == ["/layers/0/layers/1/layers/0/color"], "\(check.listing)")
        let expected = String(format: "%.2f", Self.wcag(Color(hex: "#999999")!, .white))
        #expect(contrast.first?.message.contains("is \(expected):1") == true, "\(contrast.first?.message ?? "")")
        let off = try #require(check.findings.first { $0.pointer == "/layers/0/layers/1/layers/1/position" }, "\(check.listing)")
        #expect(off.rule == .offCanvas && off.message.contains("x 300…340"), "\(off.message)")
    }
}
