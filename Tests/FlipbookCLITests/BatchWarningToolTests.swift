import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook batch` says what its jobs' timelines warn of, as `render` does: each distinct warning
/// once, naming the jobs it concerns, and nothing under `--quiet`.
@Suite struct BatchWarningToolTests {
    static let textLayer = LottieStrictToolTests.textLayer
    static let warning = "warning: \(textLayer) /layers/0: text layer, not drawn"

    static func writeScene(in scratch: TemporaryDirectory) throws {
        try scratch.write("scene.json", """
            {"size": [120, 60], "scale": 1, "duration": 0.5,
             "parameters": {"id": {"type": "string", "default": "a"}},
             "layers": [{"scene": "lottie", "src": "\(textLayer)"}]}
            """)
    }

    @Test func aBatchFileNamesTheJobsOfEachWarning() throws {
        let scratch = try TemporaryDirectory.cli()
        try Self.writeScene(in: scratch)
        try scratch.write("jobs.json", """
            {"jobs": [{"scene": "scene.json", "output": "a.png"}, {"scene": "confetti", "output": "b.png", "size": "120x60"},
                      {"name": "third", "scene": "scene.json", "output": "c.png"}]}
            """)
        let run = try Tool.run(["batch", "jobs.json"], in: scratch.url)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error == "\(Self.warning) (#1 a.png and third)\n", "\(run.error)")
        let quiet = try Tool.run(["batch", "jobs.json", "--quiet"], in: scratch.url)
        #expect(quiet.status == 0 && quiet.error.isEmpty, "\(quiet.error)")
    }

    @Test func aTemplateBatchSaysItOnceForAllItsRows() throws {
        let scratch = try TemporaryDirectory.cli()
        try Self.writeScene(in: scratch)
        try scratch.write("rows.csv", "id\nr1\nr2\nr3\nr4\nr5\n")
        let run = try Tool.run(["batch", "--template", "scene.json", "--data", "rows.csv", "-o", "out/{{id}}.png"], in: scratch.url)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error == "\(Self.warning) (row 1, row 2 and 3 more)\n", "\(run.error)")
        // Rows already done are not rendered again, and so warn of nothing.
        let resumed = try Tool.run(["batch", "--template", "scene.json", "--data", "rows.csv", "-o", "out/{{id}}.png", "--resume"],
                                   in: scratch.url)
        #expect(resumed.status == 0 && resumed.error.isEmpty, "\(resumed.error)")
    }
}
