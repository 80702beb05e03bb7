import Flipbook
import Foundation
import FlipbookTestSupport
import Testing

@Suite("render(_:to:)")
struct RenderTests {
    @Test("writes every frame at the timeline's pixel size and duration")
    func frameCount() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let url = directory.appendingPathComponent("moving.mp4")
        let timeline = try movingRectTimeline(fps: 30, duration: 1.5)
        let report = try render(timeline, to: url)
        #expect(report.frameCount == 45)
        #expect(report.url.path == url.standardizedFileURL.path)
        #expect(abs(report.duration - 1.5) < 1e-9)
        #expect(report.wallTime > 0 && report.framesPerSecond > 0)
        #expect(report.drawTime >= 0 && report.convertTime >= 0 && report.encodeTime > 0 && report.encoderWaitTime >= 0)
        #if os(Linux)
        // Linux always reports VmHWM; a test process holds at least a few megabytes.
        let peak = try #require(report.peakMemoryBytes)
        #expect(peak > 1_000_000)
        #endif
        let info = try probeMP4(url)
        #expect(info.frames == 45)
        #expect(info.width == 160 && info.height == 90)
        #expect(abs(info.duration - 1.5) < 1e-3)
        #expect(scratch.partialFiles.isEmpty)
    }

    @Test("the output is byte-identical for 1, 2 and 4 workers and across runs")
    func workerCountDoesNotMatter() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let timeline = try movingRectTimeline(width: 192, height: 108, fps: 30, duration: 1, background: nil)
        var files: [Data] = []
        for (run, workers) in [1, 2, 4, 4].enumerated() {
            let url = directory.appendingPathComponent("w\(workers)-\(run).mp4")
            let report = try render(timeline, to: url, workers: workers)
            #expect(report.workers == workers)
            files.append(try Data(contentsOf: url))
        }
        #expect(files[0].count > 1000)
        #expect(files.allSatisfy { $0 == files[0] })
    }

    @Test("progress is reported after every frame, in order, with a rate and an ETA")
    func progress() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let timeline = try movingRectTimeline(fps: 20, duration: 1)
        var updates: [RenderProgress] = []
        try render(timeline, to: directory.appendingPathComponent("p.mp4"), workers: 2) { updates.append($0) }
        #expect(updates.count == 20)
        #expect(updates.map(\.framesEncoded) == Array(1...20))
        #expect(updates.allSatisfy { $0.totalFrames == 20 && $0.framesRendered >= $0.framesEncoded && $0.framesRendered <= 20 })
        #expect(zip(updates, updates.dropFirst()).allSatisfy { $0.elapsed <= $1.elapsed })
        #expect(updates.allSatisfy { $0.framesPerSecond > 0 && ($0.estimatedTimeRemaining ?? 0) >= 0 })
        #expect(updates.last?.estimatedTimeRemaining == 0)
        #expect(updates.last?.fractionCompleted == 1)
    }

    @Test("a frame that fails to draw aborts the render, names the frame and leaves no file")
    func failingFrame() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let url = directory.appendingPathComponent("broken.mp4")
        let original = Data("previous clip".utf8)
        try original.write(to: url)
        let timeline = try Timeline(size: CGSize(width: 64, height: 64), fps: 10, duration: 3,
                                layers: [Timeline.Layer(BreaksLater(badFrom: 1.2))])
        for workers in [1, 3] {
            let error = expectFlipbookError { try render(timeline, to: url, workers: workers) }
            #expect(error?.message.contains("frame 12") == true, "\(String(describing: error))")
            #expect(error?.message.contains(url.lastPathComponent) == true)
            #expect(try Data(contentsOf: url) == original)
            #expect(scratch.partialFiles.isEmpty)
        }
    }

    @Test("invalid timelines, options and worker counts are refused before anything is written")
    func invalidInput() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let url = directory.appendingPathComponent("x.mp4")
        let rate = #expect(throws: FlipbookError.self) { try render(try movingRectTimeline(fps: 0), to: url) }
        #expect(rate?.kind == .invalidInput)
        #expect(rate?.location.keyPath == "fps")
        #expect(rate?.message == "fps \(FrameRate.requirement); it is 0.")

        var options = VideoOptions()
        options.crf = 60  // set after init, so render's own check is the one that catches it
        let crf = #expect(throws: FlipbookError.self) { try render(try movingRectTimeline(), to: url, options: options) }
        #expect(crf?.kind == .invalidInput)
        #expect(crf?.message == "crf must be between 0 and 51 for H.264; it is 60. CRF ranges: h264, hevc 0...51; vp9, av1 0...63.")

        let workers = #expect(throws: FlipbookError.self) { try render(try movingRectTimeline(), to: url, workers: 0) }
        #expect(workers?.kind == .invalidInput)
        #expect(workers?.message == "workers must be between 1 and 256; it is 0.")

        let short = #expect(throws: FlipbookError.self) { try render(try movingRectTimeline(duration: 0.001), to: url) }
        #expect(short?.kind == .invalidInput)
        #expect(short?.message.hasPrefix("duration must hold at least one frame at 30 fps") == true, "\(String(describing: short))")
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(scratch.partialFiles.isEmpty)
    }
}

