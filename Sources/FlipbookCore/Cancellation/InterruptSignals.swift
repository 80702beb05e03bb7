import Foundation

/// The write end of the self-pipe: the one thing the C signal handler touches, since a handler may
/// only make async-signal-safe calls (`write`), never take a lock or allocate.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Catches `SIGINT`, `SIGTERM` and `SIGHUP` so that a process can clean up before it exits.
///
/// `sigaction` installs a handler that writes the signal's number to a pipe; a thread reading the
/// pipe calls `handler`, where ordinary Swift code may run. (A dispatch signal source was tried
/// first; on Linux it did not reliably take over every signal's disposition, and a process killed
/// by SIGHUP left its `.partial` files behind.) A signal the process inherited as ignored stays
/// ignored: `nohup` and shells' background jobs ask for exactly that.
///
/// Install once per process, from the main thread, before any work starts; the handlers stay for
/// the process's life.
package final class InterruptSignals: Sendable {
    /// The signals that mean "stop": Ctrl-C, `kill`, a closed terminal.
    package static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The signals this process now catches (the others were inherited as ignored).
    package let caught: [Int32]

    /// Starts catching the signals; `handler` gets the signal's number, once per delivery, on a
    /// thread of its own.
    package init(handler: @escaping @Sendable (Int32) -> Void) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw FlipbookError.internal("Cannot catch signals: pipe() failed: \(String(cString: strerror(errno))).")
        }
        // Never block in the handler, even if nobody reads (a flood of signals drops the extras).
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        signalPipe = ends[1]
        let readEnd = ends[0]
        let reader = Thread {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 { handler(Int32(byte)) }
        }
        reader.name = "Flipbook interrupt signals"
        reader.start()

        var caught: [Int32] = []
        for number in Self.numbers {
            var current = sigaction()
            guard sigaction(number, nil, &current) == 0 else { continue }
            if Self.isIgnored(current) { continue }
            var action = sigaction()
            Self.setHandler(&action) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            if sigaction(number, &action, nil) == 0 { caught.append(number) }
        }
        // A parent may start us with these signals blocked (a thread of a dispatch queue blocks
        // them, and spawned children inherit its mask): they would stay pending for ever. Unblock
        // them on this thread, which should be the main thread, and so on every thread it starts.
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in caught { sigaddset(&mask, number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        self.caught = caught
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if os(Linux)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    private static func setHandler(_ action: inout sigaction, _ handler: @escaping @convention(c) (Int32) -> Void) {
        #if os(Linux)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
    }
}
