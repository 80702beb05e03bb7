import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

// The scale-out recipes in docs/recipes, run here as far as this machine has their engine: the
// xargs script as it is, and the command lines of the Kubernetes Jobs and the GitHub Actions
// workflow with the variables those engines set (the Slurm recipe runs on a real cluster in
// scripts/slurm-test.sh).

private let recipes = packageFile("docs/recipes")

/// Runs `script` with `sh -c` in `directory`, `flipbook` on the PATH, and `variables` set.
private func shell(_ script: String, in directory: URL, _ variables: [String: String] = [:]) throws -> ToolRun {
    var environment = ["PATH": Tool.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"]
    environment.merge(variables) { $1 }
    return try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: directory, environment: environment)
}

/// Every match of `pattern`'s first group in the recipe file `name`.
private func commands(in name: String, matching pattern: String) throws -> [String] {
    let text = try String(contentsOf: recipes.appendingPathComponent(name), encoding: .utf8)
    let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
        Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
}

/// A one-second, 10-frame scene file in `scratch`.
private func tenFrameScene(_ scratch: TemporaryDirectory) throws -> String {
    try scratch.write("scene.json", smallScene.replacingOccurrences(of: "\"duration\": 0.5", with: "\"duration\": 1"))
}

@Suite("Scale-out recipes")
struct RecipeTests {
    @Test("the xargs -P recipe renders the chunks and joins them")
    func xargs() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try tenFrameScene(scratch)
        let run = try shell("bash '\(recipes.path)/parallel/render.sh'", in: scratch.url,
                            ["SCENE": scene, "OUT": scratch.url.path, "CHUNKS": "3", "JOBS": "2"])
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(run.output.contains("Joined 3 chunks"), "\(run.output)")
        #expect(try decodeClip(scratch.file("clip.mp4")).frameCount == 10)
    }

    @Test("the Kubernetes Indexed Job's pods, indexed 0…7, and the finishing Job give one clip")
    func kubernetes() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try tenFrameScene(scratch)
        let pattern = #"command: \["sh", "-c", "(.*)"\]"#
        func local(_ command: String) -> String {
            command.replacingOccurrences(of: "/scenes/party.json", with: scene)
                .replacingOccurrences(of: "/clips/", with: scratch.url.path + "/")
        }
        let render = try #require(try commands(in: "kubernetes/render-job.yaml", matching: pattern).first)
        let completions = try #require(try commands(in: "kubernetes/render-job.yaml", matching: #"^  completions: (\d+)$"#).first)
        #expect(completions == "8")
        for index in 0..<8 {
            let run = try shell(local(render), in: scratch.url, ["JOB_COMPLETION_INDEX": "\(index)"])
            #expect(run.status == 0, "pod \(index): \(run.error)")
        }
        let join = try #require(try commands(in: "kubernetes/join-job.yaml", matching: pattern).first)
        let run = try shell(local(join), in: scratch.url)
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(try decodeClip(scratch.file("party.mp4")).frameCount == 10)
    }

    @Test("the GitHub Actions matrix's render steps and the join step give one clip")
    func githubActions() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try tenFrameScene(scratch)
        let steps = try commands(in: "github-actions/render.yml", matching: #"^        run: (flipbook .*)$"#)
        let render = try #require(steps.first { $0.hasPrefix("flipbook render") })
        let join = try #require(steps.first { $0.hasPrefix("flipbook concat") })
        // Each runner renders in its own checkout; download-artifact gathers the chunks into chunks/.
        try FileManager.default.createDirectory(at: scratch.file("chunks"), withIntermediateDirectories: true)
        for chunk in 1...4 {
            let step = render.replacingOccurrences(of: "${{ matrix.chunk }}", with: "\(chunk)")
                .replacingOccurrences(of: "Fixtures/Scenes/confetti-and-ripples.json", with: scene)
            let run = try shell("cd chunks && " + step, in: scratch.url)
            #expect(run.status == 0, "chunk \(chunk): \(run.error)")
        }
        let run = try shell(join, in: scratch.url)
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(try decodeClip(scratch.file("party.mp4")).frameCount == 10)
    }
}
