import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

@Suite("GIFs of timelines faster than 50 fps")
struct GIFFrameRateTests {
    @Test("60 fps is written at 30 fps, every second frame, and the report says so")
    func sixtyToThirty() throws {
        let scratch = try TemporaryDirectory("gif-rate")
        let timeline = try Timeline(size: CGSize(width: 64, height: 48), fps: 60, duration: 0.5,
                                    layers: [Timeline.Layer(PatchScene())])
        let report = try render(timeline, to: scratch.file("fast.gif"))
        #expect(report.frameCount == 15)
        #expect(report.timingNote?.hasPrefix(
            "The 60 fps timeline is written at 30 fps, every second frame: a GIF plays at most 50 fps.") == true,
            "\(report.timingNote ?? "nil")")
        let clip = try decodeClip(scratch.file("fast.gif"))
        #expect(clip.frameCount == 15)
        // Frame 3 of the GIF is frame 6 of the 60 fps timeline: 0.1 s, when the square is at x = 8.
        #expect(abs(clip.frameTimes[3] - 0.1) <= 0.005)
        let slower = try Timeline(size: timeline.size, fps: 30, duration: 0.5, layers: timeline.layers)
        try render(slower, to: scratch.file("thirty.gif"))
        #expect(try Data(contentsOf: scratch.file("fast.gif")) == Data(contentsOf: scratch.file("thirty.gif")))
    }

    @Test("59.94 fps is written at 29.97; other outputs keep the timeline's rate", arguments: ["a.gif", "a.mp4"])
    func ntscAndOthers(file: String) throws {
        let scratch = try TemporaryDirectory("gif-rate")
        let timeline = try Timeline(size: CGSize(width: 64, height: 48), fps: 59.94, duration: 0.2,
                                    layers: [Timeline.Layer(PatchScene())])
        let report = try render(timeline, to: scratch.file(file))
        if file.hasSuffix(".gif") {
            #expect(report.frameCount == 6)
            #expect(report.timingNote?.hasPrefix("The 59.94 fps timeline is written at 29.97 fps, every second frame") == true)
        } else {
            #expect(report.frameCount == 12)
            #expect(report.timingNote == nil)
        }
    }
}
