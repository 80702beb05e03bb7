import FlipbookAnimation
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// Renders a timeline to a video file or an image sequence.
///
/// The output's name picks the format (or ``VideoOptions/container`` does) and its default codec,
/// by the container table (``VideoContainer/capabilities``; `name-%05d.png` is a PNG sequence);
/// ``VideoOptions`` may pick another codec and pixel format (see ``OutputFormat``). The frames go
/// to the ``FrameSink`` that ``makeFrameSink(url:width:height:fps:options:firstNumber:)`` makes.
///
/// Frames are drawn on `workers` threads ahead of the sink and converted into its pixel layout
/// there, then handed to the sink in order on the calling thread. A timeline without a background
/// keeps its transparency in a format with alpha; in one without, and whenever the timeline has an
/// opaque background, frames are flattened over ``VideoOptions/background`` (white by default).
///
/// The output is byte-identical for the same timeline and options whatever the number of workers.
/// Memory stays flat in the clip's length: a few frames are in flight at any time.
///
/// - Parameters:
///   - timeline: What to draw; validated first.
///   - url: The file (or `%05d` name pattern) to write. It appears only when the render succeeds;
///     a file already there is replaced then, and kept if the render fails.
///   - options: Encoding options.
///   - workers: Drawing threads; `nil` uses one per core. Does not change the output.
///   - cancellation: Stops the render when cancelled, as cancelling the calling Swift task does.
///   - progress: Called on the calling thread after each frame the sink takes.
/// - Returns: Timings and memory for the render, and the format written.
/// - Throws: ``FlipbookError`` for an invalid timeline or options (kind `.invalidInput`, with the
///   value's key path: `size`, `fps`, `crf`, `codec`, `alpha`, `workers`, …), a frame whose drawing
///   failed (named in the message), a file that cannot be written, or a cancellation (kind
///   `.interrupted`; the `.partial` files are removed and files already at `url` are kept).
@discardableResult
public func render(
    _ timeline: Timeline, to url: URL, options: VideoOptions = VideoOptions(), workers: Int? = nil,
    cancellation: RenderCancellation? = nil, progress: ((RenderProgress) -> Void)? = nil
) throws -> RenderReport {
    let (options, format) = try resolveClip(timeline, to: url, options: options)
    let (clip, rateNote) = timelineForGIF(timeline, format: format)
    let frames = try checkedFrames(nil, of: clip, output: url)
    var report = try renderClip(clip, frames: frames, to: url, format: format, options: options, workers: workers,
                                cancellation: cancellation, progress: progress)
    report.addTimingNote(rateNote)
    return report
}

/// Checks a Swift caller's timeline and options and resolves the output's format from its name:
/// what ``RenderRequest/plan(relativeTo:expecting:)`` does for the command line and batch files.
func resolveClip(_ timeline: Timeline, to url: URL, options: VideoOptions) throws -> (VideoOptions, OutputFormat) {
    try timeline.validate()
    let options = options.forTimeline(background: timeline.background)
    // Checked here, not inside the encoder, so the message names the limit before any frame is drawn.
    let format = try OutputFormat.checked(url: url, options: options, width: timeline.pixelWidth,
                                          height: timeline.pixelHeight)
    return (options, format)
}

/// Renders only the timeline's frames `frames` (inclusive, zero-based) as a clip of their own that
/// starts at time 0: frame `k` of the output is frame `frames.lowerBound + k` of the timeline. A PNG
/// sequence keeps the timeline's frame numbers in its file names.
///
/// Otherwise as ``render(_:to:options:workers:cancellation:progress:)-(_,URL,_,_,_,_)``.
///
/// - Throws: ``FlipbookError`` (invalid input, key path `frames`) when the range reaches outside the
///   timeline's frames, naming how many it has; and everything the whole-clip render throws.
@discardableResult
public func render(
    _ timeline: Timeline, frames: ClosedRange<Int>, to url: URL, options: VideoOptions = VideoOptions(),
    workers: Int? = nil, cancellation: RenderCancellation? = nil, progress: ((RenderProgress) -> Void)? = nil
) throws -> RenderReport {
    let (options, format) = try resolveClip(timeline, to: url, options: options)
    return try renderClip(timeline, frames: try checkedFrames(frames, of: timeline, output: url), to: url,
                          format: format, options: options, workers: workers, cancellation: cancellation,
                          progress: progress)
}

/// As ``render(_:frames:to:options:workers:cancellation:progress:)``, with the clip's first frame
/// presented at `timestampOffset / fps` seconds instead of 0: a clip rendered in parts continues
/// the timestamps of the part before it (render `--chunk`). Image sequences ignore it.
@discardableResult
package func render(
    _ timeline: Timeline, frames: ClosedRange<Int>, timestampOffset: Int, to url: URL, options: VideoOptions = VideoOptions(),
    workers: Int? = nil, cancellation: RenderCancellation? = nil, progress: ((RenderProgress) -> Void)? = nil
) throws -> RenderReport {
    guard timestampOffset >= 0 else {
        throw FlipbookError.mustBe("timestampOffset", "0 or more", itIs: String(timestampOffset))
    }
    let (options, format) = try resolveClip(timeline, to: url, options: options)
    return try renderClip(timeline, frames: try checkedFrames(frames, of: timeline, output: url),
                          timestampOffset: timestampOffset, to: url, format: format, options: options, workers: workers,
                          cancellation: cancellation, progress: progress)
}

