import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// How one batch job ended.
public struct BatchJobResult: Sendable {
    /// The outcomes a job can have.
    public enum Status: String, Sendable, Equatable {
        /// The output was written.
        case succeeded = "ok"
        /// Rendering or writing failed.
        case failed = "FAILED"
        /// A value in the job (or its scene file) was wrong; nothing was rendered.
        case invalid = "INVALID"
        /// A cancellation or a signal stopped it; its unfinished file was removed.
        case interrupted = "INTERRUPTED"
        /// A cancellation or a signal came before it started.
        case notRun = "not run"
        /// Its output was already there, as a template batch's manifest records it (`--resume`).
        case skipped
    }

    /// The job's position in the file, from 0.
    public var index: Int
    /// The job's label (its name, or `#3 party.mp4`).
    public var label: String
    /// The file the job writes.
    public var output: URL
    /// How it ended.
    public var status: Status
    /// Frames written: the clip's, or 1 for a still; `nil` unless it succeeded.
    public var frames: Int?
    /// Seconds the job took.
    public var seconds: TimeInterval
    /// Why it did not succeed, with key paths relative to the file (`jobs[2].crf`).
    public var error: FlipbookError?
    /// What its timeline warns of but still renders (``Timeline/warnings``): captions cues never
    /// shown, what its Lottie layers do not draw. Empty when its scene could not be read.
    public var warnings: [String]

    /// A result, as ``runJob(_:index:baseDirectory:workers:cancellation:progress:)`` makes them.
    public init(index: Int, label: String, output: URL, status: Status, frames: Int? = nil, seconds: TimeInterval,
                error: FlipbookError? = nil, warnings: [String] = []) {
        self.index = index
        self.label = label
        self.output = output
        self.status = status
        self.frames = frames
        self.seconds = seconds
        self.error = error
        self.warnings = warnings
    }
}

/// How a whole batch ended.
public struct BatchReport: Sendable {
    /// One result per job, in file order.
    public var results: [BatchJobResult]
    /// Seconds from the first job's start to the last one's end.
    public var wallTime: TimeInterval

    /// A report of `results` (in job order) that took `wallTime` seconds.
    public init(results: [BatchJobResult], wallTime: TimeInterval) {
        self.results = results
        self.wallTime = wallTime
    }

    /// How many jobs ended with `status`.
    public func count(_ status: BatchJobResult.Status) -> Int { results.filter { $0.status == status }.count }

    /// The kind of failure that sums up the batch, or `nil` when every job succeeded (or was
    /// skipped, its output already there): an
    /// interruption first, then invalid input, then any other failure (the first job's kind).
    public var failureKind: FlipbookError.Kind? {
        if results.contains(where: { $0.status == .interrupted || $0.status == .notRun }) { return .interrupted }
        if results.contains(where: { $0.status == .invalid }) { return .invalidInput }
        return results.first { $0.status == .failed }.map { $0.error?.kind ?? .internal }
    }
}

/// Runs every job of `batch`, `concurrentJobs` at a time. A failing job never stops the others:
/// its error is kept in its result. A cancellation stops the jobs running (removing their
/// unfinished files) and starts no more.
///
/// - Parameters:
///   - shard: Runs only this shard's jobs (``BatchFile/jobIndices(inShard:)``), so N tasks of a job
///     array share one batch file; `nil` runs them all.
///   - workersPerJob: Drawing threads per clip; `nil` shares the cores between the running jobs.
///   - progress: Called with a job's index and its progress, on that job's thread.
///   - finished: Called with each job's result as soon as it ends, on that job's thread.
public func runBatch(
    _ batch: BatchFile, shard: Chunk? = nil, concurrentJobs: Int = 1, workersPerJob: Int? = nil,
    cancellation: RenderCancellation? = nil,
    progress: (@Sendable (Int, RenderProgress) -> Void)? = nil,
    finished: (@Sendable (BatchJobResult) -> Void)? = nil
) -> BatchReport {
    let jobs = batch.jobs
    return runConcurrently(
        batch.jobIndices(inShard: shard), concurrentJobs: concurrentJobs, workersPerJob: workersPerJob,
        finished: finished
    ) { index, workers in
        runJob(jobs[index], index: index, baseDirectory: batch.baseDirectory, workers: workers,
               cancellation: cancellation, progress: progress.map { report in { report(index, $0) } })
    }
}

