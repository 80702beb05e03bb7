import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// Renders a timeline to an H.264 MP4 file.
///
/// Frames are drawn on `workers` threads ahead of the encoder and converted to YUV there, then
/// encoded in order on the calling thread (see ``VideoEncoder`` for the file's format). Frames the
/// timeline leaves transparent are flattened over ``VideoOptions/background`` (white by default).
///
/// The file is byte-identical for the same timeline and options whatever the number of workers.
/// Memory stays flat in the clip's length: a few frames are in flight at any time.
///
/// - Parameters:
///   - timeline: What to draw; validated first.
///   - url: The MP4 file to write. It appears only when the render succeeds; a file already there is
///     replaced then, and kept if the render fails.
///   - options: Encoding options.
///   - workers: Drawing threads; `nil` uses one per core. Does not change the output.
///   - cancellation: Stops the render when cancelled, as cancelling the calling Swift task does.
///   - progress: Called on the calling thread after each encoded frame.
/// - Returns: Timings and memory for the render.
/// - Throws: ``FlipbookError`` for an invalid timeline or options (kind `.invalidInput`, with the
///   value's key path: `size`, `fps`, `crf`, `workers`), a frame whose drawing failed (named in the
///   message), a file that cannot be written, or a cancellation (kind `.interrupted`; the
///   `.partial` file is removed and a file already at `url` is kept).
@discardableResult
public func render(
    _ timeline: Timeline, to url: URL, options: VideoOptions = VideoOptions(), workers: Int? = nil,
    cancellation: RenderCancellation? = nil, progress: ((RenderProgress) -> Void)? = nil
) throws -> RenderReport {
    try timeline.validate()
    try options.validate()
    // Checked here, not inside x264, so the message names the limit before any frame is drawn.
    try OutputFormat(url: url, options: options).codec.checkFrameSize(width: timeline.pixelWidth, height: timeline.pixelHeight)
    let total = timeline.frameCount
    guard total > 0 else {
        throw FlipbookError.invalidInput(
            "Cannot render \(url.path): a \(timeline.duration) s timeline at \(timeline.fps) fps has no frames.")
    }
    if let workers, !renderWorkerRange.contains(workers) {
        throw FlipbookError(
            invalid: "The number of workers",
            "must be between \(renderWorkerRange.lowerBound) and \(renderWorkerRange.upperBound); it is \(workers).",
            at: .init(keyPath: "workers"))
    }
    let what = "Cannot render \(url.path)"
    // The caller's handle (if any) and the task's cancellation both end up in this one.
    let stop = RenderCancellation()
    let forwarding = cancellation?.onCancel { stop.cancel($0) }
    defer { cancellation?.removeHandler(forwarding) }
    if Task.isCancelled { stop.cancel(.cancelled) }
    try stop.checkCancellation(what)
    let workerCount = min(workers ?? ProcessInfo.processInfo.activeProcessorCount, total)
    let started = DispatchTime.now().uptimeNanoseconds
    func elapsed() -> TimeInterval { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

    // Opening the encoder first checks the options and the destination before any thread starts.
    let encoder = try VideoEncoder(
        url: url, width: timeline.pixelWidth, height: timeline.pixelHeight, fps: timeline.fps, options: options)
    // Two frames per worker: one being drawn, one finished and waiting its turn.
    let pipeline = RenderPipeline(
        timeline: timeline, background: options.background, output: encoder.url, depth: 2 * workerCount)
    // A cancellation wakes the encoding thread even while it waits for a frame.
    let wake = stop.onCancel { reason in pipeline.cancel(FlipbookError.interrupted(what, reason: reason)) }
    defer { stop.removeHandler(wake) }
    pipeline.start(workers: workerCount)
    defer { pipeline.stopAndJoin() }

    var encodeNanoseconds: UInt64 = 0
    for index in 0..<total {
        if Task.isCancelled { stop.cancel(.cancelled) }
        try stop.checkCancellation(what)
        let frame = try pipeline.takeFrame(index)
        let start = DispatchTime.now().uptimeNanoseconds
        try encoder.append(frame)
        encodeNanoseconds += DispatchTime.now().uptimeNanoseconds - start
        pipeline.recycle(consume frame, encoded: index)
        if let progress {
            let seconds = elapsed()
            let rate = seconds > 0 ? Double(index + 1) / seconds : 0
            progress(RenderProgress(
                framesRendered: pipeline.framesRendered, framesEncoded: index + 1, totalFrames: total,
                framesPerSecond: rate,
                estimatedTimeRemaining: rate > 0 ? Double(total - index - 1) / rate : nil,
                elapsed: seconds))
        }
    }
    // The last chance to stop: after finish() the clip is complete and in place.
    if Task.isCancelled { stop.cancel(.cancelled) }
    try stop.checkCancellation(what)
    let start = DispatchTime.now().uptimeNanoseconds
    try encoder.finish()
    encodeNanoseconds += DispatchTime.now().uptimeNanoseconds - start

    let wall = elapsed()
    let stages = pipeline.stageTimes
    return RenderReport(
        url: encoder.url, frameCount: total, duration: timeline.time(ofFrame: total), wallTime: wall,
        framesPerSecond: wall > 0 ? Double(total) / wall : 0, workers: workerCount,
        encoderThreads: options.resolvedEncoderThreads, drawTime: stages.draw, convertTime: stages.convert,
        encodeTime: Double(encodeNanoseconds) / 1e9, encoderWaitTime: stages.wait,
        peakMemoryBytes: PeakMemory.highWaterMark())
}

/// The drawing thread counts ``render(_:to:options:workers:cancellation:progress:)`` accepts.
public let renderWorkerRange = 1...256
