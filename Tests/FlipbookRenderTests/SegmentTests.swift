import CFFmpeg
import Flipbook
import FlipbookRender
import FlipbookTestSupport
import FlipbookVideo
import Foundation
import Testing

/// 8 s at 30 fps, 240 frames: four segments of 60 frames at the default segment length with a
/// keyframe every second (``keyframeEverySecond``).
private func segmentedTimeline(background: Color? = .white) throws -> Timeline {
    try movingRectTimeline(width: 160, height: 90, fps: 30, duration: 8, background: background)
}

/// A GOP of 30 frames at 30 fps: segments of two GOPs, 60 frames.
private let keyframeEverySecond: VideoOptions = {
    var options = VideoOptions()
    options.keyframeInterval = 1
    return options
}()

private func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

/// The files in `directory` whose names end in `.partial`.
private func partialFiles(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".partial") || $0.contains(".partial") }
}

@Suite("Segments")
struct SegmentTests {
    @Test("the cuts depend on the clip and its settings only, cover every frame once, and a short clip is one segment")
    func layout() throws {
        let mp4 = try OutputFormat(container: .mp4, options: VideoOptions())
        let options = VideoOptions()
        let fps = FrameRate(60)
        // Segments are whole GOPs, x264's 250 frames unless a keyframe interval is given.
        // Shorter than two segment lengths: one segment, encoded as before segments existed.
        let short = SegmentLayout(frameCount: 499, fps: fps, format: mp4, options: options)
        #expect(short.count == 1)
        #expect(short.segments[0].frames == 0...498 && short.segments[0].encodedFrames == 0...498)
        for frameCount in [500, 600, 1799, 2500] {
            let layout = SegmentLayout(frameCount: frameCount, fps: fps, format: mp4, options: options)
            #expect(layout.count == frameCount / 250)
            #expect(layout.segments.flatMap { Array($0.frames) } == Array(0..<frameCount))
            for segment in layout.segments {
                #expect(segment.frames.lowerBound % 250 == 0, "\(segment.frames) starts a GOP")
                #expect(segment.encodedFrames.lowerBound <= segment.frames.lowerBound)
                #expect(segment.encodedFrames.upperBound >= segment.frames.upperBound)
            }
            // The same on any machine: nothing in it reads the cores or the memory.
            #expect(layout == SegmentLayout(frameCount: frameCount, fps: fps, format: mp4, options: options))
        }
        // With a keyframe every second, segments of two GOPs (2 s): 600 frames make five.
        var everySecond = options
        everySecond.keyframeInterval = 1
        let five = SegmentLayout(frameCount: 600, fps: fps, format: mp4, options: everySecond)
        #expect(five.segments.map(\.frames) == [0...119, 120...239, 240...359, 360...479, 480...599])
        // Codecs other than H.264 are one encode.
        let vp9 = try OutputFormat(container: .webm, options: VideoOptions())
        #expect(SegmentLayout(frameCount: 600, fps: fps, format: vp9, options: options).count == 1)
    }

    @Test("how many run at once follows the cores and the memory budget, never the cuts")
    func encodersAtOnce() {
        let at1080 = SegmentEncoders.estimatedEncoderBytes(width: 1920, height: 1080, lookahead: 40)
        #expect(at1080 > 350_000_000 && at1080 < 450_000_000)
        let many = SegmentEncoders(segments: 10, width: 1920, height: 1080, lookahead: 40, workers: nil,
                                   memoryBudget: 64 << 30, cores: 64)
        #expect(many.atOnce == 10)
        let tight = SegmentEncoders(segments: 10, width: 1920, height: 1080, lookahead: 40, workers: nil,
                                    memoryBudget: 1 << 30, cores: 64)
        #expect(tight.atOnce == 2)
        let small = SegmentEncoders(segments: 10, width: 1920, height: 1080, lookahead: 40, workers: nil,
                                    memoryBudget: 1, cores: 2)
        #expect(small.atOnce == 1 && small.workersEach == 2)
    }

    @Test("the same bytes whether 1, 2, 3 or 8 segments are encoded at once")
    func sameBytesAtAnyConcurrency() throws {
        let scratch = try TemporaryDirectory("segments")
        let timeline = try segmentedTimeline()
        var files: [Data] = []
        for atOnce in [1, 2, 3, 8] {
            let url = scratch.file("at-\(atOnce).mp4")
            let report = try render(timeline, to: url, options: keyframeEverySecond, segmenting: Segmenting(atOnce: atOnce), workers: 2)
            #expect(report.segments?.layout.count == 4)
            #expect(report.segments?.atOnce == min(atOnce, 4))
            #expect(report.segments?.timings.count == 4)
            files.append(try bytes(url))
        }
        #expect(files.allSatisfy { $0 == files[0] })
        #expect(try partialFiles(in: scratch.url).isEmpty)
    }

