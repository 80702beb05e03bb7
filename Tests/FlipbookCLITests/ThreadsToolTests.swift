import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// The small scene lasting 6 s: 60 frames at 10 fps, three segments of 20 with `--keyint 1`.
private let segmentedScene = smallScene.replacingOccurrences(of: "\"duration\": 0.5", with: "\"duration\": 6")

@Suite("--threads: a fixed count or the encoder's own")
struct ThreadsToolTests {
    @Test("--threads auto is one encode whose threads x264 chooses; a count keeps the segments")
    func planned() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("long.json", segmentedScene)
        let out = scratch.path("x.mp4")
        let automatic = try Tool.run(["render", scene, "-o", out, "--keyint", "1", "--threads", "auto", "--dry-run", "--json"])
        #expect(automatic.status == 0, "stderr: \(automatic.error)")
        #expect(automatic.output.contains("\"threads\" : \"auto\""), "\(automatic.output)")
        #expect(automatic.output.contains("\"machineDependent\" : true"), "\(automatic.output)")
        let listed = try Tool.run(["render", scene, "-o", out, "--threads", "auto", "--dry-run"])
        #expect(listed.output.contains("threads     the encoder's own choice for this machine's cores, with every kernel "
                                       + "its CPU has, AVX-512 included (--threads auto); another machine may write other bytes."),
                "\(listed.output)")
        // Not cut into segments at all: x264's own threads take the machine.
        #expect(!automatic.output.contains("\"segments\""), "\(automatic.output)")
        let fixed = try Tool.run(["render", scene, "-o", out, "--keyint", "1", "--threads", "3", "--dry-run", "--json"])
        #expect(fixed.output.contains("\"threads\" : \"3\""), "\(fixed.output)")
        #expect(fixed.output.contains("\"segments\" : 3"), "\(fixed.output)")
        #expect(!fixed.output.contains("machineDependent"), "\(fixed.output)")
        let standard = try Tool.run(["render", scene, "-o", out, "--dry-run"])
        #expect(standard.output.contains("threads \(VideoOptions.defaultEncoderThreads)"), "\(standard.output)")
        #expect(!standard.output.contains("another machine"), "\(standard.output)")
    }

    @Test("a clip rendered with --threads auto decodes whole and says its threads were automatic")
    func renders() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", smallScene)
        let run = try Tool.run(["render", scene, "-o", scratch.path("auto.mp4"), "--threads", "auto"])
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(run.output.contains("Threads: the encoder's own choice for this machine's cores, with every kernel its CPU has, AVX-512 included (--threads auto); another machine may write other bytes."),
                "\(run.output)")
        #expect(try decodeClip(scratch.file("auto.mp4")).frameCount == 5)
        #expect(!scratch.contents.contains { $0.contains("partial") })
    }

    @Test("threads out of range, not a count, or for a codec without threads are refused with exit 2")
    func refused() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", smallScene)
        let tooMany = try Tool.run(["render", scene, "-o", scratch.path("x.mp4"), "--threads", "65"])
        #expect(tooMany.status == 2)
        #expect(tooMany.error.contains("--threads must be auto or between 1 and 64; it is 65."), "\(tooMany.error)")
        let words = try Tool.run(["render", scene, "-o", scratch.path("x.mp4"), "--threads", "many"])
        #expect(words.status == 2)
        #expect(words.error.contains("The value 'many' is invalid for '--threads <auto|n>'"), "\(words.error)")
        let gif = try Tool.run(["render", scene, "-o", scratch.path("x.gif"), "--threads", "auto"])
        #expect(gif.status == 2)
        #expect(gif.error.contains("--threads is set (auto) but GIF has no threads; codecs with one: h264, hevc, vp9, av1, prores."),
                "\(gif.error)")
        #expect(scratch.contents.filter { $0.hasPrefix("x.") }.isEmpty)
    }

    @Test("a batch job takes \"threads\": \"auto\" or a count, and names the key when it is neither")
    func batch() throws {
        let scratch = try TemporaryDirectory.cli()
        _ = try scratch.write("scene.json", smallScene)
        let jobs = try scratch.write("jobs.json", #"{"jobs": [{"scene": "scene.json", "output": "a.mp4", "threads": "auto"}, {"scene": "scene.json", "output": "b.mp4", "threads": 1}]}"#)
        let run = try Tool.run(["batch", jobs, "-q"])
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(try decodeClip(scratch.file("a.mp4")).frameCount == 5)
        #expect(try decodeClip(scratch.file("b.mp4")).frameCount == 5)
        let bad = try scratch.write("bad.json", #"{"jobs": [{"scene": "scene.json", "output": "c.mp4", "threads": "lots"}]}"#)
        let refused = try Tool.run(["batch", bad, "-q"])
        #expect(refused.status == 2)
        #expect(refused.error.contains("jobs[0].threads must be \"auto\" or a whole number; it is \"lots\""), "\(refused.error)")
    }
}
