import Flipbook
import FlipbookTestSupport
import Foundation
import Testing
@testable import FlipbookVideo

/// Coloured squares in new places every frame: nothing for the encoder to predict.
struct Snow: Scene {
    func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
        var seed = UInt64(time * 1000) &+ 1
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<600 {
            let rect = CGRect(x: next() * size.width, y: next() * size.height, width: 3, height: 3)
            context.fill(Path(rect), with: .color(Color(red: next(), green: next(), blue: next())))
        }
    }
}

/// 160×90 at 30 fps of ``Snow``: level 1.1, whose cap it goes over.
private func snowTimeline(duration: TimeInterval = 1) throws -> Timeline {
    try Timeline(size: CGSize(width: 160, height: 90), fps: 30, duration: duration, background: .white,
                 layers: [Timeline.Layer(Snow())])
}

/// Renders `runs` times into `scratch` (`make` renders run `k` to its file and returns the report),
/// checks each report and file with `check`, and returns how many different files came out.
private func distinctRenders(
    _ runs: Int, in scratch: TemporaryDirectory, make: (Int, URL) throws -> RenderReport,
    check: (RenderReport, URL) throws -> Void
) throws -> Int {
    var files = Set<Data>()
    for run in 0..<runs {
        let url = scratch.url.appendingPathComponent("render-\(run).mp4")
        try check(try make(run, url), url)
        files.insert(try Data(contentsOf: url))
    }
    return files.count
}

/// `render` checks an asked level's cap at full speed and holds it on one thread only when the
/// stream goes over (RateCapPass): either way, a render's bytes are the same every time.
@Suite("Render: the level's bit-rate cap, reproducibly")
struct RateCapRenderTests {
    @Test("a clip that goes over the --level asked for is encoded again held to it: one x264 thread, the same bytes every time")
    func overTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let timeline = try snowTimeline()
        let options = try VideoOptions(level: "1.1")
        let files = try distinctRenders(3, in: scratch, make: { try render(timeline, to: $1, options: options) }) {
            report, url in
            // Level 1.1 at High profile: 240 kb/s, of which the cap takes 70 %.
            #expect(report.rateCapNote == "The stream went over its cap (max 168kb/s) at packet 2 (in decode order) "
                + "when encoded at full speed, so it was encoded again with the encoder's rate buffer holding it, on one thread.")
            #expect(report.encoderThreads == 1)
            let stream = try probePackets(url)
            #expect(stream.level == 11)
            #expect(stream.x264Options["vbv_maxrate"] == "168")
            #expect(stream.x264Options["threads"] == "1")
            #expect(stream.packets.count == 30)
            #expect(report.levelNote == "level 1.1: asked for, held by x264's rate buffer")
            // The held stream keeps to 1.1's 240 kb/s in any second.
            #expect(peakOneSecondBits(stream, framesPerSecond: 30, displayOrder: false) <= 240_000)
        }
        #expect(files == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).count == 3)
    }

    @Test("a chunk of a clip over its cap renders to the same bytes every time, held like the whole clip")
    func chunkOverTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let timeline = try snowTimeline(duration: 2)
        let part = try ClipPart(Chunk(2, of: 3), of: timeline)
        let files = try distinctRenders(3, in: scratch, make: { try render(timeline, part: part, to: $1, workers: $0 + 1) }) {
            report, _ in #expect(report.rateCapNote != nil && report.encoderThreads == 1)
        }
        #expect(files == 1)
    }

    @Test("within a --max-bitrate cap, H.264 is encoded once on every frame thread and signals the level the cap needs")
    func withinTheUsersCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let url = scratch.url.appendingPathComponent("snow.mp4")
        let report = try render(try snowTimeline(), to: url, options: VideoOptions(maxBitrate: 1_000_000))
        #expect(report.rateCapNote == nil && report.encoderThreads == VideoOptions.defaultEncoderThreads)
        let stream = try probePackets(url)
        // Without a cap x264 would signal 1.1 for this picture; held to 1 Mb/s it signals 2.0
        // (High 1.3 allows 960 kb/s, 2.0 allows 2.5 Mb/s), and so does the checked stream.
        #expect(stream.level == 20)
        #expect(stream.x264Options["vbv_maxrate"] == nil && stream.x264Options["threads"] == String(VideoOptions.defaultEncoderThreads))
        var check = RateBufferCheck(cap: VBV(maxBitrate: 1_000_000), fps: 30)
        for packet in stream.packets.sorted(by: { $0.decodeTime < $1.decodeTime }) {
            try check.take(packetBytes: packet.size)
        }
    }

    @Test("HEVC holds a --max-bitrate cap from the start, on one frame thread, the same bytes every time")
    func hevcHoldsTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let timeline = try snowTimeline()
        let options = try VideoOptions(codec: .hevc, preset: "ultrafast", maxBitrate: 100_000)
        let files = try distinctRenders(2, in: scratch, make: { try render(timeline, to: $1, options: options) }) {
            report, url in
            #expect(report.rateCapNote == nil)
            #expect(report.encoderThreads == 1)
            let stream = try probePackets(url)
            #expect(stream.codecName == "hevc" && stream.packets.count == 30)
        }
        #expect(files == 1)
    }

    @Test("HEVC signals the --level asked for in general_level_idc")
    func hevcLevel() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let url = scratch.url.appendingPathComponent("snow.mp4")
        try render(try snowTimeline(), to: url, options: try VideoOptions(codec: .hevc, preset: "ultrafast", level: "5.1"))
        let stream = try probePackets(url)
        #expect(stream.codecName == "hevc" && stream.level == 153)  // 30 × 5.1
    }

    @Test("a clip within its cap is encoded once, at full speed, with x264's own rate control")
    func withinTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let url = scratch.url.appendingPathComponent("rect.mp4")
        let report = try render(try movingRectTimeline(width: 640, height: 360), to: url)
        #expect(report.rateCapNote == nil)
        #expect(report.encoderThreads == VideoOptions.defaultEncoderThreads)
        let stream = try probePackets(url)
        #expect(stream.x264Options["vbv_maxrate"] == nil)
        #expect(stream.x264Options["threads"] == String(VideoOptions.defaultEncoderThreads))
        // A calm clip signals x264's own choice, untouched: the level x264 writes with no level
        // handling at all.
        var plain = VideoOptions()
        plain.holdsToLevel = false
        let plainURL = scratch.url.appendingPathComponent("plain.mp4")
        try render(try movingRectTimeline(width: 640, height: 360), to: plainURL, options: plain)
        let x264Level = try #require(SignalledH264Level(avcC: try probePackets(plainURL).extradata))
        let signalled = try #require(SignalledH264Level(avcC: stream.extradata))
        #expect(signalled == x264Level)
        #expect(report.levelNote == "level \(report.level ?? "?"): x264's choice, the stream fits it")
    }
}
