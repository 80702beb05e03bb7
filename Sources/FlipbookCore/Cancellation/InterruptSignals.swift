import Dispatch
import Foundation

/// Catches `SIGINT`, `SIGTERM` and `SIGHUP` so that a process can clean up before it exits.
///
/// The default action (die at once, leaving `.partial` files behind) is replaced by "ignore", and a
/// dispatch source delivers each signal to `handler` on a private queue, where ordinary Swift code
/// may run (a C signal handler may not take locks or allocate). Keep the value alive as long as
/// the signals should be caught.
package final class InterruptSignals {
    /// The signals that mean "stop": Ctrl-C, `kill`, a closed terminal.
    package static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let sources: [any DispatchSourceSignal]

    /// Starts catching the signals; `handler` gets the signal's number, once per delivery.
    package init(handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "Flipbook interrupt signals")
        sources = Self.numbers.map { number in
            // Ignored first, so the kernel no longer kills the process; the source still sees it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
