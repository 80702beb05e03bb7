import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// The small scene lasting 6 s: 60 frames at 10 fps, three segments of 20 with `--keyint 1`.
private let segmentedScene = smallScene.replacingOccurrences(of: "\"duration\": 0.5", with: "\"duration\": 6")

@Suite("Segments on the command line")
struct SegmentToolTests {
    @Test("the same bytes with 1, 3 or 8 segment encoders at once and pinned to one core")
    func sameBytesEverywhere() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("long.json", segmentedScene)
        let inherited = ProcessInfo.processInfo.environment
        var files: [Data] = []
        for atOnce in ["1", "3", "8"] {
            let out = scratch.path("at-\(atOnce).mp4")
            let run = try Tool.run(["render", scene, "-o", out, "-q", "--keyint", "1"],
                                   environment: inherited.merging(["FLIPBOOK_SEGMENT_ENCODERS": atOnce]) { $1 })
            #expect(run.status == 0, "stderr: \(run.error)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        let taskset = URL(fileURLWithPath: "/usr/bin/taskset")
        if FileManager.default.isExecutableFile(atPath: taskset.path) {
            let out = scratch.path("one-core.mp4")
            let run = try runProcess(taskset, ["-c", "0", Tool.executable.path, "render", scene, "-o", out, "-q", "--keyint", "1"])
            #expect(run.status == 0, "stderr: \(run.error)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(files.count >= 3)
        #expect(files.allSatisfy { $0 == files[0] })
        #expect(!scratch.contents.contains { $0.contains("partial") })
        let clip = try decodeClip(scratch.file("at-3.mp4"))
        #expect(clip.frameCount == 60)
        #expect(clip.frameTimes.enumerated().allSatisfy { abs($0.element - Double($0.offset) / 10) < 1e-9 })
    }

    @Test("--cache: the summary counts the segments reused, a short clip's one included; an output it cannot hold says so")
    func cacheSummary() throws {
        let scratch = try TemporaryDirectory.cli()
        let short = try scratch.write("short.json", smallScene)
        let long = try scratch.write("long.json", segmentedScene)
        let cache = scratch.path("cache")
        func render(_ scene: String, _ output: String, _ extra: [String] = []) throws -> String {
            let run = try Tool.run(["render", scene, "-o", scratch.path(output), "--cache", cache] + extra)
            #expect(run.status == 0, "stderr: \(run.error)")
            return run.output
        }
        #expect(try render(short, "a.mp4").contains("Cache: 0 of 1 segment reused from \(cache)."))
        #expect(try render(short, "b.mp4").contains("Cache: 1 of 1 segment reused from \(cache)."))
        #expect(try Data(contentsOf: scratch.file("a.mp4")) == Data(contentsOf: scratch.file("b.mp4")))
        #expect(try render(long, "c.mp4", ["--keyint", "1"]).contains("Cache: 0 of 3 segments reused from \(cache)."))
        #expect(try render(long, "d.mp4", ["--keyint", "1"]).contains("Cache: 3 of 3 segments reused from \(cache)."))
        let note = "Cache: \(SegmentCache.notUsedNote)"
        #expect(try render(short, "e.webm").contains(note))
        let plan = try Tool.run(["render", short, "-o", scratch.path("f.webm"), "--cache", cache, "--dry-run"])
        #expect(plan.output.contains(SegmentCache.notUsedNote), "\(plan.output)")
        let cached = try Tool.run(["render", short, "-o", scratch.path("g.mp4"), "--cache", cache, "--dry-run"])
        #expect(cached.output.contains("\(cache), at most 4G"), "\(cached.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasSuffix(".segment") }.count == 4)
    }

    @Test("a --cache naming a file is refused before planning ends; one that cannot be made stops the render before a frame")
    func unusableCache() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("short.json", smallScene)
        let file = try scratch.write("notes.txt", "not a folder")
        let onFile = try Tool.run(["render", scene, "-o", scratch.path("a.mp4"), "--cache", file])
        #expect(onFile.status == 2 && onFile.error == "error: --cache must be a folder; \(file) is a file.\n", "\(onFile.error)")
        let inside = file + "/cache"
        let unmade = try Tool.run(["render", scene, "-o", scratch.path("b.mp4"), "--cache", inside])
        #expect(unmade.status == 1)
        #expect(unmade.error.hasPrefix("error: Cannot make the cache folder \(inside): "), "\(unmade.error)")
        #expect(!unmade.output.contains("Wrote") && !unmade.error.contains("frames ("), "nothing drawn: \(unmade.error)")
        #expect(scratch.contents == ["notes.txt", "short.json"])
    }

    @Test("--dry-run prints the segments; --memory-budget takes bytes with a binary suffix")
    func planAndBudget() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("long.json", segmentedScene)
        let plan = try Tool.run(["render", scene, "-o", scratch.path("x.mp4"), "--keyint", "1", "--dry-run", "--memory-budget", "2G"])
        #expect(plan.status == 0, "stderr: \(plan.error)")
        #expect(plan.output.contains("segments"), "\(plan.output)")
        #expect(plan.output.contains("3 of 20 frames"), "\(plan.output)")
        let json = try Tool.run(["render", scene, "-o", scratch.path("x.mp4"), "--keyint", "1", "--dry-run", "--json"])
        #expect(json.output.contains("\"segments\" : 3"), "\(json.output)")
        let bad = try Tool.run(["render", scene, "-o", scratch.path("x.mp4"), "--memory-budget", "lots"])
        #expect(bad.status == 2)
    }
}