    @Test("segments one after another draw each frame once, the next starting with the frames past the last one's end")
    func oneAtATimeDrawsEachFrameOnce() throws {
        let scratch = try TemporaryDirectory("segments")
        let once = DrawnTimes(), twice = DrawnTimes()
        let options = keyframeEverySecond
        func timeline(_ times: DrawnTimes) throws -> Timeline {
            try Timeline(size: CGSize(width: 160, height: 90), fps: 30, duration: 8, background: .white,
                         layers: [Timeline.Layer(MovingRect()), Timeline.Layer(times)])
        }
        let handed = try render(timeline(once), to: scratch.file("handed.mp4"), options: options,
                                segmenting: Segmenting(atOnce: 1), workers: 2)
        // A budget of one encoder leaves nothing spare for the frames past a segment's end.
        let oneEncoder = SegmentEncoders.estimatedEncoderBytes(width: 160, height: 90, lookahead: options.resolvedLookahead)
        let drawnAgain = try render(timeline(twice), to: scratch.file("again.mp4"), options: options,
                                    segmenting: Segmenting(memoryBudget: oneEncoder, atOnce: 1), workers: 2)
        let layout = try #require(handed.segments?.layout)
        #expect(layout.count == 4 && drawnAgain.segments?.atOnce == 1)
        #expect(once.counts == Array(repeating: 1, count: 240))
        // Without the spare memory, each cut's lookahead frames (44 at medium) are drawn by both segments.
        let overlaps: [Int] = zip(layout.segments, layout.segments.dropFirst()).map { pair in
            pair.0.encodedFrames.upperBound - pair.1.encodedFrames.lowerBound + 1
        }
        #expect(overlaps == [44, 44, 44])
        let drawnInAll = twice.counts.reduce(0, +)
        #expect(drawnInAll == 240 + 3 * 44)
        #expect(try bytes(scratch.file("handed.mp4")) == bytes(scratch.file("again.mp4")))
    }

    @Test("the joined segments hold every frame once, at its own time, with decoding times that run on")
    func continuousTimestamps() throws {
        let scratch = try TemporaryDirectory("segments")
        let timeline = try segmentedTimeline()
        let url = scratch.file("joined.mp4")
        let report = try render(timeline, to: url, options: keyframeEverySecond, segmenting: Segmenting(atOnce: 3), workers: 2)
        // The level is signalled as one encode's is, in the one header the segments share.
        let level = try #require(report.level)
        #expect(try probePackets(url).level == Int32(((Double(level) ?? 0) * 10).rounded()))
        let clip = try decodeClip(url)
        #expect(clip.frameCount == 240)
        let expected = (0..<240).map { Double($0) / 30 }
        #expect(zip(clip.frameTimes, expected).allSatisfy { abs($0 - $1) < 1e-6 })
        let stream = try probePackets(url)
        #expect(stream.packets.count == 240)
        let decodeTimes = stream.packets.map(\.decodeTime)
        #expect(zip(decodeTimes, decodeTimes.dropFirst()).allSatisfy { abs($1 - $0 - 1.0 / 30) < 1e-6 })
        #expect(zip(stream.packets.map(\.time), decodeTimes).allSatisfy { $0 >= $1 })
        // Each segment starts on a keyframe.
        let keyframeTimes = Set(stream.packets.filter(\.isKeyframe).map { Int(($0.time * 30).rounded()) })
        #expect(keyframeTimes.isSuperset(of: [0, 60, 120, 180]))
        // The picture is the scene's: the same frames as one encode, up to the codec's loss.
        let single = scratch.file("single.mp4")
        try render(timeline, to: single, options: keyframeEverySecond, segmenting: Segmenting(rules: .init(segmentSeconds: 100)), workers: 2)
        let one = try decodeClip(single)
        #expect(one.frameCount == 240)
        for index in [0, 59, 60, 61, 179, 180, 239] {
            let a = clip.frames[index].pixel(60, 40), b = one.frames[index].pixel(60, 40)
            #expect(abs(a.r - b.r) < 24 && abs(a.g - b.g) < 24 && abs(a.b - b.b) < 24, "frame \(index)")
        }
    }

