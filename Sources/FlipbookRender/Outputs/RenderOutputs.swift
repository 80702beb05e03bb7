import FlipbookAnimation
import FlipbookCore
import FlipbookDrawing
import FlipbookVideo
import Foundation

/// Renders a timeline to several outputs from one drawing: `[a.mp4, b.webm, c.gif]` for the site,
/// a web overlay with alpha and a README.
///
/// Each frame is drawn once and fed to every output; the workers convert it into each output's
/// pixel layout (once per distinct layout), and each output's encoder runs on a thread of its own,
/// fed the frames in order, so the encoders work at the same time. Every file is byte-identical to rendering it alone with
/// ``render(_:to:options:workers:cancellation:progress:)-(_,URL,_,_,_,_)``: each output is resolved
/// from its name and `options` as it would be alone, and where a single render would encode the
/// frames differently, that output gets its own pass, as alone:
///
/// - a GIF from a timeline faster than a GIF plays takes every k-th drawn frame (its frames are
///   exactly those); with motion blur, whose shutter is a fraction of the frame interval, it is
///   drawn on its own at its rate;
/// - an H.264 clip long enough to be encoded in segments (``SegmentLayout``) is encoded in segments
///   on its own pass; a shorter one, one encode, shares the drawing;
/// - a stream that goes over its bit-rate cap is encoded again on its own, held to it.
///
/// A failure in any output (or a cancellation) stops them all and leaves none half-written: every
/// file waits, finished, until all are, and then they are moved into place together; until then the
/// files already at those names are untouched and no `.partial` file is left.
///
/// - Parameters:
///   - urls: The files to write, each as for a render of one (a `%05d` pattern for PNGs); two may
///     not name the same file.
/// - Returns: One report per output, in the order of `urls`; each has the whole render's wall time.
/// - Throws: ``FlipbookError``: everything a render of each output alone throws, and (invalid
///   input, key path `outputs`) for an empty list or a file named twice.
@discardableResult
public func render(
    _ timeline: Timeline, to urls: [URL], options: VideoOptions = VideoOptions(), workers: Int? = nil,
    cancellation: RenderCancellation? = nil, progress: ((RenderProgress) -> Void)? = nil
) throws -> [RenderReport] {
    let plans = try urls.map { url in
        let (resolved, format) = try resolveClip(timeline, to: url, options: options)
        let (clip, rateNote) = timelineForGIF(timeline, format: format)
        var plan = OutputPlan(destination: url.standardizedFileURL, kind: .clip(format.container), timeline: clip,
                              frames: try checkedFrames(nil, of: clip, output: url), still: nil)
        plan.format = format
        plan.options = resolved
        plan.rateNote = rateNote
        return plan
    }
    return try renderSharing(plans, workers: workers, cancellation: cancellation, progress: progress)
}

/// Renders `plans` (checked by ``checkSharedOutputs(_:)``), drawing each frame once for every
/// output that can share it; the rest get passes of their own. Publishes all files or none.
func renderSharing(
    _ plans: [OutputPlan], workers: Int?, cancellation: RenderCancellation?, progress: ((RenderProgress) -> Void)?
) throws -> [RenderReport] {
    try checkSharedOutputs(plans)
    try checkWorkers(workers)
    let stop = RenderCancellation()
    let forwarding = cancellation?.onCancel { stop.cancel($0) }
    defer { cancellation?.removeHandler(forwarding) }
    if Task.isCancelled { stop.cancel(.cancelled) }
    let started = DispatchTime.now().uptimeNanoseconds
    let sharing = SharingPlan(plans)
    // Each output's sound is mixed first, as alone: a file that cannot be mixed stops the render
    // before any frame is drawn. An output rendered apart prepares its sound in its own render.
    let audio = try plans.indices.map { index -> ClipAudio in
        let plan = plans[index]
        guard let format = plan.format, let options = plan.options, plan.still == nil else { return ClipAudio() }
        return try ClipAudio(timeline: plan.timeline, frames: plan.framesWritten, timestampOffset: 0,
                             kept: options.keptTimestamps, format: format, options: options, file: plan.destination,
                             preparing: !sharing.apart.contains(index))
    }
    // Nothing of the render outlives it, the sounds' preparations included.
    defer { for clip in audio { clip.sound?.stop() } }
    let group = CommitGroup()
    var reports: [RenderReport?] = plans.map { _ in nil }
    do {
        try CommitGroup.$current.withValue(group) {
            if !sharing.shared.isEmpty {
                try runShared(sharing, plans: plans, audio: audio, workers: workers, stop: stop, started: started,
                              progress: progress, into: &reports)
            }
            for index in sharing.apart {
                reports[index] = try plans[index].run(workers: workers, cancellation: stop, progress: progress)
            }
        }
        try group.commit()
    } catch {
        group.discard()
        throw error
    }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    return reports.compactMap { report in
        guard var report else { return nil }
        report.wallTime = wall
        report.framesPerSecond = wall > 0 ? Double(report.frameCount) / wall : 0
        return report
    }
}

