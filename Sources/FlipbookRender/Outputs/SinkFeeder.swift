import FlipbookCore
import FlipbookVideo
import Foundation

/// One output of a ``SharedPass`` encoded on a thread of its own, so the outputs' encoders run at the
/// same time: the pass hands it, in order, each frame its sink takes, through a queue of at most
/// `capacity` frames (the pass waits while it is full), and ends it after the last frame; the thread
/// appends each frame, then finishes the sink.
///
/// A sink that goes over the bit-rate cap it is checked against (``RateCapExceeded``) is dropped and
/// the frames still coming are only let go. Any other error ends the thread and is handed to `failed`;
/// ``abort()`` stops the thread after its current frame, without finishing the sink.
final class SinkFeeder: @unchecked Sendable {
    // @unchecked: `queue`, `ended`, `aborted` and `running` are touched only with `condition` locked;
    // `sink`, `overCap` and `encodeNanoseconds` only by the feeder's thread while it runs, and read or let go
    // after ``join()``.
    private let condition = NSCondition()
    private var queue: [SharedFrame] = []
    private var ended = false
    private var aborted = false
    private var running = false
    private let capacity: Int
    /// The pipeline layout the sink's frames are converted into.
    private let layout: Int

    /// The sink; `nil` once it went over its cap.
    private(set) var sink: (any FrameSink)?
    /// The cap the sink went over, if it did.
    private(set) var overCap: RateCapExceeded?
    /// Time spent in the sink's `append` and `finish`.
    private(set) var encodeNanoseconds: UInt64 = 0

    init(sink: any FrameSink, layout: Int, capacity: Int) {
        self.sink = sink
        self.layout = layout
        self.capacity = max(1, capacity)
    }

    /// Starts the thread. Finished files join `group` (the render's ``CommitGroup``, which is bound to
    /// the calling thread, not this one); `beforeFinish` runs just before the sink is finished and may
    /// throw to stop it (a cancellation); `failed` gets the error that ended the thread and the frame
    /// it met it at (`nil` for the finish).
    func start(name: String, group: CommitGroup?, beforeFinish: @escaping @Sendable () throws -> Void,
               failed: @escaping @Sendable (_ error: any Error, _ frame: Int?) -> Void) {
        condition.lock()
        running = true
        condition.unlock()
        let thread = Thread { [self] in
            CommitGroup.$current.withValue(group) { feed(beforeFinish: beforeFinish, failed: failed) }
            condition.lock()
            running = false
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        // Encoders may recurse (x264's lookahead, libvpx); give them a main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues `frame`, waiting while the queue is full; `false` (the frame not queued) once aborted.
    func push(_ frame: SharedFrame) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= capacity, !aborted { condition.wait() }
        guard !aborted else { return false }
        queue.append(frame)
        condition.broadcast()
        return true
    }

    /// Says no frame comes after those queued: the thread finishes the sink once it has appended them.
    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the thread after the frame it is appending; the sink is not finished.
    func abort() {
        condition.lock()
        aborted = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the thread has ended.
    func join() {
        condition.lock()
        while running { condition.wait() }
        condition.unlock()
    }

    /// Lets the sink go on the calling thread, after ``join()``: an unfinished sink removes its
    /// temporary file as it goes.
    func releaseSink() {
        sink = nil
    }

    /// The next frame, waiting for one; `nil` after the last, or once aborted.
    private func next() -> SharedFrame? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !ended, !aborted { condition.wait() }
        guard !aborted, !queue.isEmpty else { return nil }
        condition.broadcast()
        return queue.removeFirst()
    }

    private var isAborted: Bool {
        condition.lock()
        defer { condition.unlock() }
        return aborted
    }

    private func feed(beforeFinish: () throws -> Void, failed: (any Error, Int?) -> Void) {
        var current: Int?
        do {
            while let frame = next() {
                defer { frame.done() }
                current = frame.index
                try encode { sink in try frame.withFrame(layout: layout) { try sink.append($0) } }
            }
            current = nil
            guard !isAborted else { return }
            try beforeFinish()
            try encode { try $0.finish() }
        } catch {
            failed(error, current)
        }
    }

    /// Runs `work` on the sink, timed; a stream over its cap drops the sink.
    private func encode(_ work: (any FrameSink) throws -> Void) throws {
        guard let sink else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { encodeNanoseconds += DispatchTime.now().uptimeNanoseconds - start }
        do {
            try work(sink)
        } catch let exceeded as RateCapExceeded {
            self.sink = nil
            overCap = exceeded
        }
    }
}
