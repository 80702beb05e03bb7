import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A sequence rendered in pieces: each frame is a pure function of its time, so chunks join to the
/// whole clip's frames, transitions included.
@Suite("Sequences render in chunks as they do whole")
struct SequenceRenderTests {
    @Test("Three chunks of a sequence with a push and a clock wipe join to the whole render's frames")
    func chunksJoin() throws {
        let scratch = try TemporaryDirectory("sequence-chunks")
        let sequence = Timeline.Sequence {
            Timeline.Sequence.Child(MovingRect(), duration: 1)
            Timeline.Sequence.Child(MovingRect(), duration: 1).transition(.push(from: .trailing).duration(0.6))
            Timeline.Sequence.Child(MovingRect(), duration: 1.2).transition(.wipe(.clock).duration(0.4).overlap(false))
        }
        let timeline = try Timeline(size: CGSize(width: 64, height: 36), fps: 10, duration: sequence.duration,
                                    background: .white, layers: [Timeline.Layer(sequence)])
        #expect(timeline.frameCount == 26)
        let parts = try (1...3).map { index -> URL in
            let url = scratch.file("part-\(index).mp4")
            try render(timeline, chunk: Chunk(index, of: 3), to: url, workers: 1)
            return url
        }
        try concat(parts, to: scratch.file("joined.mp4"))
        try render(timeline, to: scratch.file("whole.mp4"), workers: 1)
        let joined = try decodeClip(scratch.file("joined.mp4")), whole = try decodeClip(scratch.file("whole.mp4"))
        #expect(joined.frameCount == 26 && whole.frameCount == 26)
        for k in 0..<min(joined.frameCount, whole.frameCount) {
            #expect(meanDifference(joined.frames[k], whole.frames[k]) < 2, "frame \(k)")
        }
        // The push has moved both rectangles off the picture by frame 6: a test that can tell frames apart.
        #expect(meanDifference(whole.frames[0], whole.frames[6]) > 2)
    }
}
