import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook render` given a Lottie file: refused files leave at once, with their JSON pointer, and
/// without the memory rlottie would have taken (an 885-byte repeater of a million copies took it 1 GB).
@Suite struct LottieToolTests {
    static let folder = ReferenceImages.fixturesDirectory.appendingPathComponent("Lottie")

    /// A finished `flipbook` run with its own peak resident memory.
    struct MeasuredRun {
        var status: Int32
        var error: String
        var peakBytes: Int
    }

    /// Runs `flipbook` from a small Python process that reports its child's peak resident set
    /// (`RUSAGE_CHILDREN`). Spawned from the test process itself, the child's `ru_maxrss` would start
    /// from the test process's own peak: Linux carries the old address space's high-water mark across
    /// `exec`, and `posix_spawn` execs from the parent's.
    static func measure(_ arguments: [String], in directory: TemporaryDirectory) throws -> MeasuredRun {
        let script = """
            import json, resource, subprocess, sys
            run = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            print(json.dumps({"status": run.returncode, "peak_kb": peak, "error": run.stderr.decode("utf-8", "replace")}))
            """
        let run = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, Tool.executable.path] + arguments,
                                 in: directory.url)
        try #require(run.status == 0, "python3: \(run.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        return MeasuredRun(status: Int32(try #require(report["status"] as? Int)), error: try #require(report["error"] as? String),
                           peakBytes: try #require(report["peak_kb"] as? Int) * 1024)
    }

    @Test(arguments: [("repeater-bomb.json", "/layers/0/shapes/1/c must be between 0 and 1000 repeater copies; it is 1000000."),
                      ("deep-precomp.json", "/assets/15/layers/0/refId must be at most 16 precompositions deep; it is 17 deep.")])
    func aRefusedFileExitsTwoWithItsPointerInLittleMemory(file: String, message: String) throws {
        let scratch = try TemporaryDirectory.cli()
        let output = scratch.file("out.webm")
        let refused = try Self.measure(["render", Self.folder.appendingPathComponent(file).path, "-o", output.path,
                                        "--background", "transparent"], in: scratch)
        #expect(refused.status == 2, "\(refused.error)")
        #expect(refused.error.contains(message), "\(refused.error)")
        #expect(refused.peakBytes < 100_000_000, "peak \(refused.peakBytes) bytes")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // The accepted file of about the same size, rendered, for scale: a refused file costs no more.
        let accepted = try Self.measure(["render", Self.folder.appendingPathComponent("moving-box.json").path, "-o", output.path,
                                         "--background", "transparent"], in: scratch)
        #expect(accepted.status == 0, "\(accepted.error)")
        #expect(refused.peakBytes <= accepted.peakBytes, "refused \(refused.peakBytes), accepted \(accepted.peakBytes)")
    }
}

/// What rlottie does not draw: a warning on standard error, or with `--strict` an error (exit 2).
@Suite struct LottieStrictToolTests {
    static let textLayer = LottieToolTests.folder.appendingPathComponent("text-layer.json").path

    @Test(arguments: [["render", "-o", "out.webm", "--background", "transparent"], ["still", "-o", "out.png"],
                      ["sheet", "-o", "sheet.png"]])
    func aTextLayerWarnsAndStrictRefusesIt(command: [String]) throws {
        let scratch = try TemporaryDirectory.cli()
        let arguments = [command[0], Self.textLayer] + command.dropFirst()
        let warned = try Tool.run(arguments, in: scratch.url)
        #expect(warned.status == 0, "\(warned.error)")
        #expect(warned.error.contains("warning: \(Self.textLayer) /layers/0: text layer, not drawn\n"), "\(warned.error)")
        let output = scratch.file(command[2])
        try FileManager.default.removeItem(at: output)
        let refused = try Tool.run(arguments + ["--strict"], in: scratch.url)
        #expect(refused.status == 2)
        #expect(refused.error == "error: \(Self.textLayer) /layers/0 is a part rlottie does not draw (text layer, not drawn); "
                    + "strict reading refuses it.\n", "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func strictReachesTheLottieLayersOfAScene() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", """
            {"size": [200, 100], "duration": 0.5, "layers": [
              {"scene": "group", "layers": [{"scene": "lottie", "src": "\(Self.textLayer)"}]}]}
            """)
        let warned = try Tool.run(["still", scene, "-o", "out.png"], in: scratch.url)
        #expect(warned.status == 0, "\(warned.error)")
        #expect(warned.error == "warning: \(Self.textLayer) /layers/0: text layer, not drawn\n")
        let quiet = try Tool.run(["still", scene, "-o", "quiet.png", "--quiet"], in: scratch.url)
        #expect(quiet.status == 0 && quiet.error.isEmpty, "\(quiet.error)")
        let refused = try Tool.run(["still", scene, "-o", "strict.png", "--strict"], in: scratch.url)
        #expect(refused.status == 2)
        #expect(refused.error.contains("layers[0].layers[0].src names the Lottie animation \(Self.textLayer), which Flipbook refuses: "
                    + "\(Self.textLayer) /layers/0 is a part rlottie does not draw (text layer, not drawn); strict reading refuses it."),
                "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("strict.png")))
    }
}
