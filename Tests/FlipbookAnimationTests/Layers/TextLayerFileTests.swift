import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Text layers in scene files")
struct TextLayerFileTests {
    @Test func aTextThatCannotFitItsBoxIsAnErrorBeforeAnyFrame() throws {
        let file = try decodeScene("""
            {"size": [360, 240], "layers": [
              {"scene": "text", "size": [320, 80], "font": {"size": 36},
               "text": "A title far too long to fit in this box at this size, however it wraps"}
            ]}
            """)
        expectInvalidInput(
            "test.json:3:12: layers[0].text does not fit its box of 320×80 points: it needs 4 lines (197 points); "
                + "give a larger size, a lineLimit with truncation, or a minimumScaleFactor.",
            at: inTestFile(3, 12, "layers[0].text")) { _ = try file.makeTimeline() }
    }

    @Test func aMinimumScaleFactorThatIsNotEnoughIsAnErrorToo() throws {
        let file = try decodeScene("""
            {"size": [360, 240], "layers": [
              {"scene": "text", "size": [320, 80], "font": {"size": 36}, "minimumScaleFactor": 0.9,
               "text": "A title far too long to fit in this box at this size, however it wraps"}
            ]}
            """)
        expectInvalidInput(
            "test.json:3:12: layers[0].text does not fit its box of 320×80 points even at the minimumScaleFactor 0.9: "
                + "it needs 4 lines (177 points); give a larger size, a lineLimit with truncation, or a smaller minimumScaleFactor.",
            at: inTestFile(3, 12, "layers[0].text")) { _ = try file.makeTimeline() }
    }

    @Test func aKeyframedFontSizeIsCheckedAtItsKeyframes() throws {
        let file = try decodeScene("""
            {"size": [360, 240], "layers": [
              {"scene": "text", "size": [300, 60], "text": "Growing title",
               "font": {"size": [{"time": 0, "value": 20}, {"time": 2, "value": 80}]}}
            ]}
            """)
        expectInvalidInput(
            "test.json:2:48: layers[0].text does not fit its box of 300×60 points at 2 seconds: it needs 2 lines (218 points); "
                + "give a larger size, a lineLimit with truncation, or a minimumScaleFactor.",
            at: inTestFile(2, 48, "layers[0].text")) { _ = try file.makeTimeline() }
    }