/// The shared pass of `sharing`, and for each of its outputs that went over its cap, that output's
/// held pass; their reports go into `reports` by plan.
private func runShared(
    _ sharing: SharingPlan, plans: [OutputPlan], audio: [ClipAudio], workers: Int?, stop: RenderCancellation, started: UInt64,
    progress: ((RenderProgress) -> Void)?, into reports: inout [RenderReport?]
) throws {
    let drawn = plans[sharing.drawnBy]
    let workerCount = min(workers ?? ProcessInfo.processInfo.activeProcessorCount, drawn.framesWritten.count)
    let outputs = try sharing.shared.map { shared in
        let plan = plans[shared.plan]
        guard let format = plan.format, let options = plan.options else {
            throw FlipbookError.internal("a clip's plan has no format")
        }
        return SharedPass.Output(url: plan.destination, format: format, options: options, timeline: plan.timeline,
                                 step: shared.step, frameCount: plan.framesWritten.count, audio: audio[shared.plan].sound)
    }
    let pass = SharedPass(timeline: drawn.timeline, frames: drawn.framesWritten, outputs: outputs,
                          workerCount: workerCount, stop: stop, progress: progress, started: started)
    for (shared, (output, result)) in zip(sharing.shared, zip(outputs, try pass.run())) {
        let plan = plans[shared.plan]
        var report: RenderReport
        switch result {
        case .finished(let outcome):
            report = RenderReport(clip: plan.timeline, frames: plan.framesWritten, url: plan.destination,
                                  format: output.format, options: output.options, outcome: outcome, workers: workerCount,
                                  wallTime: 0)
        case .overCap(let exceeded):
            var options = output.options
            options.rateCapPass = .held
            var held = RenderPass(
                timeline: plan.timeline, frames: plan.framesWritten, timestampOffset: 0, comment: nil, url: plan.destination,
                format: output.format, workerCount: min(workerCount, plan.framesWritten.count), stop: stop,
                progress: progress, started: started, segmenting: plan.segmenting)
            held.audio = output.audio
            report = RenderReport(clip: plan.timeline, frames: plan.framesWritten, url: plan.destination,
                                  format: output.format, options: options, outcome: try held.run(options),
                                  workers: held.workerCount, wallTime: 0)
            report.rateCapNote = RenderPass.heldNote(exceeded)
        }
        report.addTimingNote(plan.rateNote)
        report.audioNote = audio[shared.plan].note
        report.audioMixTime = audio[shared.plan].totalTime
        reports[shared.plan] = report
    }
}

/// Checks outputs meant to share one drawing: at least one, each a whole clip (not a still, not a
/// chunk), no file named twice.
///
/// - Throws: ``FlipbookError`` (invalid input, key path `outputs`).
func checkSharedOutputs(_ plans: [OutputPlan]) throws {
    guard !plans.isEmpty else {
        throw FlipbookError(invalid: "outputs", "must list at least one output; it is empty.",
                            at: .init(keyPath: "outputs"))
    }
    var seen = Set<String>()
    for (index, plan) in plans.enumerated() {
        let name = plan.destination.lastPathComponent
        if plan.still != nil, plans.count > 1 {
            throw FlipbookError(
                invalid: "outputs[\(index)]",
                "is a still (\"\(name)\"); outputs drawn together are clips: write a still in a job of its own.",
                at: .init(keyPath: "outputs[\(index)]"))
        }
        if plan.part != nil, plans.count > 1 {
            throw FlipbookError(invalid: "outputs", "cannot be rendered in chunks: a chunk is one part of one clip; "
                                    + "give one output with it.", at: .init(keyPath: "outputs"))
        }
        guard seen.insert(plan.destination.path).inserted else {
            throw FlipbookError(invalid: "outputs", "names \(plan.destination.path) twice; each output needs a file of its own.",
                                at: .init(keyPath: "outputs"))
        }
    }
}

extension OutputPlan {
    /// Renders several clips' plans from one drawing (``RenderRequest/plans(outputs:relativeTo:expecting:)``
    /// makes them), as ``render(_:to:options:workers:cancellation:progress:)-(_,[URL],_,_,_,_)`` does;
    /// returns one report per plan, in order.
    ///
    /// - Throws: ``FlipbookError``: everything each plan's ``run(workers:cancellation:progress:)``
    ///   throws, and (invalid input, key path `outputs`) for a still or a chunk among several
    ///   outputs, or a file named twice.
    @discardableResult
    public static func run(
        together plans: [OutputPlan], workers: Int? = nil, cancellation: RenderCancellation? = nil,
        progress: ((RenderProgress) -> Void)? = nil
    ) throws -> [RenderReport] {
        try renderSharing(plans, workers: workers, cancellation: cancellation, progress: progress)
    }
}

extension RenderRequest {
    /// The plans of `outputs` drawn together: this request with each output in turn, planned as
    /// alone (``plan(relativeTo:expecting:)``), so each output gets the format, settings and
    /// errors it would alone; then checked together (no still or chunk among several, no file twice).
    public func plans(outputs: [String], relativeTo directory: URL? = nil,
                      expecting expected: OutputKind.Expected = .clip) throws -> [OutputPlan] {
        let plans = try outputs.map { output in
            var request = self
            request.output = output
            return try request.plan(relativeTo: directory, expecting: expected)
        }
        try checkSharedOutputs(plans)
        return plans
    }
}

private extension ClipAudio {
    /// No sound: a still's.
    init() {}
}
