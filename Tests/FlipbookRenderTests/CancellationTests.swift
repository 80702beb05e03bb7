import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Cancelling a render")
struct CancellationTests {
    @Test("a cancelled handle stops a clip between frames, removes its partial file and keeps the old file")
    func cancelClip() throws {
        let scratch = try TemporaryDirectory("cancel")
        let url = scratch.file("clip.mp4")
        let original = Data("previous clip".utf8)
        try original.write(to: url)
        let cancellation = RenderCancellation()
        var encoded = 0
        let timeline = try movingRectTimeline(fps: 30, duration: 4)
        let error = #expect(throws: FlipbookError.self) {
            try render(timeline, to: url, workers: 2, cancellation: cancellation) { progress in
                encoded = progress.framesEncoded
                if progress.framesEncoded == 5 { cancellation.cancel() }
            }
        }
        #expect(error?.kind == .interrupted)
        #expect(error?.message == "Cannot render \(url.standardizedFileURL.path): cancelled.")
        #expect(encoded == 5)
        #expect(try Data(contentsOf: url) == original)
        #expect(scratch.contents == ["clip.mp4"])
    }

    @Test("a signal's reason is named in the message")
    func signalReason() throws {
        let scratch = try TemporaryDirectory("cancel")
        let cancellation = RenderCancellation()
        cancellation.cancel(.signal(SIGTERM))
        cancellation.cancel(.signal(SIGINT))  // only the first reason counts
        #expect(cancellation.reason == .signal(SIGTERM))
        let url = scratch.file("clip.mp4")
        let error = #expect(throws: FlipbookError.self) {
            try render(try movingRectTimeline(), to: url, cancellation: cancellation)
        }
        #expect(error?.kind == .interrupted)
        #expect(error?.message == "Cannot render \(url.path): interrupted by SIGTERM.")
        #expect(scratch.contents.isEmpty)
    }

    @Test("cancelling the Swift task stops the render the same way")
    func taskCancellation() async throws {
        let scratch = try TemporaryDirectory("cancel")
        let url = scratch.file("clip.mp4")
        let timeline = try movingRectTimeline(fps: 30, duration: 4)
        let task = Task.detached {
            try render(timeline, to: url, workers: 2) { progress in
                if progress.framesEncoded == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        let result = await task.result
        guard case .failure(let error as FlipbookError) = result else {
            Issue.record("expected an interruption, got \(result)")
            return
        }
        #expect(error.kind == .interrupted)
        #expect(error.message.hasSuffix(": cancelled."))
        #expect(scratch.contents.isEmpty)
    }

    @Test("a cancelled still writes nothing")
    func cancelStill() throws {
        let scratch = try TemporaryDirectory("cancel")
        let cancellation = RenderCancellation()
        cancellation.cancel()
        let url = scratch.file("still.png")
        let error = #expect(throws: FlipbookError.self) {
            try renderStill(try movingRectTimeline(), at: 0.5, to: url, cancellation: cancellation)
        }
        #expect(error?.kind == .interrupted)
        #expect(error?.message == "Cannot render a still to \(url.path): cancelled.")
        #expect(scratch.contents.isEmpty)
    }
}

@Suite("Checks before rendering")
struct UpFrontCheckTests {
    @Test("a still past the end of the clip names the clip's length and its last frame")
    func stillPastTheEnd() throws {
        let scratch = try TemporaryDirectory("checks")
        let url = scratch.file("late.png")
        let timeline = try movingRectTimeline(fps: 60, duration: 3)
        for time in [5, 3] as [TimeInterval] {
            let error = #expect(throws: FlipbookError.self) { try renderStill(timeline, at: time, to: url) }
            #expect(error?.kind == .invalidInput)
            #expect(error?.location.keyPath == "time")
            #expect(error?.message == "time \(formatNumber(time)) is past the end of the 3 s clip (last frame at 2.983 s).")
        }
        let negative = #expect(throws: FlipbookError.self) { try renderStill(timeline, at: -1, to: url) }
        #expect(negative?.message == "time must be a number of seconds from 0; it is -1.")
        // The last instant of the clip is still inside it.
        try renderStill(timeline, at: 2.999, to: url)
        #expect(scratch.contents == ["late.png"])
    }

    @Test("a frame larger than H.264 allows is refused with the codec's limit before anything is drawn")
    func codecLimit() throws {
        let scratch = try TemporaryDirectory("checks")
        let url = scratch.file("huge.mp4")
        let timeline = try Timeline(size: CGSize(width: 16384, height: 16384), duration: 1)
        let error = #expect(throws: FlipbookError.self) { try render(timeline, to: url) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.location.keyPath == "size")
        #expect(error?.message.hasPrefix("size must fit H264's largest level: at most 16384 pixels on a side") == true,
                "\(String(describing: error))")
        #expect(error?.message.contains("it is 16384×16384") == true)
        #expect(scratch.contents.isEmpty)
    }
}
