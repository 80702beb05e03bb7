import Flipbook
import Foundation

/// The renders started from the page, run one at a time (each uses every core), in the order asked;
/// each can be cancelled, which leaves no partial file. Every change of a job is reported to
/// `onChange`. Knows nothing of HTTP, so another front end can reuse it.
final class RenderQueue: @unchecked Sendable {
    // @unchecked: `jobs`, `cancellations`, `urls` and `nextID` are read and written under `lock`.
    private let lock = NSLock()
    private var jobs: [Int: RenderJob] = [:]
    private var cancellations: [Int: RenderCancellation] = [:]
    private var urls: [Int: URL] = [:]
    private var nextID = 0
    private let queue = DispatchQueue(label: "flipbook.studio.renders")
    /// Where outputs are written.
    let folder: URL
    private let onChange: @Sendable (RenderJob) -> Void

    init(folder: URL, onChange: @escaping @Sendable (RenderJob) -> Void) {
        self.folder = folder
        self.onChange = onChange
    }

    /// Plans the render (so a bad order is refused at once, with the library's message) and queues it.
    ///
    /// - Throws: ``StudioError`` or ``FlipbookError`` for an order that cannot be rendered.
    func start(_ order: RenderOrder, scene: String, file: SceneFile) throws -> RenderJob {
        let request = try order.renderRequest(scene: scene, file: file)
        let plan = try request.plan(relativeTo: folder, expecting: .clip)
        let cancellation = RenderCancellation()
        let output = try order.checkedOutputName()
        let job = lock.withLock { () -> RenderJob in
            nextID += 1
            let job = RenderJob(id: nextID, output: output, state: .queued, framesEncoded: 0,
                                totalFrames: plan.framesWritten.count, framesPerSecond: 0, error: nil,
                                command: order.command(scene: scene))
            jobs[job.id] = job
            cancellations[job.id] = cancellation
            urls[job.id] = plan.destination
            return job
        }
        onChange(job)
        queue.async { self.run(job.id, plan: plan, cancellation: cancellation) }
        return job
    }

    private func run(_ id: Int, plan: OutputPlan, cancellation: RenderCancellation) {
        guard !cancellation.isCancelled else {
            update(id) { $0.state = .cancelled }
            return
        }
        update(id) { $0.state = .running }
        let throttle = ReportThrottle()
        do {
            try plan.run(cancellation: cancellation) { progress in
                guard throttle.shouldReport(last: progress.framesEncoded == progress.totalFrames) else { return }
                self.update(id) {
                    $0.framesEncoded = progress.framesEncoded
                    $0.framesPerSecond = progress.framesPerSecond
                }
            }
            update(id) {
                $0.state = .finished
                $0.framesEncoded = $0.totalFrames
            }
        } catch let error as FlipbookError where error.kind == .interrupted {
            update(id) { $0.state = .cancelled }
        } catch {
            update(id) {
                $0.state = .failed
                $0.error = "\(error)"
            }
        }
    }

    private func update(_ id: Int, _ change: (inout RenderJob) -> Void) {
        let job = lock.withLock { () -> RenderJob? in
            guard var job = jobs[id] else { return nil }
            change(&job)
            jobs[id] = job
            return job
        }
        if let job { onChange(job) }
    }

    /// Cancels job `id`, queued or running.
    ///
    /// - Throws: ``StudioError`` 404 for no such job.
    func cancel(_ id: Int) throws -> RenderJob {
        guard let cancellation = lock.withLock({ cancellations[id] }), let job = lock.withLock({ jobs[id] }) else {
            throw StudioError(status: 404, "There is no render \(id).")
        }
        cancellation.cancel()
        return job
    }

    /// Job `id` as it stands.
    func job(_ id: Int) -> RenderJob? { lock.withLock { jobs[id] } }

    /// The file of a finished job.
    ///
    /// - Throws: ``StudioError`` 404 for no such job, 409 for one not finished.
    func finishedFile(_ id: Int) throws -> URL {
        guard let job = job(id), let url = lock.withLock({ urls[id] }) else {
            throw StudioError(status: 404, "There is no render \(id).")
        }
        guard job.state == .finished else {
            throw StudioError(status: 409, "Render \(id) is \(job.state.rawValue), not finished.")
        }
        return url
    }
}

/// At most ten progress reports a second reach the pages; the last always does.
private final class ReportThrottle: @unchecked Sendable {
    // @unchecked: `last` is read and written under `lock`.
    private let lock = NSLock()
    private var last = Date.distantPast

    func shouldReport(last isLast: Bool) -> Bool {
        lock.withLock {
            let now = Date()
            guard isLast || now.timeIntervalSince(last) >= 0.1 else { return false }
            last = now
            return true
        }
    }
}
