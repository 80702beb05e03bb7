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

/// `render` checks the level's cap at full speed and holds it on one thread only when the stream
/// goes over (RateCapPass): either way, a render's bytes are the same every time.
@Suite("Render: the level's bit-rate cap, reproducibly")
struct RateCapRenderTests {
    @Test("a clip that goes over its level's cap is encoded again held to it: one x264 thread, the same bytes every time")
    func overTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let timeline = try Timeline(size: CGSize(width: 160, height: 90), fps: 30, duration: 1, background: .white,
                                    layers: [Timeline.Layer(Snow())])
        var files = Set<Data>()
        for run in 0..<3 {
            let url = scratch.url.appendingPathComponent("snow-\(run).mp4")
            let report = try render(timeline, to: url)
            files.insert(try Data(contentsOf: url))
            // Level 1.1 at High profile: 240 kb/s, of which the cap takes 70 %.
            #expect(report.rateCapNote == "The stream went over its cap (max 168kb/s) at packet 2 (in decode order) "
                + "when encoded at full speed, so it was encoded again with the encoder's rate buffer holding it, on one thread.")
            #expect(report.encoderThreads == 1)
            let stream = try probePackets(url)
            #expect(stream.level == 11)
            #expect(stream.x264Options["vbv_maxrate"] == "168")
            #expect(stream.x264Options["threads"] == "1")
            #expect(stream.packets.count == 30)
        }
        #expect(files.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).count == 3)
    }

    @Test("a chunk of a clip over its cap renders to the same bytes every time, held like the whole clip")
    func chunkOverTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let timeline = try Timeline(size: CGSize(width: 160, height: 90), fps: 30, duration: 2, background: .white,
                                    layers: [Timeline.Layer(Snow())])
        let part = try ClipPart(Chunk(2, of: 3), of: timeline)
        var files = Set<Data>()
        for run in 0..<3 {
            let url = scratch.url.appendingPathComponent("part-\(run).mp4")
            let report = try render(timeline, part: part, to: url, workers: run + 1)
            #expect(report.rateCapNote != nil && report.encoderThreads == 1)
            files.insert(try Data(contentsOf: url))
        }
        #expect(files.count == 1)
    }

    @Test("within a --max-bitrate cap, H.264 is encoded once on two threads and signals the level the cap needs")
    func withinTheUsersCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let url = scratch.url.appendingPathComponent("snow.mp4")
        let timeline = try Timeline(size: CGSize(width: 160, height: 90), fps: 30, duration: 1, background: .white,
                                    layers: [Timeline.Layer(Snow())])
        let report = try render(timeline, to: url, options: VideoOptions(maxBitrate: 1_000_000))
        #expect(report.rateCapNote == nil && report.encoderThreads == 2)
        let stream = try probePackets(url)
        // Without a cap x264 would signal 1.1 for this picture; held to 1 Mb/s it signals 2.0
        // (High 1.3 allows 960 kb/s, 2.0 allows 2.5 Mb/s), and so does the checked stream.
        #expect(stream.level == 20)
        #expect(stream.x264Options["vbv_maxrate"] == nil && stream.x264Options["threads"] == "2")
        var check = RateBufferCheck(cap: VBV(maxBitrate: 1_000_000), fps: 30)
        for packet in stream.packets.sorted(by: { $0.decodeTime < $1.decodeTime }) {
            try check.take(packetBytes: packet.size)
        }
    }

    @Test("HEVC holds a --max-bitrate cap from the start, on one frame thread, the same bytes every time")
    func hevcHoldsTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let timeline = try Timeline(size: CGSize(width: 160, height: 90), fps: 30, duration: 1, background: .white,
                                    layers: [Timeline.Layer(Snow())])
        let options = try VideoOptions(codec: .hevc, preset: "ultrafast", maxBitrate: 100_000)
        var files = Set<Data>()
        for run in 0..<2 {
            let url = scratch.url.appendingPathComponent("snow-\(run).mp4")
            let report = try render(timeline, to: url, options: options)
            #expect(report.rateCapNote == nil)
            #expect(report.encoderThreads == 1)
            let stream = try probePackets(url)
            #expect(stream.codecName == "hevc" && stream.packets.count == 30)
            files.insert(try Data(contentsOf: url))
        }
        #expect(files.count == 1)
    }

    @Test("a clip within its cap is encoded once, at full speed, with x264's own rate control")
    func withinTheCap() throws {
        let scratch = try TemporaryDirectory("rate-cap-render")
        let url = scratch.url.appendingPathComponent("rect.mp4")
        let report = try render(try movingRectTimeline(width: 640, height: 360), to: url)
        #expect(report.rateCapNote == nil)
        #expect(report.encoderThreads == 2)
        let x264 = try probePackets(url).x264Options
        #expect(x264["vbv_maxrate"] == nil)
        #expect(x264["threads"] == "2")
    }
}