    @Test func rulesNeedABoxAndFillsAreOneOrTheOther() throws {
        expectInvalidInput("test.json:1:57: layers[0].lineLimit needs a size to fit in; without one the text takes its natural size.",
                           at: inTestFile(1, 57, "layers[0].lineLimit")) {
            _ = try decodeScene(#"{"layers": [{"scene": "text", "text": "a", "lineLimit": 2}]}"#).makeTimeline()
        }
        expectInvalidInput("test.json:1:72: layers[0].gradient cannot be given with color: a text is painted with one or the other.",
                           at: inTestFile(1, 72, "layers[0].gradient")) {
            _ = try decodeScene(#"{"layers": [{"scene": "text", "text": "a", "color": "red", "gradient": {"colors": ["red"]}}]}"#)
                .makeTimeline()
        }
        expectInvalidInput("test.json:1:61: layers[0].font.size must be greater than 0 and at most 10000 points; it is -3.",
                           at: inTestFile(1, 61, "layers[0].font.size")) {
            _ = try decodeScene(#"{"layers": [{"scene": "text", "text": "a", "font": {"size": -3}}]}"#).makeTimeline()
        }
        expectInvalidInput("test.json:1:63: layers[0].font.weight must be one of ultraLight, thin, light, regular, medium, "
                            + "semibold, bold, heavy, black; it is 'bolder'. Did you mean 'bold'?",
                           at: inTestFile(1, 63, "layers[0].font.weight")) {
            _ = try decodeScene(#"{"layers": [{"scene": "text", "text": "a", "font": {"weight": "bolder"}}]}"#)
        }
        let long = String(repeating: "a", count: TextScene.maximumTextLength + 1)
        expectInvalidInput("test.json:1:39: layers[0].text must have at most 100000 characters; it has 100001.",
                           at: inTestFile(1, 39, "layers[0].text")) {
            _ = try decodeScene(#"{"layers": [{"scene": "text", "text": "\#(long)"}]}"#).makeTimeline()
        }
        expectInvalidInput("test.json:1:13: layers[0].text is missing; a text layer needs it.",
                           at: inTestFile(1, 13, "layers[0].text")) {
            _ = try decodeScene(#"{"layers": [{"scene": "text", "size": [10, 10]}]}"#)
        }
    }

    @Test func aMissingOrUndecodableFontFileIsNamedWithItsKeyPath() throws {
        let folder = try TemporaryDirectory("text-font")
        let scene = """
            {"layers": [
              {"scene": "confetti"},
              {"scene": "text", "text": "Brand", "font": {"size": 40, "src": "%@"}}
            ]}
            """
        let missing = folder.file("missing.json")
        try folder.write("missing.json", scene.replacingOccurrences(of: "%@", with: "Brand.ttf"))
        expectInvalidInput(
            "\(missing.path):3:66: layers[1].font.src must be a TrueType or OpenType font file (.ttf, .otf), relative to the "
                + "scene file's folder; it is \"Brand.ttf\". There is no file \(folder.path("Brand.ttf")).",
            at: FlipbookError.Location(file: missing.path, line: 3, column: 66, keyPath: "layers[1].font.src")) {
            _ = try SceneFile.load(from: missing).makeTimeline()
        }
        let broken = folder.file("broken.json")
        try folder.write("broken.json", scene.replacingOccurrences(of: "%@", with: "Notes.ttf"))
        try folder.write("Notes.ttf", "not a font at all")
        expectInvalidInput(
            "\(broken.path):3:66: layers[1].font.src must be a TrueType or OpenType font file (.ttf, .otf), relative to the "
                + "scene file's folder; it is \"Notes.ttf\". \(folder.path("Notes.ttf")) holds no font fontconfig can read.",
            at: FlipbookError.Location(file: broken.path, line: 3, column: 66, keyPath: "layers[1].font.src")) {
            _ = try SceneFile.load(from: broken).makeTimeline()
        }
        // A device is not a font file, and is never read.
        let device = folder.file("device.json")
        try folder.write("device.json", scene.replacingOccurrences(of: "%@", with: "/dev/zero"))
        expectInvalidInput(
            "\(device.path):3:66: layers[1].font.src must be a TrueType or OpenType font file (.ttf, .otf), relative to the "
                + "scene file's folder; it is \"/dev/zero\". /dev/zero is not a regular file.",
            at: FlipbookError.Location(file: device.path, line: 3, column: 66, keyPath: "layers[1].font.src")) {
            _ = try SceneFile.load(from: device).makeTimeline()
        }
    }

    @Test func theMonospacedDesignDrawsEveryCharacterOneWidth() throws {
        func width(_ string: String, design: String) throws -> CGFloat {
            let file = try decodeScene("""
                {"size": [360, 240], "layers": [{"scene": "text", "text": "\(string)",
                  "font": {"size": 30, "design": "\(design)"}}]}
                """)
            return try #require(try textScene(file).fit(at: 0)).box.width
        }
        #expect(abs(try width("iiii", design: "monospaced") - width("WWWW", design: "monospaced")) < 0.01)
        #expect(abs(try width("iiii", design: "monospaced") - 4 * 0.6 * 30) < 0.01)
        #expect(try width("WWWW", design: "default") > 2 * width("iiii", design: "default"))
    }

    @Test func aFontFileBesideTheSceneFileDrawsItsGlyphs() throws {
        let folder = try TemporaryDirectory("text-font")
        try FileManager.default.copyItem(at: packageFile("Fixtures/Text/Fonts/DejaVuSansMono.ttf"),
                                         to: folder.file("Brand.ttf"))
        func scene(_ string: String) throws -> TextScene {
            let path = try folder.write("title.json", """
                {"size": [360, 240], "scale": 2, "background": "white",
                 "layers": [{"scene": "text", "text": "\(string)", "font": {"size": 40, "src": "Brand.ttf"}}]}
                """)
            return try textScene(try SceneFile.load(from: URL(fileURLWithPath: path)))
        }
        // A monospaced face: every character as wide as every other, unlike the system font's.
        let narrow = try #require(try scene("iiii").fit(at: 0)).box.width
        let wide = try #require(try scene("MMMM").fit(at: 0)).box.width
        #expect(abs(narrow - wide) < 0.01)
        let brand = try scene("Brand")
        #expect(brand.font.family == nil)
        let drawn = try picture(TextSceneTests.canvas) { context, size in brand.draw(in: &context, size: size, time: 0) }
        // Once registered, the family is drawn by name on any canvas, from the package's own fonts.
        let reference = try picture(TextSceneTests.canvas) { context, _ in
            context.draw(Text("Brand").font(.custom("DejaVu Sans Mono", size: 40)), at: .zero, anchor: .topLeading)
        }
        #expect(try drawn.pngData() == reference.pngData())
        let system = try picture(TextSceneTests.canvas) { context, _ in
            context.draw(Text("Brand").font(.system(size: 40)), at: .zero, anchor: .topLeading)
        }
        #expect(try drawn.pngData() != system.pngData())
    }

    @Test func textLayersRoundTripThroughTheirJSON() throws {
        let json = #"""
            {"layers": [{"scene": "text", "start": 0.5, "text": "Congrats, Ada! 🎉",
              "font": {"size": [{"time": 0, "value": 48}, {"time": 1, "value": 64}], "weight": "bold", "family": "DejaVu Sans",
                       "italic": true, "design": "rounded"},
              "gradient": {"stops": [{"color": "white", "location": 0}, {"color": [{"time": 0, "value": "red"},
                           {"time": 1, "value": "#00ff00"}], "location": 1}], "kind": "radial", "center": [0.5, 0.4],
                           "endRadius": 120},
              "alignment": "center", "lineSpacing": 8, "size": [320, 200], "lineLimit": 2, "truncation": "tail",
              "minimumScaleFactor": 0.5, "tracking": 2}]}
            """#
        let file = try decodeScene(json)
        guard case .text(let text) = file.layers?.first?.content else {
            Issue.record("not a text layer")
            return
        }
        #expect(text.font?.weight == .bold && text.font?.italic == true && text.font?.design == .rounded)
        #expect(text.gradient?.kind == .radial && text.gradient?.center == Keyframed(UnitPoint(x: 0.5, y: 0.4))
                && text.gradient?.endRadius == Keyframed(120))
        #expect(text.size == Keyframed(CGSize(width: 320, height: 200)) && text.lineLimit == 2 && text.truncation == .tail)
        let written = try file.jsonData()
        #expect(try SceneFile.decode(written) == file)
        _ = try file.makeTimeline()
    }
}
