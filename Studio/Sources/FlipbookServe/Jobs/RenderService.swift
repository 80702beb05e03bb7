import Flipbook
import Foundation

/// The jobs: identical requests are one job, a request whose file exists is answered at once, at
/// most `jobs` render at once and only while their estimated memory fits the budget
/// (``MemoryAdmission``), at most `queueLimit` wait, each is journaled before it starts and as
/// it ends, and finished files are kept under the size budget, oldest first. Knows nothing of HTTP.
actor RenderService {
    nonisolated let options: ServeOptions
    nonisolated let journal: Journal
    nonisolated let templates: TemplateStore
    nonisolated let filesFolder: URL
    nonisolated let scenesFolder: URL
    private var waiting: [String] = []
    private var plans: [String: OutputPlan] = [:]
    private var running: [String: RenderCancellation] = [:]
    private var admission: MemoryAdmission
    private var subscribers: [String: [UUID: AsyncStream<JobEvent>.Continuation]] = [:]
    private var latest: [String: JobEvent] = [:]
    /// Set when the server stops: renders interrupted then stay queued for the next start.
    private var stopping = false
    /// How many renders this service started.
    private(set) var startedCount = 0
    /// Sends a finished job's webhook.
    nonisolated let webhooks: WebhookSender
    /// The running and waiting counts, for health checks that must not queue behind the actor.
    private nonisolated let gauge = Gauge()

    init(options: ServeOptions) throws {
        self.options = options
        try FileManager.default.createDirectory(at: options.data, withIntermediateDirectories: true)
        journal = try Journal(url: options.data.appendingPathComponent("journal.sqlite"))
        templates = TemplateStore(folder: options.data.appendingPathComponent("templates"))
        filesFolder = options.data.appendingPathComponent("files")
        scenesFolder = options.data.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: filesFolder, withIntermediateDirectories: true)
        webhooks = WebhookSender(journal: journal)
        admission = MemoryAdmission(jobs: options.jobs, budget: options.resolvedMemoryBudget)
    }

    /// Re-queues the jobs a stopped service left unfinished (their `.partial` files removed first).
    func recover() throws {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: filesFolder.path)) ?? [] where name.hasSuffix(".partial") {
            try? FileManager.default.removeItem(at: filesFolder.appendingPathComponent(name))
        }
        for var record in try journal.unfinished() {
            do {
                let order = try RenderOrder(json: record.request)
                plans[record.id] = try plan(order, id: record.id)
                record.status = .queued
                try journal.save(record)
                waiting.append(record.id)
                gauge.set(running: running.count, waiting: waiting.count)
            } catch {
                record.status = .failed
                record.error = (error as? ServeError)?.message ?? "\(error)"
                try journal.save(record)
            }
        }
        startWaiting()
    }

    /// The file a job writes.
    nonisolated func fileURL(_ id: String, output: String) -> URL { filesFolder.appendingPathComponent("\(id).\(output)") }

    /// Plans `order` as `flipbook render` would: every value checked now, nothing drawn.
    ///
    /// - Throws: ``ServeError`` 400 with the library's message and pointer; 404 for an unknown template.
    nonisolated func plan(_ order: RenderOrder, id: String) throws -> OutputPlan {
        let scenePath: String
        if let template = order.template {
            _ = try templates.digest(of: template)
            scenePath = templates.url(of: template).path
        } else {
            let folder = scenesFolder.appendingPathComponent(id)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let scene = folder.appendingPathComponent("scene.json")
            // Identical requests plan at once and write the same file: each replaces it whole, so
            // none reads another's half-written copy.
            try order.scene?.write(to: scene, options: .atomic)
            do {
                try SceneBundle.checkFilesInside(folder, sceneData: order.scene ?? Data(), scene: scene, source: "scene",
                                                 holder: "the request (an inline scene reads no files: PUT a template bundle)")
            } catch let error as FlipbookError {
                throw ServeError(status: 400, error.message, pointer: "/scene")
            }
            scenePath = scene.path
        }
        var request = try order.renderRequest(scenePath: scenePath, output: fileURL(id, output: order.output))
        // The operator's cache serves every job; a client cannot name a folder (RenderOrder.reservedSettings).
        if let cache = options.cache {
            request.cache = cache.path
            request.cacheLimit = options.cacheLimit
        }
        do {
            var plan = try request.plan(relativeTo: options.data, expecting: .clip)
            // Each job plans its encoders within an equal share of the budget; it never changes a file's bytes.
            plan.memoryBudget = options.resolvedMemoryBudget / options.jobs
            return plan
        } catch let error as FlipbookError {
            // An error the scene's own value caused names the scene; one about a setting, its key.
            let fromScene = error.location.file != nil
            var refusal = ServeError(error, prefix: fromScene ? (order.scene != nil ? "/scene" : "") : "/settings")
            // The inline scene's file here is the service's own: the message calls it "scene".
            if order.scene != nil { refusal.message = refusal.message.replacingOccurrences(of: scenePath, with: "scene") }
            throw refusal
        }
    }

    /// Takes a request: answers at once for a file that exists, joins an identical job in flight,
    /// else journals and queues a new one. Reading and planning happen outside the actor, so a slow
    /// plan holds up no other request.
    ///
    /// - Throws: ``ServeError``: 400/404 for a request that does not plan, 429 when the queue is full.
    nonisolated func submit(_ body: Data) async throws -> JobRecord {
        let order = try RenderOrder(json: body)
        let id = try order.identity(templateDigest: try order.template.map(templates.digest(of:)))
        if let existing = try await existing(id) { return existing }
        if let webhook = order.webhook { try webhook.checkHost(allowed: options.allowedWebhookHosts) }
        try await checkRoom()
        let plan = try plan(order, id: id)
        return try await enqueue(id: id, body: body, output: order.output, plan: plan)
    }

    /// The job `id` when it is queued, running, or done with its file.
    private func existing(_ id: String) throws -> JobRecord? {
        guard let record = try journal.job(id) else { return nil }
        switch record.status {
        case .queued, .running: return record
        case .done where FileManager.default.fileExists(atPath: fileURL(id, output: record.output).path): return record
        default: return nil
        }
    }

    private func checkRoom() throws {
        guard waiting.count < options.queueLimit else {
            throw ServeError(status: 429, "The queue is full (\(options.queueLimit) jobs wait); try again later.", retryAfter: 5)
        }
    }

    private func enqueue(id: String, body: Data, output: String, plan: OutputPlan) throws -> JobRecord {
        // An identical request may have been queued while this one planned.
        if let existing = try existing(id) { return existing }
        try checkRoom()
        let record = JobRecord(id: id, status: .queued, request: body, output: output, created: Date().timeIntervalSince1970,
                               framesEncoded: 0, totalFrames: plan.framesWritten.count, plan: JobJSON.plan(plan))
        try journal.save(record)
        plans[id] = plan
        waiting.append(id)
        gauge.set(running: running.count, waiting: waiting.count)
        startWaiting()
        return record
    }

    /// Starts waiting jobs, first come first started, while ``MemoryAdmission`` admits the next.
    private func startWaiting() {
        while let id = waiting.first {
            guard let plan = plans[id] else {
                waiting.removeFirst()
                continue
            }
            let estimate = plan.estimatedPeakMemory()
            guard admission.admits(estimate) else { break }
            waiting.removeFirst()
            plans[id] = nil
            admission.start(id, estimate: estimate)
            let cancellation = RenderCancellation()
            running[id] = cancellation
            startedCount += 1
            gauge.set(running: running.count, waiting: waiting.count)
            if var record = try? journal.job(id) {
                record.status = .running
                record.started = Date().timeIntervalSince1970
                try? journal.save(record)
            }
            // Drawing blocks its thread: it runs on its own, off the server's threads.
            Thread.detachNewThread { [self] in
                let result: Result<RenderReport, any Error> = Result {
                    try plan.run(cancellation: cancellation) { progress in
                        let event = JobEvent(kind: .progress, framesEncoded: progress.framesEncoded, totalFrames: progress.totalFrames,
                                             eta: progress.estimatedTimeRemaining)
                        Task { await self.publish(id, event) }
                    }
                }
                Task { await self.finish(id, result) }
            }
        }
    }

    private func finish(_ id: String, _ result: Result<RenderReport, any Error>) {
        running[id] = nil
        admission.finish(id)
        gauge.set(running: running.count, waiting: waiting.count)
        guard var record = try? journal.job(id) else { return startWaiting() }
        record.finished = Date().timeIntervalSince1970
        switch result {
        case .success(let report):
            record.status = .done
            if options.cache != nil, let segments = report.segments {
                record.segments = segments.timings.count
                record.segmentsReused = segments.reusedCount
            }
            record.framesEncoded = record.totalFrames
            record.bytes = (try? FileManager.default.attributesOfItem(atPath: fileURL(id, output: record.output).path)[.size] as? NSNumber)?.int64Value
        case .failure(let error as FlipbookError) where error.kind == .interrupted && stopping:
            // Stopped with the server, not cancelled: the next start renders it again.
            record.status = .queued
            record.started = nil
            record.finished = nil
            try? journal.save(record)
            return
        case .failure(let error as FlipbookError) where error.kind == .interrupted:
            record.status = .cancelled
        case .failure(let error):
            record.status = .failed
            record.error = (error as? FlipbookError)?.description ?? "\(error)"
        }
        try? journal.save(record)
        if record.status == .cancelled { try? journal.delete(id) }
        let kind: JobEvent.Kind = switch record.status { case .done: .done; case .cancelled: .cancelled; default: .failed }
        publish(id, JobEvent(kind: kind, framesEncoded: record.framesEncoded, totalFrames: record.totalFrames, eta: 0, error: record.error))
        if record.status != .cancelled, let order = try? RenderOrder(json: record.request), let webhook = order.webhook {
            webhooks.deliver(record, to: webhook)
        }
        trimFiles()
        startWaiting()
    }

    /// Removes the oldest finished files while they hold more than the budget.
    private func trimFiles() {
        guard var records = try? journal.done() else { return }
        var total = records.reduce(Int64(0)) { $0 + ($1.bytes ?? 0) }
        while total > options.keepBytes, !records.isEmpty {
            let oldest = records.removeFirst()
            try? FileManager.default.removeItem(at: fileURL(oldest.id, output: oldest.output))
            try? journal.delete(oldest.id)
            total -= oldest.bytes ?? 0
        }
    }

    private func publish(_ id: String, _ event: JobEvent) {
        if event.kind == .progress, let last = latest[id], last.isLast || last.framesEncoded > event.framesEncoded { return }
        latest[id] = event
        for continuation in subscribers[id]?.values ?? [:].values {
            continuation.yield(event)
            if event.isLast { continuation.finish() }
        }
        if event.isLast {
            subscribers[id] = nil
            latest[id] = nil
        }
    }

    /// The job's events from now on, starting with where it stands; a finished job's stream holds its last event.
    func events(_ id: String) throws -> AsyncStream<JobEvent> {
        guard let record = try journal.job(id) else { throw ServeError(status: 404, "There is no render \(id).") }
        let (stream, continuation) = AsyncStream.makeStream(of: JobEvent.self, bufferingPolicy: .bufferingNewest(64))
        let now = latest[id] ?? JobEvent(kind: .progress, framesEncoded: record.framesEncoded, totalFrames: record.totalFrames)
        switch record.status {
        case .done, .failed, .cancelled:
            let kind: JobEvent.Kind = record.status == .done ? .done : record.status == .failed ? .failed : .cancelled
            continuation.yield(JobEvent(kind: kind, framesEncoded: record.framesEncoded, totalFrames: record.totalFrames, eta: 0, error: record.error))
            continuation.finish()
        case .queued, .running:
            continuation.yield(now)
            let key = UUID()
            subscribers[id, default: [:]][key] = continuation
            continuation.onTermination = { _ in Task { await self.unsubscribe(id, key) } }
        }
        return stream
    }

    private func unsubscribe(_ id: String, _ key: UUID) { subscribers[id]?[key] = nil }

    /// The job as it stands, with the latest progress.
    func job(_ id: String) throws -> JobRecord {
        guard var record = try journal.job(id) else { throw ServeError(status: 404, "There is no render \(id).") }
        if let event = latest[id] { record.framesEncoded = event.framesEncoded }
        return record
    }

    /// Cancels a queued or running job: it ends `cancelled`, leaves no file, and is forgotten.
    ///
    /// - Throws: ``ServeError`` 404 for no such job, 409 for one already finished.
    func cancel(_ id: String) throws -> JobRecord {
        guard var record = try journal.job(id) else { throw ServeError(status: 404, "There is no render \(id).") }
        switch record.status {
        case .running:
            running[id]?.cancel()
        case .queued:
            waiting.removeAll { $0 == id }
            gauge.set(running: running.count, waiting: waiting.count)
            plans[id] = nil
            try journal.delete(id)
            publish(id, JobEvent(kind: .cancelled, framesEncoded: 0, totalFrames: record.totalFrames))
        default:
            throw ServeError(status: 409, "Render \(id) is \(record.status.rawValue); only a queued or running render can be cancelled.")
        }
        record.status = .cancelled
        return record
    }

    /// Stops every running render; the journal keeps them queued for the next start.
    func shutdown() {
        stopping = true
        for cancellation in running.values { cancellation.cancel() }
    }

    /// The running renders' estimated peak memory together, in bytes.
    var memoryInUse: Int { admission.inUse }

    /// How many jobs run and wait, read without waiting for the actor.
    nonisolated func counts() -> (running: Int, waiting: Int) { gauge.get() }
}

/// Two counts behind a lock: what `GET /v1/health` reads.
final class Gauge: @unchecked Sendable {
    // @unchecked: `values` is read and written under `lock`.
    private let lock = NSLock()
    private var values = (running: 0, waiting: 0)
    func set(running: Int, waiting: Int) { lock.withLock { values = (running, waiting) } }
    func get() -> (running: Int, waiting: Int) { lock.withLock { values } }
}