@Suite("renderStill(_:at:to:)")
struct RenderStillTests {
    @Test("PNG at the pixel size, with the frame at the requested time")
    func png() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let url = directory.appendingPathComponent("still.PNG")
        var timeline = try movingRectTimeline(width: 160, height: 90)
        timeline.scale = 2
        try renderStill(timeline, at: 0.5, to: url)
        let image = try Bitmap(contentsOfPNG: url)
        #expect(image.width == 320 && image.height == 180)
        // At t = 0.5 the rectangle spans x 60…100 pt, y 30…60 pt.
        let inside = image.pixel(x: 160, y: 90), outside = image.pixel(x: 20, y: 90)
        #expect(inside.red > 0.9 && inside.green < 0.3 && inside.blue < 0.3)  // SwiftUI red is (1, 0.23, 0.19)
        #expect(outside.red > 0.9 && outside.green > 0.9 && outside.blue > 0.9)
    }

    @Test("PDF and SVG by extension, case-insensitive")
    func vector() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let pdf = directory.appendingPathComponent("still.pdf"), svg = directory.appendingPathComponent("still.Svg")
        try renderStill(try movingRectTimeline(), at: 0.25, to: pdf)
        try renderStill(try movingRectTimeline(), at: 0.25, to: svg)
        #expect(try Data(contentsOf: pdf).prefix(5) == Data("%PDF-".utf8))
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains("<svg"))
        #expect(scratch.partialFiles.isEmpty)
    }

    @Test("an unknown extension is a clear error")
    func unknownExtension() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        for name in ["still.jpg", "still"] {
            let url = directory.appendingPathComponent(name)
            let error = expectFlipbookError { try renderStill(try movingRectTimeline(), at: 0, to: url) }
            #expect(error?.message.hasPrefix("output must be a name ending in .png, .pdf, .svg for a still; it is ") == true,
                    "\(String(describing: error))")
            #expect(!FileManager.default.fileExists(atPath: url.path))
        }
    }

    @Test("a drawing problem in a still is reported, not written")
    func brokenStill() throws {
        let scratch = try TemporaryDirectory("render")
        let directory = scratch.url
        let url = directory.appendingPathComponent("broken.png")
        let timeline = try Timeline(size: CGSize(width: 32, height: 32), duration: 1,
                                layers: [Timeline.Layer(BreaksLater(badFrom: 0))])
        let error = #expect(throws: FlipbookError.self) { try renderStill(timeline, at: 0.5, to: url) }
        #expect(error?.message.hasPrefix("Cannot render a still to \(url.path): drawing the frame at t = 0.5 s failed:") == true,
                "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