    @Test("the ffmpeg command decodes the joined file without an error, every frame")
    func ffmpegDecodes() throws {
        let ffmpeg = "/usr/bin/ffmpeg", ffprobe = "/usr/bin/ffprobe"
        guard FileManager.default.isExecutableFile(atPath: ffmpeg), FileManager.default.isExecutableFile(atPath: ffprobe)
        else { return }
        let scratch = try TemporaryDirectory("segments")
        let url = scratch.file("joined.mp4")
        try render(try segmentedTimeline(), to: url, options: keyframeEverySecond, segmenting: Segmenting(atOnce: 2), workers: 2)
        let decode = try runProcess(URL(fileURLWithPath: ffmpeg), ["-v", "error", "-i", url.path, "-f", "null", "-"])
        #expect(decode.status == 0)
        #expect(decode.error.isEmpty, "\(decode.error)")
        let count = try runProcess(URL(fileURLWithPath: ffprobe), [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
            "-of", "csv=p=0", url.path,
        ])
        #expect(count.output.trimmingCharacters(in: .whitespacesAndNewlines) == "240")
    }

    @Test("a segment that fails leaves no file and no partial file, and names its frame")
    func failureCleansUp() throws {
        let scratch = try TemporaryDirectory("segments")
        let timeline = try Timeline(size: CGSize(width: 64, height: 48), fps: 30, duration: 8, background: .white,
                                    layers: [Timeline.Layer(BreaksLater(badFrom: 5))])
        let url = scratch.file("broken.mp4")
        #expect(throws: FlipbookError.self) {
            try render(timeline, to: url, options: keyframeEverySecond, segmenting: Segmenting(atOnce: 4), workers: 2)
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(try partialFiles(in: scratch.url).isEmpty)
        do {
            try render(timeline, to: url, options: keyframeEverySecond, segmenting: Segmenting(atOnce: 4), workers: 2)
        } catch let error as FlipbookError {
            // Segments draw at once, so the first to fail names its own first bad frame: 150 (t = 5 s,
            // where the layer breaks) in the segment holding it, or the first frame of a later
            // segment, which starts on its keyframe.
            let named = error.message.firstMatch(of: /drawing frame (\d+) \(t = (\d+) s\)/)
            let frame = named.flatMap { Int($0.1) }, seconds = named.flatMap { Int($0.2) }
            #expect(frame.map { [150, 180].contains($0) } == true, "\(error.message)")
            #expect(frame.flatMap { frame in seconds.map { frame == $0 * 30 } } == true, "\(error.message)")
        }
    }

    @Test("a clip in segments over x264's level signals the higher level it fits, in the header the segments share")
    func segmentsFitTheirLevel() throws {
        let scratch = try TemporaryDirectory("segments")
        let timeline = try Timeline(size: CGSize(width: 160, height: 90), fps: 30, duration: 8, background: .white,
                                    layers: [Timeline.Layer(Snow())])
        let url = scratch.file("snow.mp4")
        let report = try render(timeline, to: url, options: keyframeEverySecond, segmenting: Segmenting(atOnce: 2), workers: 2)
        #expect(report.segments?.layout.count == 4)
        let stream = try probePackets(url)
        let signalled = try #require(SignalledH264Level(avcC: stream.extradata))
        // x264 signals 1.1 for 160×90 at 30 fps; the noise goes well over its 240 kb/s.
        #expect(signalled.spsLevel > 11 && signalled.avcLevel == signalled.spsLevel)
        #expect(report.level == "\(signalled.spsLevel / 10).\(signalled.spsLevel % 10)")
        #expect(try decodeClip(url).frameCount == 240)
    }

    @Test("memory amounts read with binary suffixes")
    func memoryAmounts() {
        #expect(MemoryAmount.bytes("8G") == 8 << 30)
        #expect(MemoryAmount.bytes("512m") == 512 << 20)
        #expect(MemoryAmount.bytes("1.5GiB") == 3 << 29)
        #expect(MemoryAmount.bytes("4096") == 4096)
        #expect(MemoryAmount.bytes("lots") == nil && MemoryAmount.bytes("0") == nil && MemoryAmount.bytes("-1G") == nil)
        #expect(MemoryAmount.format(8 << 30) == "8G")
    }

    @Test("the plan lists the segments")
    func planListsSegments() throws {
        let scratch = try TemporaryDirectory("segments")
        let request = RenderRequest(scene: SceneRequest(scene: "ripples", duration: 10), output: scratch.path("r.mp4"))
        let plan = try request.plan()
        #expect(plan.listing.segments == 2)
        #expect(plan.listing.segmentFrames == ["0-249", "250-599"])
        #expect(plan.summary.contains("segments"))
    }
}

/// Draws nothing and counts how many times each frame of a 30 fps clip is drawn.
private final class DrawnTimes: Scene, @unchecked Sendable {
    // @unchecked: `drawn` is read and written only with `lock` held.
    private let lock = NSLock()
    private var drawn: [Int: Int] = [:]

    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        lock.lock()
        drawn[Int((time * 30).rounded()), default: 0] += 1
        lock.unlock()
    }

    /// How many times frames 0, 1, … were drawn, up to the last one drawn.
    var counts: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return (0...(drawn.keys.max() ?? -1)).map { drawn[$0] ?? 0 }
    }
}
