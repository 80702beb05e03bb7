import Flipbook
import Foundation
import Testing

@Suite("render(_:to:)")
struct RenderTests {
    @Test("writes every frame at the timeline's pixel size and duration")
    func frameCount() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("moving.mp4")
        let timeline = try movingRectTimeline(fps: 30, duration: 1.5)
        let report = try render(timeline, to: url)
        #expect(report.frameCount == 45)
        #expect(report.url.path == url.standardizedFileURL.path)
        #expect(abs(report.duration - 1.5) < 1e-9)
        #expect(report.wallTime > 0 && report.framesPerSecond > 0)
        #expect(report.drawTime >= 0 && report.convertTime >= 0 && report.encodeTime > 0 && report.encoderWaitTime >= 0)
        #expect((report.peakMemoryBytes ?? 1) > 0)
        let info = try probe(url)
        #expect(info.frames == 45)
        #expect(info.width == 160 && info.height == 90)
        #expect(abs(info.duration - 1.5) < 1e-3)
        #expect(partialFiles(in: directory).isEmpty)
    }

    @Test("the output is byte-identical for 1, 2 and 4 workers and across runs")
    func workerCountDoesNotMatter() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
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
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
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
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("broken.mp4")
        let original = Data("previous clip".utf8)
        try original.write(to: url)
        let timeline = try Timeline(size: CGSize(width: 64, height: 64), fps: 10, duration: 3,
                                layers: [Timeline.Layer(BreaksLater(badFrom: 1.2))])
        for workers in [1, 3] {
            do {
                try render(timeline, to: url, workers: workers)
                Issue.record("the render should have failed")
            } catch let error as FlipbookError {
                #expect(error.message.contains("frame 12"), "\(error)")
                #expect(error.message.contains(url.lastPathComponent))
            }
            #expect(try Data(contentsOf: url) == original)
            #expect(partialFiles(in: directory).isEmpty)
        }
    }

    @Test("invalid timelines, options and worker counts are refused before anything is written")
    func invalidInput() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("x.mp4")
        #expect(throws: FlipbookError.self) { try render(try movingRectTimeline(fps: 0), to: url) }
        #expect(throws: FlipbookError.self) { try render(try movingRectTimeline(), to: url, options: VideoOptions(crf: 60)) }
        #expect(throws: FlipbookError.self) { try render(try movingRectTimeline(), to: url, workers: 0) }
        #expect(throws: FlipbookError.self) { try render(try movingRectTimeline(duration: 0.001), to: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(partialFiles(in: directory).isEmpty)
    }
}

@Suite("renderStill(_:at:to:)")
struct RenderStillTests {
    @Test("PNG at the pixel size, with the frame at the requested time")
    func png() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
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
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pdf = directory.appendingPathComponent("still.pdf"), svg = directory.appendingPathComponent("still.Svg")
        try renderStill(try movingRectTimeline(), at: 0.25, to: pdf)
        try renderStill(try movingRectTimeline(), at: 0.25, to: svg)
        #expect(try Data(contentsOf: pdf).prefix(5) == Data("%PDF-".utf8))
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains("<svg"))
        #expect(partialFiles(in: directory).isEmpty)
    }

    @Test("an unknown extension is a clear error")
    func unknownExtension() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["still.jpg", "still"] {
            let url = directory.appendingPathComponent(name)
            do {
                try renderStill(try movingRectTimeline(), at: 0, to: url)
                Issue.record("expected an error for \(name)")
            } catch let error as FlipbookError {
                #expect(error.message.contains(".png, .pdf or .svg"), "\(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: url.path))
        }
    }

    @Test("a drawing problem in a still is reported, not written")
    func brokenStill() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("broken.png")
        let timeline = try Timeline(size: CGSize(width: 32, height: 32), duration: 1,
                                layers: [Timeline.Layer(BreaksLater(badFrom: 0))])
        #expect(throws: FlipbookError.self) { try renderStill(timeline, at: 0.5, to: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
