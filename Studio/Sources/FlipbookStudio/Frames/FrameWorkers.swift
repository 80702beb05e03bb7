import Foundation

/// Draws frames on at most one thread per core, newest request first. A request in a lane (one
/// page's scrubbing) replaces that lane's requests still waiting: only the frame asked for last
/// matters there. A request whose task is cancelled while waiting is dropped.
final class FrameWorkers: @unchecked Sendable {
    // @unchecked: `pending` and `running` are read and written under `lock`.
    private struct Job {
        var id: UInt64
        var lane: String?
        var work: @Sendable () throws -> Data
        var continuation: CheckedContinuation<Data, any Error>
    }

    private let lock = NSLock()
    private var pending: [Job] = []
    private var running = 0
    private var nextID: UInt64 = 0
    /// Frames drawn at once.
    let limit: Int

    init(limit: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.limit = max(1, limit)
    }

    /// Runs `work` on a worker thread when one is free.
    ///
    /// - Throws: what `work` throws; ``StudioError`` 409 when a newer request in the same lane
    ///   replaced this one before it started; `CancellationError` when the task was cancelled first.
    func run(lane: String?, _ work: @escaping @Sendable () throws -> Data) async throws -> Data {
        try Task.checkCancellation()
        let id = lock.withLock { () -> UInt64 in
            nextID += 1
            return nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enqueue(Job(id: id, lane: lane, work: work, continuation: continuation))
            }
        } onCancel: {
            drop(id) { CancellationError() }
        }
    }

    private func enqueue(_ job: Job) {
        var replaced: [Job] = []
        lock.withLock {
            if let lane = job.lane {
                replaced = pending.filter { $0.lane == lane }
                pending.removeAll { $0.lane == lane }
            }
            pending.append(job)
        }
        for old in replaced {
            old.continuation.resume(throwing: StudioError(status: 409, "A newer frame was asked for; this one was dropped."))
        }
        startWaiting()
    }

    private func drop(_ id: UInt64, error: () -> any Error) {
        let job = lock.withLock { () -> Job? in
            guard let index = pending.firstIndex(where: { $0.id == id }) else { return nil }
            return pending.remove(at: index)
        }
        job?.continuation.resume(throwing: error())
    }

    private func startWaiting() {
        while let job = lock.withLock({ () -> Job? in
            guard running < limit, let newest = pending.popLast() else { return nil }
            running += 1
            return newest
        }) {
            DispatchQueue.global(qos: .userInitiated).async {
                let result = Result { try job.work() }
                job.continuation.resume(with: result)
                self.lock.withLock { self.running -= 1 }
                self.startWaiting()
            }
        }
    }
}