/// Runs the jobs `chosen` (by index), `concurrentJobs` at a time, handing each its index and its
/// number of drawing threads (`workersPerJob`, or the cores shared between the running jobs);
/// the report keeps the results in the order of `chosen`. Batch files and template batches both
/// run this way.
func runConcurrently(
    _ chosen: [Int], concurrentJobs: Int, workersPerJob: Int?, finished: (@Sendable (BatchJobResult) -> Void)?,
    _ job: @Sendable (_ index: Int, _ workers: Int) -> BatchJobResult
) -> BatchReport {
    let started = Date()
    let threads = max(1, min(concurrentJobs, chosen.count))
    let workers = workersPerJob ?? max(1, ProcessInfo.processInfo.activeProcessorCount / threads)
    let results = BatchResults(count: chosen.count)
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        while let position = results.claim() {
            let result = job(chosen[position], workers)
            results.set(position, result)
            finished?(result)
        }
    }
    return BatchReport(results: results.all, wallTime: Date().timeIntervalSince(started))
}

/// Prepares and runs one job of a batch file, never throwing: every error ends up in the result,
/// placed at the job (`jobs[2].crf`).
public func runJob(
    _ job: BatchJob, index: Int, baseDirectory: URL?, workers: Int? = nil, cancellation: RenderCancellation? = nil,
    progress: ((RenderProgress) -> Void)? = nil
) -> BatchJobResult {
    let started = Date()
    let output = job.outputURL(relativeTo: baseDirectory)
    var warnings: [String] = []
    func result(_ status: BatchJobResult.Status, frames: Int? = nil, error: FlipbookError? = nil) -> BatchJobResult {
        BatchJobResult(index: index, label: job.label(index: index), output: output, status: status, frames: frames,
                       seconds: Date().timeIntervalSince(started), error: error, warnings: warnings)
    }
    if let reason = cancellation?.reason {
        return result(.notRun, error: .interrupted("Cannot render \(output.path)", reason: reason))
    }
    let plans: [OutputPlan]
    do {
        plans = try job.prepareAll(relativeTo: baseDirectory)
    } catch {
        let placed = placedInJob(error, index: index, written: job.written)
        return result(placed.kind == .invalidInput ? .invalid : .failed, error: placed)
    }
    // Every output of a job draws the same timeline.
    warnings = plans.first?.timeline.warnings ?? []
    do {
        if plans.count == 1 {
            let report = try plans[0].run(workers: workers, cancellation: cancellation, progress: progress)
            return result(.succeeded, frames: report.frameCount)
        }
        let reports = try OutputPlan.run(together: plans, workers: workers, cancellation: cancellation, progress: progress)
        return result(.succeeded, frames: reports.first?.frameCount)
    } catch {
        let placed = placedInJob(error, index: index)
        return result(placed.kind == .interrupted ? .interrupted : .failed, error: placed)
    }
}

/// `error` as a ``FlipbookError`` whose key path (if it is about the job's own values) starts at
/// `jobs[index]`, showing the value as `written` has it; errors that name a scene file keep that
/// file instead.
private func placedInJob(_ error: any Error, index: Int, written: [String: String] = [:]) -> FlipbookError {
    let error = error as? FlipbookError ?? FlipbookError(.internal, "\(error)")
    guard error.location.file == nil, let keyPath = error.location.keyPath else { return error }
    let shown = written[keyPath].map(error.writtenAs) ?? error
    return shown.at(keyPath: "jobs[\(index)]")
}

/// Hands out job indices to the batch's threads and collects their results in job order.
private final class BatchResults: @unchecked Sendable {
    // @unchecked: every property is read and written only with `lock` held.
    private let lock = NSLock()
    private var next = 0
    private var results: [BatchJobResult?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < results.count else { return nil }
        defer { next += 1 }
        return next
    }

    func set(_ index: Int, _ result: BatchJobResult) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    var all: [BatchJobResult] {
        lock.lock()
        defer { lock.unlock() }
        return results.compactMap { $0 }
    }
}
