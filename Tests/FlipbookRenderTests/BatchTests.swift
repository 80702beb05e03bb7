import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Batch files")
struct BatchFileTests {
    func decode(_ json: String) throws -> BatchFile {
        try BatchFile(decoding: Data(json.utf8), source: "jobs.json")
    }

    @Test("an unknown key is an error with a suggestion and the known keys")
    func unknownKey() throws {
        let error = #expect(throws: FlipbookError.self) {
            try decode(#"{"jobs": [{"scene": "confetti", "output": "a.png"}, {"scene": "confetti", "output": "b.png", "sede": 3}]}"#)
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.location.keyPath == "jobs[1].sede")
        #expect(error?.location.file == "jobs.json")
        #expect(error?.description == "jobs.json: jobs[1].sede is not a key of a batch job. Did you mean 'seed'? Known keys: "
                + BatchJob.keys.joined(separator: ", ") + ".")
    }

    @Test("frame rates are read as numbers or ratios", arguments: [
        ("29.97", FrameRate(30000, 1001)), ("\"30000/1001\"", FrameRate(30000, 1001)), ("24", FrameRate(24)),
    ])
    func frameRates(text: String, rate: FrameRate) throws {
        let batch = try decode(#"{"jobs": [{"scene": "confetti", "output": "a.mp4", "fps": \#(text)}]}"#)
        #expect(batch.jobs[0].request.scene.fps == rate)
    }

    @Test("a job chooses its colour scheme as a scene file does")
    func colorScheme() throws {
        let batch = try decode(#"{"jobs": [{"scene": "confetti", "output": "a.png", "colorScheme": "dark"}]}"#)
        #expect(batch.jobs[0].request.scene.colorScheme == .dark)
        let error = #expect(throws: FlipbookError.self) {
            try decode(#"{"jobs": [{"scene": "confetti", "output": "a.png", "colorScheme": "dim"}]}"#)
        }
        #expect(error?.message == #"jobs[0].colorScheme must be one of light, dark; it is "dim"."#)
    }

    @Test("a value of the wrong type names its key path", arguments: [
        (#""crf": "high""#, "jobs[0].crf must be a whole number; it is a string."),
        (#""crf": 1e300"#, "jobs[0].crf must be a whole number from \(Int.min) to \(Int.max); it is 1e+300."),
        (#""fps": "fast""#, "jobs[0].fps \(FrameRate.requirement); it is \"fast\"."),
        (#""size": "big""#, "jobs[0].size must be WIDTHxHEIGHT in pixels, e.g. \"1080x1920\"; it is \"big\"."),
    ])
    func wrongTypes(field: String, message: String) throws {
        let error = #expect(throws: FlipbookError.self) {
            try decode(#"{"jobs": [{"scene": "confetti", "output": "a.mp4", \#(field)}]}"#)
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == message)
    }

    /// A rate of the right form is read, and checked once, by the job's timeline: an unsupported one
    /// stops only its job, and is shown as the file wrote it.
    @Test("an unsupported frame rate is its job's error, shown as written", arguments: [
        ("29.5", "29.5"), ("0", "0"), ("\"24000/1002\"", "\"24000/1002\""),
    ])
    func unsupportedRateStopsItsJob(text: String, shown: String) throws {
        let batch = try decode(#"{"jobs": [{"scene": "confetti", "output": "a.mp4", "fps": \#(text)}]}"#)
        let result = runJob(batch.jobs[0], index: 0, baseDirectory: batch.baseDirectory)
        #expect(result.status == .invalid)
        #expect(result.error?.message == "jobs[0].fps \(FrameRate.requirement); it is \(shown).")
    }

    @Test("broken JSON is reported by line and column")
    func brokenJSON() throws {
        let error = #expect(throws: FlipbookError.self) { try decode("{\"jobs\": [\n  {\"scene\": \"confetti\" ]\n}") }
        #expect(error?.kind == .invalidInput)
        #expect(error?.description.hasPrefix("jobs.json:2:") == true, "\(String(describing: error))")
    }

    @Test("a directory or a device is not read as a batch file")
    func notARegularFile() throws {
        let scratch = try TemporaryDirectory("batch")
        let directory = #expect(throws: FlipbookError.self) { try BatchFile.load(from: scratch.url) }
        #expect(directory?.kind == .file)
        #expect(directory?.message == "\(scratch.url.path) is a directory, not a batch file.")
        let device = #expect(throws: FlipbookError.self) { try BatchFile.load(from: URL(fileURLWithPath: "/dev/zero")) }
        #expect(device?.kind == .file)
        #expect(device?.message == "Cannot read the batch file /dev/zero: it is not a regular file (it is a character device).")
    }
}

@Suite("Running a batch")
struct BatchRunTests {
    @Test("a bad value stops only its own job; the others run and the report says which is which")
    func oneBadJob() throws {
        let scratch = try TemporaryDirectory("batch")
        let path = try scratch.write("jobs.json", """
            {"jobs": [
              {"name": "still", "scene": "confetti", "output": "a.png", "size": "60x100", "time": 0.5},
              {"name": "clip", "scene": "confetti", "output": "b.mp4", "size": "64x64", "duration": 0.2, "fps": 29.97,
               "preset": "ultrafast"},
              {"name": "bad crf", "scene": "confetti", "output": "c.mp4", "crf": 60},
              {"name": "late", "scene": "confetti", "output": "d.png", "time": 9},
              {"name": "missing", "scene": "missing.json", "output": "e.png"}
            ]}
            """)
        let batch = try BatchFile.load(from: URL(fileURLWithPath: path))
        let report = runBatch(batch, concurrentJobs: 2)
        #expect(report.results.map(\.status) == [.succeeded, .succeeded, .invalid, .invalid, .failed])
        #expect(report.results[1].frames == 6)
        #expect(report.results[2].error?.message == "jobs[2].crf must be between 0 and 51 for H.264; it is 60. CRF ranges: h264, hevc 0...51; vp9, av1 0...63.")
        #expect(report.results[3].error?.message == "jobs[3].time 9 is past the end of the 3 s clip (last frame at 2.983 s).")
        #expect(report.results[4].error?.kind == .file)
        #expect(report.results[4].error?.message.contains("missing.json: there is no such file") == true)
        #expect(report.failureKind == .invalidInput)
        #expect(report.wallTime > 0)
        #expect(scratch.contents == ["a.png", "b.mp4", "jobs.json"])
        let clip = try probeMP4(scratch.file("b.mp4"))
        #expect(clip.frames == 6 && clip.width == 64 && clip.height == 64)
    }

    @Test("a cancelled batch starts no job and writes nothing")
    func cancelled() throws {
        let scratch = try TemporaryDirectory("batch")
        let batch = BatchFile(
            jobs: [BatchJob(request: RenderRequest(scene: SceneRequest(scene: "confetti"), output: "a.png"))], baseDirectory: scratch.url)
        let cancellation = RenderCancellation()
        cancellation.cancel(.signal(SIGINT))
        let report = runBatch(batch, cancellation: cancellation)
        #expect(report.results.map(\.status) == [.notRun])
        #expect(report.failureKind == .interrupted)
        #expect(scratch.contents.isEmpty)
    }
}

@Suite("Partial file registry")
struct PartialFileRegistryTests {
    @Test("a live partial file is listed until it is discarded; the destination is never touched")
    func listing() throws {
        let scratch = try TemporaryDirectory("registry")
        let destination = scratch.file("out.mp4")
        try Data("old".utf8).write(to: destination)
        let registry = PartialFileRegistry()
        let file = try PartialOutputFile(destination: destination, what: "MP4", registry: registry)
        try Data("new".utf8).write(to: file.temporary)
        #expect(registry.unfinishedDestinations == [destination.standardizedFileURL])
        file.discard()
        #expect(registry.unfinishedDestinations.isEmpty)
        #expect(scratch.contents == ["out.mp4"])
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
    }

    @Test("an interruption removes live partial files, refuses their commit and any new one")
    func interruption() throws {
        let scratch = try TemporaryDirectory("registry")
        let destination = scratch.file("out.mp4"), finished = scratch.file("done.png")
        try Data("old".utf8).write(to: destination)
        let registry = PartialFileRegistry()
        let done = try PartialOutputFile(destination: finished, what: "PNG", registry: registry)
        try Data("png".utf8).write(to: done.temporary)
        try done.commit(what: "PNG")
        let file = try PartialOutputFile(destination: destination, what: "MP4", registry: registry)
        try Data("new".utf8).write(to: file.temporary)

        let late = try PartialOutputFile(destination: scratch.file("late.png"), what: "PNG", registry: registry)
        try Data("late".utf8).write(to: late.temporary)

        registry.beginInterruption()
        // Finished after the signal: removed, not committed.
        let lateCommit = #expect(throws: FlipbookError.self) { try late.commit(what: "PNG") }
        #expect(lateCommit?.kind == .interrupted)
        let refused = #expect(throws: FlipbookError.self) {
            try PartialOutputFile(destination: scratch.file("later.mp4"), what: "MP4", registry: registry)
        }
        #expect(refused?.kind == .interrupted)
        #expect(registry.removeUnfinishedFiles() == [scratch.file("late.png").standardizedFileURL, destination.standardizedFileURL])
        #expect(scratch.contents == ["done.png", "out.mp4"])
        let commit = #expect(throws: FlipbookError.self) { try file.commit(what: "MP4") }
        #expect(commit?.kind == .interrupted)
        #expect(commit?.message == "Cannot write MP4 to \(destination.standardizedFileURL.path): interrupted.")
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(try Data(contentsOf: finished) == Data("png".utf8))
    }
}
