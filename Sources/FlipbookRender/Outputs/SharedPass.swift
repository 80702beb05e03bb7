import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// One drawing of a clip feeding several sinks: every frame is drawn once on the workers,
/// converted there into each distinct layout the sinks ask for (``FrameLayout``), and handed in
/// order to each sink's own thread (``SinkFeeder``), so the encoders run at the same time; a frame
/// is shared by the sinks that take it and drawn into again once all are done with it
/// (``SharedFrame``). The first failure of any sink, frame or cancellation stops them all.
///
/// A sink whose stream goes over the bit-rate cap it is checked against (``RateCapExceeded``) is
/// left out from then on, its file removed, and reported: the caller encodes that output again on
/// its own, held to the cap, as a render of it alone would.
struct SharedPass {
    /// One output fed by the pass.
    struct Output {
        var url: URL
        var format: OutputFormat
        var options: VideoOptions
        /// The output's timeline: the drawn one, or for a GIF at a lower rate the same at that rate.
        var timeline: Timeline
        /// The output takes drawn frames 0, step, 2 × step, … (a GIF at a lower rate: ``timelineForGIF(_:format:)``).
        var step: Int
        /// How many frames the output writes.
        var frameCount: Int
        /// The sound the output carries, if any.
        var audio: PendingSound?
    }

    /// What a finished pass leaves for each output: its outcome, or the cap it went over.
    enum Result {
        case finished(RenderPass.Outcome)
        case overCap(RateCapExceeded)
    }

    /// What is drawn, and the frames (a clip of their own from time 0).
    var timeline: Timeline
    var frames: ClosedRange<Int>
    var outputs: [Output]
    var workerCount: Int
    var stop: RenderCancellation
    var progress: ((RenderProgress) -> Void)?
    /// When the render started, for the progress's elapsed time.
    var started: UInt64

    /// The beginning of every message about this render: its first output.
    var what: String { "Cannot render \(outputs.first?.url.path ?? "")" }

    /// Draws every frame once and encodes each output with its options (a rate cap checked, not held).
    func run() throws -> [Result] {
        // Every sink opened first: each destination is checked (and each encoder opened) before any thread starts.
        var sinks: [any FrameSink] = []
        for output in outputs {
            var options = output.options
            options.rateCapPass = .checked
            sinks.append(try makeFrameSink(
                url: output.url, width: timeline.pixelWidth, height: timeline.pixelHeight, fps: output.timeline.fps,
                format: output.format, options: options, firstNumber: frames.lowerBound, firstTimestamp: 0,
                audio: output.audio))
        }
        // Outputs that ask for the same layout share one conversion of each frame.
        var layouts: [FrameLayout] = []
        let layoutOf: [Int] = outputs.map { output in
            let layout = FrameLayout(pixelFormat: output.format.inputPixelFormat,
                                     background: output.format.background(output.options), step: output.step,
                                     count: output.frameCount)
            if let index = layouts.firstIndex(of: layout) { return index }
            layouts.append(layout)
            return layouts.count - 1
        }
        let passStarted = DispatchTime.now().uptimeNanoseconds
        let depth = 2 * workerCount
        let pipeline = RenderPipeline(timeline: timeline, frames: frames, layouts: layouts,
                                      output: outputs[0].url.standardizedFileURL, depth: depth)
        let what = what
        let feeders = sinks.indices.map { SinkFeeder(sink: sinks[$0], layout: layoutOf[$0], capacity: depth) }
        sinks.removeAll()
        let failures = OutputFailures()
        let wake = stop.onCancel { reason in
            pipeline.cancel(FlipbookError.interrupted(what, reason: reason))
            for feeder in feeders { feeder.abort() }
        }
        defer { stop.removeHandler(wake) }
        pipeline.start(workers: workerCount)
        defer { pipeline.stopAndJoin() }
        // On any failure every thread is stopped and waited for, and each unfinished sink let go here,
        // so its temporary file is removed before the error reaches the caller (not later, on the
        // sink's thread as it exits).
        var succeeded = false
        defer {
            if !succeeded {
                for feeder in feeders { feeder.abort() }
                for feeder in feeders {
                    feeder.join()
                    feeder.releaseSink()
                }
            }
        }
        let group = CommitGroup.current, stop = stop
        for (output, feeder) in feeders.enumerated() {
            feeder.start(name: "Flipbook encoder \(output)", group: group,
                         beforeFinish: { try stop.checkCancellation(what) },
                         failed: { error, frame in
                             failures.record(error, frame: frame, output: output)
                             for feeder in feeders { feeder.abort() }
                             pipeline.cancel(FlipbookError(.interrupted, "\(what): another output failed first."))
                         })
        }

        let total = frames.count
        /// The frames every sink that takes them has encoded.
        func reportProgress() {
            progress?(RenderProgress(encoded: pipeline.framesEncoded, rendered: pipeline.framesRendered, total: total,
                                     passStarted: passStarted, renderStarted: started))
        }
        do {
            let loop = FrameLoop(pipeline: pipeline, count: total, checkStop: { try stop.checkStop(what) })
            _ = try loop.run(
                deliver: { index, converted in
                    let takers = outputs.indices.filter { converted[layoutOf[$0]] != nil }
                    // Held by each sink that takes it and by this loop until it has been queued everywhere.
                    let frame = SharedFrame(index: index, frames: converted, holders: takers.count + 1, pipeline: pipeline)
                    defer { frame.done() }
                    for output in takers {
                        guard feeders[output].push(frame) else {
                            throw failures.first ?? FlipbookError(.interrupted, "\(what): an output stopped.")
                        }
                    }
                },
                delivered: { _ in reportProgress() })
            for feeder in feeders { feeder.end() }
            for feeder in feeders { feeder.join() }
            reportProgress()
        } catch {
            throw failures.first ?? error
        }
        if let failure = failures.first { throw failure }
        // A cancellation while the sinks finished may have stopped some of them.
        try stop.checkStop(what)
        succeeded = true
        let stages = pipeline.stageTimes
        return feeders.map { feeder in
            if let exceeded = feeder.overCap { return .overCap(exceeded) }
            return .finished(RenderPass.Outcome(sink: feeder.sink, encodeNanoseconds: feeder.encodeNanoseconds,
                                                stages: stages))
        }
    }
}

/// The failures of a shared pass's outputs, kept by frame (a finish counts after every frame), then
/// by output, so the one reported does not depend on which thread met its failure first.
private final class OutputFailures: @unchecked Sendable {
    // @unchecked: `failure` is touched only with `lock` held.
    private let lock = NSLock()
    private var failure: (frame: Int, output: Int, error: any Error)?

    func record(_ error: any Error, frame: Int?, output: Int) {
        let frame = frame ?? Int.max
        lock.lock()
        defer { lock.unlock() }
        if let failure, (failure.frame, failure.output) <= (frame, output) { return }
        failure = (frame, output, error)
    }

    /// The failure of the earliest frame, or `nil`.
    var first: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return failure?.error
    }
}
