import FlipbookAnimation
import FlipbookDrawing
import FlipbookCore
import FlipbookVideo
import Foundation

/// One pass of a render whose clip is encoded in segments (``SegmentLayout``): up to
/// ``SegmentEncoders/atOnce`` segments at a time, each on its own thread with its own encoder and
/// its own drawing workers, the next segment starting as soon as one ends; their packets are
/// written in order into one file (``SegmentedOutput``).
///
/// The calling thread waits, reports progress, and finishes the file. The first failure (of the
/// earliest segment) stops every segment; the file is then never published.
struct SegmentedPass {
    var pass: RenderPass
    var layout: SegmentLayout
    var encoders: SegmentEncoders

    /// Encodes every segment with `options` and finishes the file.
    ///
    /// - Throws: whatever a segment's drawing, encoding or writing throws, a cancellation, and
    ///   ``RateCapExceeded`` when the joined stream goes over the cap it is checked against.
    func run(_ options: VideoOptions) throws -> RenderPass.Outcome {
        try pass.segmenting.caching?.cache.prepare()
        let timeline = pass.timeline
        let output = try SegmentedOutput(
            url: pass.url, width: timeline.pixelWidth, height: timeline.pixelHeight, fps: timeline.fps,
            format: pass.format, options: options, segmentCount: layout.count, audio: pass.audio)
        let run = SegmentRun(pass: pass, options: options, layout: layout, encoders: encoders, output: output)
        let what = pass.what
        let wake = pass.stop.onCancel { reason in run.cancel(FlipbookError.interrupted(what, reason: reason)) }
        defer { pass.stop.removeHandler(wake) }
        let passStarted = DispatchTime.now().uptimeNanoseconds
        run.start(threads: encoders.atOnce)
        let total = pass.frames.count
        let failure = run.waitForAll { encoded, rendered in
            pass.progress?(RenderProgress(encoded: encoded, rendered: rendered, total: total,
                                          passStarted: passStarted, renderStarted: pass.started))
        }
        let levelChoice: LevelChoice?
        do {
            try pass.stop.checkStop(what)
            if let failure { throw failure }
            let start = DispatchTime.now().uptimeNanoseconds
            levelChoice = try output.finish()
            run.addEncodeTime(DispatchTime.now().uptimeNanoseconds - start)
        } catch {
            output.abandon()
            throw error
        }
        return RenderPass.Outcome(sink: nil, encodeNanoseconds: run.encodeNanoseconds, stages: run.stageTimes,
                                  segments: run.segmentFigures(layout: layout, atOnce: encoders.atOnce, output: output),
                                  levelChoice: levelChoice)
    }
}
