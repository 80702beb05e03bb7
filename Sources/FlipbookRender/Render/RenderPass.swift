import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// One pass of a render: every frame drawn on the workers, handed to a new sink in order on the
/// calling thread, and the sink finished. `renderClip` runs one, or two when a rate cap was
/// checked and the stream went over it (``RateCapPass``).
struct RenderPass {
    var timeline: Timeline
    var frames: ClosedRange<Int>
    var timestampOffset: Int
    var comment: String?
    var url: URL
    /// The output's container, codec and pixel format, resolved before the render.
    var format: OutputFormat
    var workerCount: Int
    /// The render's cancellation, which both passes answer.
    var stop: RenderCancellation
    var progress: ((RenderProgress) -> Void)?
    /// When the render started, for the progress's elapsed time.
    var started: UInt64
    /// How the clip may be cut into segments encoded apart.
    var segmenting = Segmenting()
    /// The sound the output carries, if any.
    var audio: PendingSound? = nil

    /// What a finished pass leaves: its sink (finished, the file in place; `nil` for a clip
    /// encoded in segments), its stage times, and its segments' figures.
    struct Outcome {
        var sink: (any FrameSink)?
        var encodeNanoseconds: UInt64
        var stages: (draw: TimeInterval, convert: TimeInterval, wait: TimeInterval)
        var segments: SegmentReport? = nil
        /// For a clip encoded in segments: the H.264 level it signals and why.
        var levelChoice: LevelChoice? = nil
    }

    /// The beginning of every message about this render.
    var what: String { "Cannot render \(url.path)" }

    /// Throws when the render has been stopped, or the task running it cancelled.
    func checkStop() throws { try stop.checkStop(what) }

    /// Encodes every frame with `options`.
    ///
    /// - Throws: whatever the sink, a frame's drawing or a cancellation throws, and
    ///   ``RateCapExceeded`` from a checked pass over its cap; the sink then leaves nothing behind.
    func run(_ options: VideoOptions) throws -> Outcome {
        // A stream held to its cap is one encode: only one encoder's rate buffer holds it exactly.
        // The sound does not stop the cuts: it is encoded once, whole, as the segments are joined.
        if options.rateCapPass == .checked {
            let (layout, encoders) = segmenting.plan(
                frameCount: frames.count, fps: timeline.fps, width: timeline.pixelWidth, height: timeline.pixelHeight,
                format: format, options: options, workers: workerCount)
            if segmenting.encodesInSegments(layout, format: format, options: options) {
                return try SegmentedPass(pass: self, layout: layout, encoders: encoders).run(options)
            }
        }
        // Opening the sink first checks the destination (and opens the encoder) before any thread starts.
        let sink = try makeFrameSink(
            url: url, width: timeline.pixelWidth, height: timeline.pixelHeight, fps: timeline.fps, format: format,
            options: options, firstNumber: frames.lowerBound, firstTimestamp: timestampOffset, comment: comment, audio: audio)
        let passStarted = DispatchTime.now().uptimeNanoseconds
        // Two frames per worker: one being drawn, one finished and waiting its turn.
        let pipeline = RenderPipeline(
            timeline: timeline, frames: frames, pixelFormat: format.inputPixelFormat, background: format.background(options),
            output: url.standardizedFileURL, depth: 2 * workerCount)
        // A cancellation wakes the sink's thread even while it waits for a frame.
        let what = what
        let wake = stop.onCancel { reason in pipeline.cancel(FlipbookError.interrupted(what, reason: reason)) }
        defer { stop.removeHandler(wake) }
        pipeline.start(workers: workerCount)
        defer { pipeline.stopAndJoin() }

        let total = frames.count
        let loop = FrameLoop(pipeline: pipeline, count: total, checkStop: checkStop)
        var encodeNanoseconds = try loop.run(
            deliver: { index, frames in
                try sink.append(try pipeline.only(frames, frame: index))
                pipeline.recycle(frames, encoded: index)
            },
            delivered: { index in
                progress?(RenderProgress(encoded: index + 1, rendered: pipeline.framesRendered, total: total,
                                         passStarted: passStarted, renderStarted: started))
            })
        // The last chance to stop: after finish() the clip is complete and in place.
        try checkStop()
        let start = DispatchTime.now().uptimeNanoseconds
        try sink.finish()
        encodeNanoseconds += DispatchTime.now().uptimeNanoseconds - start
        return Outcome(sink: sink, encodeNanoseconds: encodeNanoseconds, stages: pipeline.stageTimes)
    }

    /// What the report says when the stream went over its cap at full speed and was held.
    static func heldNote(_ exceeded: RateCapExceeded) -> String {
        "The stream went over its cap (\(exceeded.capDescription)) at packet \(exceeded.packet + 1) (in decode order) "
            + "when encoded at full speed, so it was encoded again with the encoder's rate buffer holding it, on one thread."
    }
}
