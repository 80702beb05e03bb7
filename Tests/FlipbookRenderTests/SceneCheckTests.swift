import Flipbook
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing

/// `checkScene`: one broken fixture per rule (`Fixtures/Check`), each reported once at its key; the
/// good fixtures without errors; contrast against WCAG's own figures.
@Suite("Checking scenes")
struct SceneCheckTests {
    static let checkFixtures = ReferenceImages.fixturesDirectory.appendingPathComponent("Check")

    static func check(_ name: String, set values: [String: String] = [:]) -> SceneCheck {
        var request = SceneRequest(scene: checkFixtures.appendingPathComponent(name).path)
        request.parameterValues = values
        return checkScene(request)
    }

    @Test("each broken fixture is reported exactly once, at its pointer, with a fix", arguments: [
        ("overflowing-title.json", CheckFinding.Severity.error, CheckFinding.Rule.refused, "/layers/0/font/size", "font.size ≤ "),
        ("logo-off-canvas.json", .warning, .offCanvas, "/layers/0/position", "position [580, 60] puts the box inside the canvas"),
        ("missing-font.json", .warning, .font, "/layers/0/font/family", "font.src"),
        ("yellow-captions.json", .warning, .contrast, "/layers/0/color", "reaches 4.5:1"),
        ("unknown-key.json", .error, .refused, "/layers/0/colour", "rename the key \"colour\" to \"color\""),
        ("misspelt-parameter.json", .error, .refused, "/layers/0/text", "write {{name}}"),
    ])
    func brokenFixture(name: String, severity: CheckFinding.Severity, rule: CheckFinding.Rule, pointer: String,
                       fix: String) throws {
        let check = Self.check(name)
        let matching = check.findings.filter { $0.rule == rule && $0.pointer == pointer }
        #expect(matching.count == 1, "\(name): \(check.listing)")
        #expect(check.findings.count == 1, "\(name) has other findings: \(check.listing)")
        let finding = try #require(matching.first)
        #expect(finding.severity == severity)
        #expect(finding.fix.contains(fix), "\(finding.fix)")
        #expect(check.hasErrors == (severity == .error))
    }

    @Test("the overflowing title's fix is the largest whole size Pango fits in the box")
    func overflowFix() throws {
        let finding = try #require(Self.check("overflowing-title.json").findings.first)
        #expect(finding.message.contains("does not fit its box of 560×90 points"), "\(finding.message)")
        let size = try #require(Int(finding.fix.dropFirst("font.size ≤ ".count).prefix { $0.isNumber }))
        func fits(_ points: Int) -> Bool {
            let text = SceneFile.TextParameters(
                text: "Congratulations on a wonderful year together",
                font: SceneFile.FontParameters(size: Keyframed(Double(points)), weight: .bold), alignment: .center,
                size: Keyframed(CGSize(width: 560, height: 90)))
            return (try? text.makeScene(baseDirectory: nil)) != nil
        }
        #expect(fits(size) && !fits(size + 1) && size < 64)
    }

    @Test("a misspelt parameter suggests the declared one; a value given with --set is checked too")
    func template() throws {
        let finding = try #require(Self.check("misspelt-parameter.json").findings.first)
        #expect(finding.message.contains("'nmae' is not a parameter of this template. Did you mean 'name'?"))
    }

    @Test("the scenes in Fixtures/Scenes, the template and the benchmark workloads have no errors", arguments: [
        "Scenes/captions.json", "Scenes/confetti-and-ripples.json", "Scenes/confetti-emoji.json", "Scenes/confetti-minimal.json",
        "Scenes/confetti-shapes-and-wind.json", "Scenes/confetti-snow.json", "Scenes/layers-badge.json",
        "Scenes/lottie-over-confetti.json", "Scenes/party-with-sound.json", "Scenes/ripples-touches.json",
        "Scenes/text-title.json", "Templates/card.json", "Benchmarks/B1-seed.json", "Benchmarks/B3-ripples.json",
    ])
    func goodFixtures(path: String) {
        let check = checkScene(SceneRequest(scene: ReferenceImages.fixturesDirectory.appendingPathComponent(path).path))
        #expect(!check.hasErrors, "\(path): \(check.listing)")
        #expect(check.timeline != nil)
    }

    @Test("WCAG contrast: black on white 21:1, #767676 on white 4.54:1, #777777 4.48:1")
    func wcagFigures() {
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(abs(Color(hex: "#767676")!.contrastRatio(with: .white) - 4.54) < 0.005)
        #expect(abs(Color(hex: "#777777")!.contrastRatio(with: .white) - 4.48) < 0.005)
        #expect(Color.white.contrastRatio(with: .white) == 1)
        // The fix for yellow on white keeps its hue and reaches the ratio, from the dark side.
        let fixed = try! #require(Color.yellow.reachingContrast(4.5, against: .white))
        #expect(fixed.contrastRatio(with: .white) >= 4.5 && fixed.contrastRatio(with: .white) < 4.7)
        #expect(fixed.blue < 0.01 && fixed.red > fixed.green && fixed.red < 0.6, "\(fixed.hexString)")
    }