/// The one render path, for a timeline, options and frames already checked and a `format` already
/// resolved (``resolveClip(_:to:options:)`` or a plan); `comment` goes in a video's `comment` tag
/// (a chunk's record).
func renderClip(
    _ timeline: Timeline, frames: ClosedRange<Int>, timestampOffset: Int = 0, part: ClosedRange<Int>? = nil,
    comment: String? = nil,
    to url: URL, format: OutputFormat, options requestedOptions: VideoOptions, workers: Int?,
    segmenting: Segmenting = Segmenting(), cancellation: RenderCancellation?, progress: ((RenderProgress) -> Void)?
) throws -> RenderReport {
    var options = requestedOptions
    let total = frames.count
    try checkWorkers(workers)
    // The caller's handle (if any) and the task's cancellation both end up in this one.
    let stop = RenderCancellation()
    let forwarding = cancellation?.onCancel { stop.cancel($0) }
    defer { cancellation?.removeHandler(forwarding) }
    let started = DispatchTime.now().uptimeNanoseconds
    // The sound is mixed first: a file that cannot be mixed stops the render before any frame is drawn.
    let audio = try ClipAudio(timeline: timeline, frames: frames, timestampOffset: timestampOffset,
                              kept: options.keptTimestamps, part: part, format: format, options: options, file: url)
    var renderPass = RenderPass(
        timeline: timeline, frames: frames, timestampOffset: timestampOffset, comment: comment, url: url, format: format,
        workerCount: min(workers ?? ProcessInfo.processInfo.activeProcessorCount, total), stop: stop,
        progress: progress, started: started, segmenting: segmenting)
    renderPass.audio = audio.sound
    // Nothing of the render outlives it, the sound's preparation included (stopped if the render
    // failed before its sound was needed).
    defer { audio.sound?.stop() }
    try stop.checkStop(renderPass.what)
    func elapsed() -> TimeInterval { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

    // A cap (an asked level's, or the user's bit rate) is first checked, not held: most clips stay
    // within it and are encoded at full speed; one that goes over is drawn and encoded again with
    // the encoder's rate buffer holding it, on one frame thread, the only way x264 holds a rate
    // deterministically (RateCapPass). Without a cap nothing is checked: the stream signals the
    // level it fits (LevelFit).
    options.rateCapPass = .checked
    var rateCapNote: String?
    let outcome: RenderPass.Outcome
    do {
        outcome = try renderPass.run(options)
    } catch let exceeded as RateCapExceeded {
        options.rateCapPass = .held
        outcome = try renderPass.run(options)
        rateCapNote = RenderPass.heldNote(exceeded)
    }
    var report = RenderReport(clip: timeline, frames: frames, url: url, format: format, options: options,
                              outcome: outcome, workers: renderPass.workerCount, wallTime: elapsed())
    report.rateCapNote = rateCapNote
    report.audioNote = audio.note
    report.audioMixTime = audio.totalTime
    return report
}

extension RenderReport {
    /// The report of a clip's pass: `frames` of `timeline` written to `url` as `format`, the sink's
    /// figures and notes from `outcome`.
    init(clip timeline: Timeline, frames: ClosedRange<Int>, url: URL, format: OutputFormat, options: VideoOptions,
         outcome: RenderPass.Outcome, workers: Int, wallTime wall: TimeInterval) {
        let sink = outcome.sink, stages = outcome.stages, total = frames.count
        self.init(
            url: url.standardizedFileURL, frameCount: total, duration: timeline.time(ofFrame: total), wallTime: wall,
            framesPerSecond: wall > 0 ? Double(total) / wall : 0, workers: workers,
            encoderThreads: (sink as? VideoEncoder)?.encoderFrameThreads ?? options.resolvedEncoderThreads,
            drawTime: stages.draw, convertTime: stages.convert,
            encodeTime: Double(outcome.encodeNanoseconds) / 1e9, encoderWaitTime: stages.wait,
            peakMemoryBytes: PeakMemory.highWaterMark())
        self.format = format
        pixelWidth = timeline.pixelWidth
        pixelHeight = timeline.pixelHeight
        self.frames = frames
        timingNote = (sink as? VideoEncoder)?.timingNote
        let levelChoice = (sink as? VideoEncoder)?.levelChoice ?? outcome.levelChoice
        level = levelChoice?.level
        levelNote = levelChoice?.note
        segments = outcome.segments
    }
}

/// The drawing thread counts ``render(_:to:options:workers:cancellation:progress:)-(_,URL,_,_,_,_)`` accepts.
public let renderWorkerRange = 1...256

/// Checks a drawing thread count (`nil`: one per core) against ``renderWorkerRange``: every render
/// path calls this before drawing, and `--dry-run` before printing its plan.
///
/// - Throws: ``FlipbookError`` naming `workers` when it is out of range.
public func checkWorkers(_ workers: Int?) throws {
    if let workers, !renderWorkerRange.contains(workers) {
        throw Setting.workers.mustBe(renderWorkerRange.requirementText, itIs: String(workers))
    }
}
