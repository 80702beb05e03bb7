import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A moving rectangle at 60 fps: a GIF of it is written at 30 fps, every second drawn frame.
private func sixtyFPSTimeline(duration: TimeInterval = 0.5, background: Color? = nil,
                              blur: MotionBlur? = nil) throws -> Timeline {
    var timeline = try movingRectTimeline(width: 96, height: 64, fps: 60, duration: duration, background: background)
    timeline.motionBlur = blur
    try timeline.validate()
    return timeline
}

/// Renders `names` together into one directory and each alone into another, and expects the same bytes.
private func expectSameBytesAsAlone(_ timeline: Timeline, _ names: [String], options: VideoOptions = VideoOptions(),
                                    workers: Int? = nil) throws -> [RenderReport] {
    let together = try TemporaryDirectory("together"), alone = try TemporaryDirectory("alone")
    let reports = try render(timeline, to: names.map(together.file), options: options, workers: workers)
    #expect(reports.map(\.url.lastPathComponent) == names)
    for name in names { try render(timeline, to: alone.file(name), options: options, workers: workers) }
    // Every file (each PNG of a sequence too), byte for byte.
    #expect(together.contents == alone.contents)
    #expect(together.contents.count >= names.count)
    for name in alone.contents {
        let shared = try Data(contentsOf: together.file(name)), single = try Data(contentsOf: alone.file(name))
        #expect(!shared.isEmpty)
        #expect(shared == single, "\(name): \(shared.count) bytes drawn with the others, \(single.count) alone")
    }
    #expect(together.partialFiles.isEmpty)
    return reports
}

@Suite("Several outputs from one drawing")
struct SeveralOutputsTests {
    @Test("MP4, WebM with alpha and GIF rendered together are each the bytes of rendering it alone")
    func threeFormats() throws {
        let reports = try expectSameBytesAsAlone(try sixtyFPSTimeline(), ["a.mp4", "b.webm", "c.gif"])
        #expect(reports.map(\.frameCount) == [30, 30, 15])
        #expect(reports.map { $0.format?.pixelFormat } == [.yuv420p, .yuva420p, .pal8])
        #expect(reports[2].timingNote?.hasPrefix("The 60 fps timeline is written at 30 fps, every second frame") == true)
    }

    @Test("outputs with the same layout share one conversion, PNG sequences keep their names, workers do not matter")
    func sharedLayouts() throws {
        let timeline = try sixtyFPSTimeline(background: .white)
        for workers in [1, 3] {
            _ = try expectSameBytesAsAlone(timeline, ["a.mp4", "b.mkv", "f-%03d.png"], workers: workers)
        }
    }

    @Test("a blurred GIF at a lower rate is drawn on its own, and still matches")
    func blurredGIF() throws {
        let timeline = try sixtyFPSTimeline(blur: MotionBlur(shutter: 180, samples: 2))
        let reports = try expectSameBytesAsAlone(timeline, ["b.webm", "c.gif"])
        #expect(reports.map(\.frameCount) == [30, 15])
    }

    @Test("an H.264 clip long enough for segments is encoded in segments, as alone")
    func segmented() throws {
        let timeline = try movingRectTimeline(width: 64, height: 48, fps: 30, duration: 4)
        var options = VideoOptions()
        options.keyframeInterval = 0.5
        let reports = try expectSameBytesAsAlone(timeline, ["a.mp4", "b.webm"], options: options)
        #expect(reports[0].segments?.layout.count == 2)
        #expect(reports[1].segments == nil)
    }

    /// A confetti burst at 0.2 s with its pop, `duration` seconds, 64×48 at 30 fps.
    static func poppingTimeline(duration: Double) throws -> Timeline {
        let directory = try TemporaryDirectory("sound")
        let scene = directory.file("scene.json")
        try Data("""
            {"size": [64, 48], "scale": 1, "fps": 30, "duration": \(duration), "background": "white", "layers": [
              {"scene": "confetti", "bursts": [{"time": 0.2}], "sound": {"name": "pop", "seed": 4}}
            ]}
            """.utf8).write(to: scene)
        return try SceneFile.load(from: scene).makeTimeline()
    }

    @Test("outputs with sound carry it as alone: MP4 and WebM each with their codec, the GIF without")
    func sound() throws {
        let reports = try expectSameBytesAsAlone(try Self.poppingTimeline(duration: 1), ["a.mp4", "b.webm", "c.gif"])
        #expect(reports[0].audioNote?.hasPrefix("AAC") == true, "\(String(describing: reports[0].audioNote))")
        #expect(reports[1].audioNote?.hasPrefix("Opus") == true, "\(String(describing: reports[1].audioNote))")
        #expect(reports[2].audioNote == "left out: GIF carries no audio")
    }

    @Test("an H.264 clip with sound long enough for segments is encoded in segments, as alone")
    func segmentedWithSound() throws {
        var options = VideoOptions()
        options.keyframeInterval = 0.5
        let reports = try expectSameBytesAsAlone(try Self.poppingTimeline(duration: 4), ["a.mp4", "b.webm"], options: options)
        #expect(reports[0].segments?.layout.count == 2)
        #expect(reports[0].audioNote?.hasPrefix("AAC") == true, "\(String(describing: reports[0].audioNote))")
        #expect(reports[1].segments == nil)
    }

