import Flipbook
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookCLI

/// `flipbook skill`: the agent instructions in `docs/agents/` are the generated ones.
@Suite("flipbook skill")
struct SkillToolTests {
    @Test("the checked-in SKILL.md and AGENTS.md are what flipbook skill prints", arguments: AgentGuide.Form.allCases)
    func checkedInIsGenerated(form: AgentGuide.Form) throws {
        let run = try Tool.run(["skill", "--format", form.rawValue])
        #expect(run.status == 0, "\(run.error)")
        let file = packageFile("docs/agents/\(form.fileName)")
        let checkedIn = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        if checkedIn != run.output, ProcessInfo.processInfo.environment["UPDATE_REFERENCE"] == "1" {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try run.output.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(checkedIn == run.output, "docs/agents/\(form.fileName) is stale: run the tests with UPDATE_REFERENCE=1")
        // The facts come from the tables: a key with its range, every kind, every command, the check's rules.
        #expect(run.output.contains("- `count` (whole number; default 30; 1...100000; particles): How many particles are launched."))
        for scene in SceneFile.Layer.sceneNames { #expect(run.output.contains("### `\(scene)`")) }
        for command in FlipbookTool.subcommandNames { #expect(run.output.contains("- `flipbook \(command)`: ")) }
        #expect(run.output.contains("- `contrast`: "))
        #expect(run.output.hasPrefix("---\nname: flipbook\n") == (form == .skill))
    }

    @Test("each worked example is its fixture, byte for byte, and checks without errors")
    func examplesAreFixtures() throws {
        for example in AgentExamples.all {
            let fixture = ReferenceImages.fixturesDirectory.appendingPathComponent(example.fixture)
            #expect(try String(contentsOf: fixture, encoding: .utf8) == example.json + "\n", "\(example.fixture)")
            #expect(!checkScene(SceneRequest(scene: fixture.path)).hasErrors)
        }
    }
}
