import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook check` end to end: its exit statuses, its JSON, its sheet, a flag's value placed at the flag.
@Suite("flipbook check")
struct CheckToolTests {
    static func fixture(_ name: String) -> String {
        ReferenceImages.fixturesDirectory.appendingPathComponent("Check/\(name)").path
    }

    @Test("an unknown key: exit 2, one error at its pointer with the key meant, as JSON")
    func unknownKeyJSON() throws {
        let run = try Tool.run(["check", Self.fixture("unknown-key.json"), "--json"])
        #expect(run.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: String]])
        #expect(findings.count == 1)
        #expect(findings.first?["severity"] == "error" && findings.first?["pointer"] == "/layers/0/colour")
        #expect(findings.first?["fix"] == "rename the key \"colour\" to \"color\"")
        #expect(findings.first?["message"]?.contains("unknown-key.json:3:") == true, "\(findings)")
    }

    @Test("warnings only: exit 0, each with its fix; --sheet writes the moments looked at")
    func warningsAndSheet() throws {
        let scratch = try TemporaryDirectory.cli()
        let run = try Tool.run(["check", Self.fixture("logo-off-canvas.json"), "--sheet", scratch.path("moments.png")])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("warning: /layers/0/position: the layer's box (x 600…720, y 0…120) is partly off the 640×360 canvas at 0 s.\n"
                                     + "  fix: position [580, 60] puts the box inside the canvas\n"), "\(run.output)")
        #expect(run.output.hasSuffix("0 errors, 1 warning (looked at 0 s, 0.367 s, 0.767 s, 1.167 s, 1.567 s, 1.967 s)\n"), "\(run.output)")
        let sheet = try Bitmap(contentsOfPNG: scratch.file("moments.png"))
        #expect(sheet.width == 8 + 3 * (320 + 8))
    }

    @Test("a value given on the command line is refused with the message a still prints; a good scene prints no problems")
    func flagsAndGood() throws {
        let scratch = try TemporaryDirectory.cli()
        let arguments = [Self.fixture("missing-font.json"), "--duration", "-1"]
        let bad = try Tool.run(["check"] + arguments)
        let still = try Tool.run(["still"] + arguments + ["-o", scratch.path("still.png")])
        #expect(bad.status == 2 && still.status == 2)
        let message = try #require(still.error.split(separator: "\n").last { $0.hasPrefix("error: ") })
        #expect(bad.output.hasPrefix("error: " + message.dropFirst("error: ".count) + "\n"), "\(bad.output)")
        let good = try Tool.run(["check", try scratch.write("scene.json", smallScene)])
        #expect(good.status == 0 && good.output.hasPrefix("no problems (looked at 0 s"), "\(good.output)")
    }
}
