import Foundation

/// A handle that stops a render from another thread: call ``cancel(_:)``.
///
/// Pass one to `render(_:to:options:workers:cancellation:progress:)` or
/// `renderStill(_:at:to:pngCompression:cancellation:)`. The render notices between frames, stops its workers,
/// removes its `.partial` file (a file already at the destination is left as it was) and throws a
/// ``FlipbookError`` of kind ``FlipbookError/Kind/interrupted``. Swift task cancellation has the
/// same effect. One handle may be shared by many renders (a batch): cancelling it stops them all.
public final class RenderCancellation: @unchecked Sendable {
    // @unchecked: `reason` and `handlers` are read and written only with `lock` held.

    /// Why work stopped.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// ``RenderCancellation/cancel(_:)`` was called, or the Swift task was cancelled.
        case cancelled
        /// The process received a signal (`SIGINT`, `SIGTERM`, `SIGHUP`).
        case signal(Int32)

        /// "cancelled", "SIGINT".
        public var description: String {
            switch self {
            case .cancelled: "cancelled"
            case .signal(let number): signalName(number)
            }
        }
    }

    private let lock = NSLock()
    private var storedReason: Reason?
    private var handlers: [Int: @Sendable (Reason) -> Void] = [:]
    private var nextHandler = 0

    /// A handle that is not cancelled yet.
    public init() {}

    /// Asks every render using this handle to stop. Only the first call counts.
    public func cancel(_ reason: Reason = .cancelled) {
        lock.lock()
        guard storedReason == nil else {
            lock.unlock()
            return
        }
        storedReason = reason
        let waiting = handlers.values
        handlers.removeAll()
        lock.unlock()
        // Outside the lock: a handler may take its own locks (a render pipeline waking its threads).
        for handler in waiting { handler(reason) }
    }

    /// Whether ``cancel(_:)`` has been called.
    public var isCancelled: Bool { reason != nil }

    /// Why the work was cancelled, or `nil` while it may go on.
    public var reason: Reason? {
        lock.lock()
        defer { lock.unlock() }
        return storedReason
    }

    /// Throws the interrupted error for `what` ("Cannot render out.mp4") once cancelled.
    public func checkCancellation(_ what: String) throws {
        if let reason { throw FlipbookError.interrupted(what, reason: reason) }
    }

    /// ``checkCancellation(_:)``, after cancelling with ``Reason/cancelled`` when the task running
    /// this code has been cancelled: the check every frame loop makes.
    package func checkStop(_ what: String) throws {
        if Task.isCancelled { cancel(.cancelled) }
        try checkCancellation(what)
    }

    /// Runs `handler` once when the handle is cancelled (at once if it already is). Returns a token
    /// for ``removeHandler(_:)``, or `nil` when the handler already ran.
    package func onCancel(_ handler: @escaping @Sendable (Reason) -> Void) -> Int? {
        lock.lock()
        if let storedReason {
            lock.unlock()
            handler(storedReason)
            return nil
        }
        let token = nextHandler
        nextHandler += 1
        handlers[token] = handler
        lock.unlock()
        return token
    }

    /// Forgets a handler registered with ``onCancel(_:)``.
    package func removeHandler(_ token: Int?) {
        guard let token else { return }
        lock.lock()
        handlers[token] = nil
        lock.unlock()
    }
}

extension FlipbookError {
    /// The error of work stopped by a cancellation or a signal: "Cannot render out.mp4: interrupted by SIGINT."
    public static func interrupted(_ what: String, reason: RenderCancellation.Reason) -> FlipbookError {
        let why = switch reason {
        case .cancelled: "cancelled"
        case .signal: "interrupted by \(reason)"
        }
        return FlipbookError(.interrupted, "\(what): \(why).")
    }
}

/// "SIGINT", "SIGTERM", "SIGHUP", or "signal 10" for the others.
public func signalName(_ number: Int32) -> String {
    switch number {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    default: "signal \(number)"
    }
}
