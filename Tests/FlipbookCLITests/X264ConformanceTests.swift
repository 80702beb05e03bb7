import Flipbook
import Foundation
import FlipbookTestSupport
import Synchronization
import Testing

/// The optimised `flipbook` and the `ffmpeg` command, for the tests that render the 1080p
/// benchmark workloads (`Fixtures/Benchmarks`): the debug build draws them 20–50× slower than
/// the release build. `make test` builds the release tool and sets `FLIPBOOK_RELEASE_TOOL`.
enum ReleaseTool {
    static var executable: URL? {
        guard let path = ProcessInfo.processInfo.environment["FLIPBOOK_RELEASE_TOOL"],
              FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return URL(fileURLWithPath: path)
    }

    static var ffmpeg: URL? {
        ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg", "/opt/homebrew/bin/ffmpeg"].lazy
            .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static var available: Bool { executable != nil && ffmpeg != nil }

    /// Runs `program` in the package, throwing with what it printed when it does not exit 0; returns
    /// its standard output and error (ffmpeg reports on the latter).
    @discardableResult
    static func run(_ program: URL, _ arguments: [String]) throws -> String {
        let run = try runProcess(program, arguments, in: packageRoot)
        let text = run.output + run.error
        if run.status != 0 || run.reason != .exit {
            throw TestDecodeError(description: "\(program.lastPathComponent) \(arguments.joined(separator: " ")) exited \(run.status): \(text)")
        }
        return text
    }

    /// What each of `work` returns, the closures run at once; throws the first error in their order.
    static func concurrently<T: Sendable>(_ work: [@Sendable () throws -> T]) throws -> [T] {
        let results = Mutex<[Result<T, any Error>?]>(Array(repeating: nil, count: work.count))
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let result = Result { try work[index]() }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { try $0!.get() }
    }

    /// FFmpeg's PSNR ("average") of `clip` against `reference`, both decoded by the ffmpeg command.
    static func psnr(_ clip: URL, against reference: URL) throws -> Double {
        guard let ffmpeg else { throw TestDecodeError(description: "no ffmpeg") }
        let text = try run(ffmpeg, ["-hide_banner", "-i", clip.path, "-i", reference.path, "-lavfi", "psnr", "-f", "null", "-"])
        guard let range = text.range(of: #"average:[0-9.]+"#, options: .regularExpression),
              let value = Double(text[range].dropFirst("average:".count)) else {
            throw TestDecodeError(description: "no PSNR in ffmpeg's output: \(text.suffix(400))")
        }
        return value
    }
}

@Suite("H.264 on the benchmark workloads: x264's own quality, within the signalled level",
       .enabled(if: ReleaseTool.available, "needs FLIPBOOK_RELEASE_TOOL (set by make test) and the ffmpeg command"))
struct X264ConformanceTests {
    /// At CRF 20 Flipbook's encode of a workload and the ffmpeg command's encode of the same
    /// frames (taken from a lossless render, so both encoders see identical YUV samples) agree
    /// within 1 % in size and in PSNR. ffmpeg runs with its defaults but for Flipbook's fixed thread
    /// count, which changes x264's output slightly and does not depend on the machine here. B3 is
    /// taken at its busiest, its last three seconds, where every ring is drawn (`--frames`).
    @Test("size and PSNR within 1 % of the ffmpeg command's encode of the same frames",
          arguments: [("B1-seed", [String]()), ("B3-ripples", ["--frames", "420-599"])])
    func parity(_ workload: String, _ frames: [String]) throws {
        let tool = try #require(ReleaseTool.executable), ffmpeg = try #require(ReleaseTool.ffmpeg)
        let scratch = try TemporaryDirectory("x264-parity")
        let scene = "Fixtures/Benchmarks/\(workload).json"
        let ours = scratch.url.appendingPathComponent("flipbook.mp4")
        let lossless = scratch.url.appendingPathComponent("lossless.mp4")
        let theirs = scratch.url.appendingPathComponent("ffmpeg.mp4")
        // The steps that do not wait for each other run side by side: this test is the suite's longest.
        _ = try ReleaseTool.concurrently([{ @Sendable in try ReleaseTool.run(tool, ["render", scene, "-o", ours.path] + frames) }, { @Sendable in
            try ReleaseTool.run(tool, ["render", scene, "--crf", "0", "--preset", "ultrafast", "-o", lossless.path] + frames)
            return try ReleaseTool.run(ffmpeg, ["-v", "error", "-y", "-i", lossless.path, "-c:v", "libx264", "-preset", "medium",
                                                "-crf", "20", "-threads", String(VideoOptions.defaultEncoderThreads), theirs.path])
        }])
        let ourSize = Double(try #require(try FileManager.default.attributesOfItem(atPath: ours.path)[.size] as? Int))
        let theirSize = Double(try #require(try FileManager.default.attributesOfItem(atPath: theirs.path)[.size] as? Int))
        let psnrs = try ReleaseTool.concurrently([{ @Sendable in try ReleaseTool.psnr(ours, against: lossless) },
                                                  { @Sendable in try ReleaseTool.psnr(theirs, against: lossless) }])
        let ourPSNR = psnrs[0], theirPSNR = psnrs[1]
        #expect(abs(ourSize / theirSize - 1) <= 0.01, "size \(ourSize) against ffmpeg's \(theirSize)")
        #expect(abs(ourPSNR / theirPSNR - 1) <= 0.01, "PSNR \(ourPSNR) dB against ffmpeg's \(theirPSNR) dB")
        #expect(try probePackets(ours).packets.count == probePackets(theirs).packets.count)
    }

    /// The 10,000-particle storm runs at about 75 Mb/s at its busiest second, over High 4.2's
    /// 62.5 Mb/s: encoded once at full speed, it signals the lowest level that holds it (5.0), read
    /// back from the avcC and checked against the packets' own sizes.
    @Test("the storm signals a level whose limits its peak second meets, at most one step above what it needs")
    func stormFitsItsLevel() throws {
        let tool = try #require(ReleaseTool.executable)
        let scratch = try TemporaryDirectory("x264-level")
        let clip = scratch.url.appendingPathComponent("storm.mp4")
        let printed = try ReleaseTool.run(tool, ["render", "Fixtures/Benchmarks/B2-storm.json", "--preset", "veryfast", "-o", clip.path])
        let stream = try probePackets(clip)
        #expect(stream.profile == 100 && stream.packets.count == 300)
        #expect(stream.x264Options["vbv_maxrate"] == nil && stream.x264Options["threads"] == String(VideoOptions.defaultEncoderThreads))
        let signalled = try #require(SignalledH264Level(avcC: stream.extradata))
        #expect(signalled.avcLevel == signalled.spsLevel && Int(stream.level) == signalled.spsLevel)
        let peak = max(peakOneSecondBits(stream, framesPerSecond: 60, displayOrder: false),
                       peakOneSecondBits(stream, framesPerSecond: 60, displayOrder: true))
        #expect(peak > 62_500_000, "the storm's peak second, \(peak) bits, is over 4.2's")
        #expect(peak <= highProfileMaxBitrate(level: signalled.spsLevel) ?? 0)
        let needed = try #require(lowestHighLevel(peak: peak, width: 1920, height: 1080, fps: 60))
        #expect((0...1).contains(try #require(levelSteps(from: needed, to: signalled.spsLevel))))
        #expect(printed.contains("level \(signalled.spsLevel / 10).\(signalled.spsLevel % 10): a one-second peak of "))
        // It plays: every frame decodes, and ffprobe reads the new level.
        if let ffmpeg = ReleaseTool.ffmpeg {
            try ReleaseTool.run(ffmpeg, ["-v", "error", "-xerror", "-i", clip.path, "-f", "null", "-"])
            let ffprobe = ffmpeg.deletingLastPathComponent().appendingPathComponent("ffprobe")
            if FileManager.default.isExecutableFile(atPath: ffprobe.path) {
                let streams = try ReleaseTool.run(ffprobe, ["-v", "error", "-count_frames", "-show_streams", clip.path])
                #expect(streams.contains("\nlevel=\(signalled.spsLevel)\n") && streams.contains("\nnb_read_frames=300\n"))
            }
        }
    }

    /// `--level 4.2` holds the storm to High 4.2: no second of it, cut at any frame, in decoding or
    /// display order, carries more than 62.5 Mb.
    @Test("--level 4.2 holds the storm's peak bit rate over any one-second window under 62.5 Mb/s")
    func stormHeldToLevel() throws {
        let tool = try #require(ReleaseTool.executable)
        let scratch = try TemporaryDirectory("x264-level")
        let clip = scratch.url.appendingPathComponent("storm.mp4")
        try ReleaseTool.run(tool, ["render", "Fixtures/Benchmarks/B2-storm.json", "--preset", "veryfast", "--level", "4.2",
                                   "-o", clip.path])
        let stream = try probePackets(clip)
        #expect(stream.profile == 100)
        #expect(stream.level == 42 && SignalledH264Level(avcC: stream.extradata)?.spsLevel == 42)
        let limit = 62_500_000, fps = 60
        #expect(stream.packets.count == 300)
        for displayOrder in [false, true] {
            let peak = peakOneSecondBits(stream, framesPerSecond: fps, displayOrder: displayOrder)
            #expect(peak < limit, "a second of the storm carries \(peak) bits")
            // The cap costs the storm little: a second still carries most of what the level allows.
            #expect(peak > limit / 2)
        }
    }
}