    @Test("the contrast measured on the pixels of yellow captions on white is yellow's WCAG ratio with white")
    func measuredContrast() throws {
        let finding = try #require(Self.check("yellow-captions.json").findings.first)
        let expected = String(format: "%.2f", Color.yellow.contrastRatio(with: .white))
        #expect(finding.message.contains("is \(expected):1"), "\(finding.message)")
    }

    @Test("black text on white measures 21:1 and is not reported; grey #999999 on white is, at its WCAG ratio")
    func textContrast() throws {
        let directory = try TemporaryDirectory("check")
        func scene(_ color: String) throws -> SceneCheck {
            let path = try directory.write("\(color.dropFirst()).json", """
                {"size": [320, 180], "fps": 10, "duration": 1, "background": "white",
                 "layers": [{"scene": "text", "text": "Readable?", "font": {"size": 40, "weight": "bold"}, "color": "\(color)"}]}
                """)
            return checkScene(SceneRequest(scene: path))
        }
        #expect(try scene("#000000").findings.isEmpty)
        let grey = try #require(try scene("#999999").findings.first)
        let expected = String(format: "%.2f", Color(hex: "#999999")!.contrastRatio(with: .white))
        #expect(grey.rule == .contrast && grey.message.contains("is \(expected):1"), "\(grey.message)")
    }

    @Test("a text reaching out of the title-safe area is reported; a listing shows five findings of a kind, then a count")
    func titleSafeAndBounds() throws {
        let directory = try TemporaryDirectory("check")
        let images = (0..<8).map { #"{"scene": "image", "src": "logo.svg", "size": [40, 40], "position": [\#(-30 - $0), 20]}"# }
        try FileManager.default.copyItem(at: ReferenceImages.fixturesDirectory.appendingPathComponent("Images/logo.svg"),
                                         to: directory.file("logo.svg"))
        let path = try directory.write("many.json", """
            {"size": [320, 180], "fps": 10, "duration": 1, "background": "black",
             "layers": [\(images.joined(separator: ", ")),
                        {"scene": "text", "text": "Edge", "color": "white", "position": [30, 165]}]}
            """)
        let check = checkScene(SceneRequest(scene: path))
        #expect(check.findings.filter { $0.rule == .offCanvas }.count == 8)
        #expect(check.findings.filter { $0.rule == .titleSafe }.map(\.pointer) == ["/layers/8/position"])
        #expect(check.bounded.shown.filter { $0.rule == .offCanvas }.count == 5)
        #expect(check.listing.contains("… and 3 more offCanvas findings"))
        #expect(!check.hasErrors)
    }

    @Test("a Lottie part rlottie does not draw, and sound far from --loudness, are each reported at their layer")
    func lottieAndSound() throws {
        let directory = try TemporaryDirectory("check")
        let animation = ReferenceImages.fixturesDirectory.appendingPathComponent("Lottie/text-layer.json").path
        let path = try directory.write("lottie.json", """
            {"size": [160, 90], "fps": 10, "duration": 1, "background": "white",
             "layers": [{"scene": "lottie", "src": "\(animation)", "size": [80, 80]}]}
            """)
        let lottie = checkScene(SceneRequest(scene: path)).findings
        #expect(lottie.map(\.rule) == [.lottie] && lottie.first?.pointer == "/layers/0/src", "\(lottie)")
        #expect(lottie.first?.message.hasSuffix("/layers/0: text layer, not drawn") == true, "\(lottie)")

        var party = SceneRequest(scene: ReferenceImages.fixturesDirectory.appendingPathComponent("Scenes/party-with-sound.json").path)
        party.loudness = -60
        let sound = checkScene(party).findings
        #expect(sound.map(\.rule) == [.audio], "\(sound)")
        #expect(sound.first?.message.contains("from the loudness asked for (-60 LUFS)") == true, "\(sound)")
        #expect(sound.first?.fix.hasPrefix("lower the layers' volume by about") == true)
    }

    @Test("captions whose word is wider than the box at the smallest scale are reported as cut, once")
    func cutCaptions() throws {
        let directory = try TemporaryDirectory("check")
        let words = ReferenceImages.fixturesDirectory.appendingPathComponent("Captions/talk-words.json").path
        let path = try directory.write("cut.json", """
            {"size": [320, 180], "fps": 10, "duration": 4, "background": "black",
             "layers": [{"scene": "captions", "src": "\(words)", "color": "white", "font": {"size": 60},
                         "box": [130, 60, 60, 60], "minimumScaleFactor": 1}]}
            """)
        let cut = checkScene(SceneRequest(scene: path)).findings.filter { $0.rule == .textFit }
        #expect(cut.count == 1 && cut.first?.pointer == "/layers/0/font/size", "\(cut)")
        #expect(cut.first?.message.contains("is cut at its box") == true)
    }

    @Test("key paths become JSON pointers")
    func pointers() {
        #expect(jsonPointer(ofKeyPath: "layers[1].font.size") == "/layers/1/font/size")
        #expect(jsonPointer(ofKeyPath: "parameters.a/b") == "/parameters/a~1b")
        #expect(jsonPointer(ofKeyPath: "") == "")
    }
}
