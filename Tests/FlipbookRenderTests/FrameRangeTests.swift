import Flipbook
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing

/// The mean absolute difference of two decoded pictures' RGBA samples.
func meanDifference(_ a: DecodedPicture, _ b: DecodedPicture) -> Double {
    let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
    return Double(total) / Double(max(a.pixels.count, 1))
}

@Suite("Rendering a range of frames")
struct FrameRangeTests {
    @Test("frame k of a range clip is frame first + k of the whole clip, starting at time 0",
          arguments: ["clip.apng", "clip.mp4"])
    func rangeMatchesWholeClip(file: String) throws {
        let scratch = try TemporaryDirectory("range")
        let timeline = try patchTimeline(background: .white, duration: 1)
        let whole = scratch.file("whole-" + file), part = scratch.file("part-" + file)
        try render(timeline, to: whole, workers: 2)
        let report = try render(timeline, frames: 4...7, to: part, workers: 2)
        #expect(report.frameCount == 4)
        #expect(report.frames == 4...7)
        let wholeClip = try decodeClip(whole), partClip = try decodeClip(part)
        #expect(wholeClip.frameCount == 10)
        #expect(partClip.frameCount == 4)
        #expect(partClip.frameTimes.first == 0)
        // APNG is lossless; H.264 differs only by where the frame sits in its group of pictures.
        let tolerance = file.hasSuffix(".apng") ? 0 : 1.5
        for k in 0..<4 {
            let difference = meanDifference(partClip.frames[k], wholeClip.frames[4 + k])
            #expect(difference <= tolerance, "frame \(k): mean difference \(difference)")
        }
        // And it is not just any frame: the square moves 4 pixels a frame.
        #expect(meanDifference(partClip.frames[0], wholeClip.frames[0]) > 0.5)
    }

    @Test("with a timestamp offset, a range continues the whole clip's timestamps", arguments: ["clip.mkv", "clip.mp4", "clip.webm"])
    func timestampOffset(file: String) throws {
        let scratch = try TemporaryDirectory("range")
        let url = scratch.file(file)
        try render(try patchTimeline(background: .white, duration: 1), frames: 4...6, timestampOffset: 4, to: url)
        let clip = try decodeClip(url)
        #expect(clip.frameCount == 3)
        for (k, time) in clip.frameTimes.enumerated() {
            #expect(abs(time - Double(4 + k) / 10) < 1e-3, "frame \(k) at \(time) s")
        }
    }

    @Test("a PNG sequence of a range keeps the timeline's frame numbers")
    func pngNumbers() throws {
        let scratch = try TemporaryDirectory("range")
        let timeline = try patchTimeline(duration: 1)
        try render(timeline, frames: 3...5, to: scratch.file("f-%03d.png"), workers: 2)
        #expect(scratch.contents == ["f-003.png", "f-004.png", "f-005.png"])
        try render(timeline, to: scratch.file("all-%03d.png"), workers: 1)
        #expect(try Data(contentsOf: scratch.file("f-004.png")) == Data(contentsOf: scratch.file("all-004.png")))
    }

    @Test("a range outside the clip names its frame count", arguments: [10...12, -1...2, 9...10])
    func outOfRange(frames: ClosedRange<Int>) throws {
        let scratch = try TemporaryDirectory("range")
        let error = #expect(throws: FlipbookError.self) {
            try render(try patchTimeline(duration: 1), frames: frames, to: scratch.file("clip.mp4"))
        }
        #expect(error?.kind == .invalidInput)
        #expect(error?.location.keyPath == "frames")
        #expect(error?.message.contains("10 frames") == true, "\(error?.message ?? "")")
        #expect(scratch.contents.isEmpty)
    }

    @Test("cancelling a PNG sequence leaves no numbered file and no partial file, and keeps earlier files")
    func cancelSequence() throws {
        let scratch = try TemporaryDirectory("range")
        let earlier = Data("earlier".utf8)
        try earlier.write(to: scratch.file("f-00001.png"))
        let cancellation = RenderCancellation()
        let error = #expect(throws: FlipbookError.self) {
            try render(try patchTimeline(duration: 2), to: scratch.file("f-%05d.png"), workers: 2,
                       cancellation: cancellation) { progress in
                if progress.framesEncoded == 5 { cancellation.cancel() }
            }
        }
        #expect(error?.kind == .interrupted)
        #expect(scratch.contents == ["f-00001.png"])
        #expect(try Data(contentsOf: scratch.file("f-00001.png")) == earlier)
    }
}