    @Test("a frame that fails stops every output: no file written, earlier files untouched, no .partial file")
    func failureStopsAll() throws {
        let scratch = try TemporaryDirectory("fail")
        let names = ["a.mp4", "b.webm", "c.gif"]
        for name in names { try Data("earlier \(name)".utf8).write(to: scratch.file(name)) }
        let timeline = try Timeline(size: CGSize(width: 64, height: 48), fps: 30, duration: 1, background: .white,
                                    layers: [Timeline.Layer(BreaksLater(badFrom: 0.5))])
        let url = scratch.file("a.mp4")
        let error = expectFlipbookError { try render(timeline, to: names.map(scratch.file), workers: 2) }
        #expect(error?.message.hasPrefix("Cannot render \(url.path): drawing frame 15 (t = 0.5 s) failed:") == true,
                "\(String(describing: error))")
        for name in names { #expect(try Data(contentsOf: scratch.file(name)) == Data("earlier \(name)".utf8)) }
        #expect(scratch.contents == names)
    }

    @Test("outputs finished before a later pass fails are never published")
    func laterPassFails() throws {
        let scratch = try TemporaryDirectory("later")
        let names = ["b.webm", "c.gif"]
        for name in names { try Data("earlier \(name)".utf8).write(to: scratch.file(name)) }
        // The blurred GIF is drawn after the WebM has finished; stop it half-way.
        let timeline = try sixtyFPSTimeline(blur: MotionBlur(shutter: 180, samples: 2))
        let stop = RenderCancellation()
        var passes: Set<Int> = []
        let error = expectFlipbookError {
            try render(timeline, to: names.map(scratch.file), cancellation: stop) { progress in
                passes.insert(progress.totalFrames)
                if progress.totalFrames == 15, progress.framesEncoded == 5 { stop.cancel(.cancelled) }
            }
        }
        #expect(passes == [30, 15])
        #expect(error?.kind == .interrupted)
        for name in names { #expect(try Data(contentsOf: scratch.file(name)) == Data("earlier \(name)".utf8)) }
        #expect(scratch.contents == names)
    }

    @Test("a file named twice, or no file at all, is refused before anything is drawn")
    func refused() throws {
        let scratch = try TemporaryDirectory("refused")
        let timeline = try sixtyFPSTimeline(background: .white)
        let twice = expectFlipbookError {
            try render(timeline, to: [scratch.file("a.mp4"), scratch.file("b.gif"), URL(fileURLWithPath: scratch.path("./a.mp4"))])
        }
        #expect(twice?.message == "outputs names \(scratch.path("a.mp4")) twice; each output needs a file of its own.")
        #expect(twice?.kind == .invalidInput)
        let none = expectFlipbookError { try render(timeline, to: [URL]()) }
        #expect(none?.message == "outputs must list at least one output; it is empty.")
        let codec = expectFlipbookError {
            var options = VideoOptions()
            options.crf = 18
            try render(timeline, to: [scratch.file("a.mp4"), scratch.file("b.gif")], options: options)
        }
        #expect(codec?.message == "crf is set (18) but GIF has no crf; codecs with one: h264, hevc, vp9, av1.")
        #expect(scratch.contents.isEmpty)
    }

    @Test("a batch job's \"outputs\" are drawn together and match single jobs; a still among them is refused")
    func batch() throws {
        let scratch = try TemporaryDirectory("batch")
        let common = "\"scene\": \"confetti\", \"size\": \"64x48\", \"duration\": 0.3, \"seed\": 4"
        let file = """
            {"jobs": [
              {\(common), "outputs": ["t/a.mp4", "t/b.webm", "t/c.gif"]},
              {\(common), "output": "s/a.mp4"}, {\(common), "output": "s/b.webm"}, {\(common), "output": "s/c.gif"},
              {\(common), "outputs": ["x.mp4", "x.png"]}
            ]}
            """
        for folder in ["t", "s"] { try FileManager.default.createDirectory(at: scratch.file(folder), withIntermediateDirectories: true) }
        let batch = try BatchFile(decoding: Data(file.utf8), source: "jobs.json",
                                  baseDirectory: scratch.file("jobs.json").deletingLastPathComponent())
        #expect(batch.jobs[0].label(index: 0) == "#1 a.mp4 +2")
        let report = runBatch(batch)
        for result in report.results where result.status == .failed { Issue.record("\(result.error?.message ?? "")") }
        #expect(report.results.map(\.status) == [.succeeded, .succeeded, .succeeded, .succeeded, .invalid])
        for name in ["a.mp4", "b.webm", "c.gif"] {
            #expect(try Data(contentsOf: scratch.file("t/\(name)")) == Data(contentsOf: scratch.file("s/\(name)")), "\(name)")
        }
        #expect(report.results[4].error?.message
            == "jobs[4].outputs[1] is a still (\"x.png\"); outputs drawn together are clips: write a still in a job of its own.")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.mp4")))
    }

    @Test("a batch file's \"outputs\" must be a list of strings, not empty, and not beside \"output\"")
    func batchShape() throws {
        func error(_ job: String) -> String? {
            do {
                _ = try BatchFile(decoding: Data("{\"jobs\": [{\"scene\": \"confetti\", \(job)}]}".utf8), source: "b.json")
                return "accepted"
            } catch {
                return (error as? FlipbookError)?.message
            }
        }
        #expect(error("\"outputs\": []") == "jobs[0].outputs must list at least one output; it is empty.")
        #expect(error("\"outputs\": [\"a.mp4\", 3]") == "jobs[0].outputs[1] must be a string; it is the number 3.")
        #expect(error("\"output\": \"a.mp4\", \"outputs\": [\"b.mp4\"]")
            == "jobs[0].outputs and \"output\" both name the files to write; give one of them.")
        #expect(error("\"outputs\": [\"a.mp4\", \"b.webm\"]") == "accepted")
    }
}
