import ArgumentParser
import Flipbook
import Foundation

/// A command that writes outputs and so catches SIGINT, SIGTERM and SIGHUP (see ``Interruption``).
protocol InterruptibleCommand: ParsableCommand {}

extension FlipbookTool.Render: InterruptibleCommand {}
extension FlipbookTool.Still: InterruptibleCommand {}
extension FlipbookTool.Batch: InterruptibleCommand {}

/// What `flipbook` does when SIGINT, SIGTERM or SIGHUP arrives during `render`, `still`, `batch` or
/// `concat`: it cancels every render (they stop between frames and remove their `.partial` files),
/// says what was removed and what was kept, and exits 128 + the signal's number.
///
/// A render normally stops within a frame. Should it not (a huge frame, a stuck write), the cleanup
/// runs anyway after ``gracePeriod``; a second signal runs it at once.
final class Interruption: @unchecked Sendable {
    // @unchecked: the mutable properties are read and written only with `lock` held.

    /// The process's interruption state.
    static let shared = Interruption()

    /// The cancellation every render of this process is given.
    let cancellation = RenderCancellation()
    /// Seconds to wait for the renders to stop by themselves after a signal.
    let gracePeriod: TimeInterval = 5

    private let lock = NSLock()
    private var signals: InterruptSignals?
    private var received: Int32?
    private var finished = false
    private var kept: [URL] = []

    /// Starts catching the signals.
    func install() {
        do {
            let signals = try InterruptSignals { [self] number in self.receive(number) }
            lock.lock()
            self.signals = signals
            lock.unlock()
        } catch {
            // Rendering still works; only the cleanup on a signal is lost. Say so once.
            printNote("warning: \((error as? FlipbookError)?.message ?? "\(error)") Interrupting may leave .partial files.")
        }
    }

    /// Notes an output that was written completely, for the message after an interruption.
    func keep(_ url: URL) {
        lock.lock()
        kept.append(url)
        lock.unlock()
    }

    /// The signal received, if any.
    var signal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    private func receive(_ number: Int32) {
        lock.lock()
        let first = received == nil
        if first { received = number }
        lock.unlock()
        guard first else {
            finishAndExit()
        }
        // No new partial file from here on; those discarded from now on are reported as removed.
        PartialFileRegistry.shared.beginInterruption()
        cancellation.cancel(.signal(number))
        DispatchQueue.global().asyncAfter(deadline: .now() + gracePeriod) { [self] in finishAndExit() }
    }

    /// Removes every unfinished file, prints what was removed and kept, and exits with the status
    /// for the signal. Runs once, from whichever thread gets here first.
    func finishAndExit() -> Never {
        lock.lock()
        let signal = received ?? SIGINT
        let already = finished
        finished = true
        let kept = self.kept
        lock.unlock()
        guard !already else {
            // Another thread is printing and exiting; wait for it.
            while true { sleep(1) }
        }
        let removed = PartialFileRegistry.shared.removeUnfinishedFiles()
        printNote(Self.summary(signal: signal, removed: removed, kept: kept))
        exit(ExitStatus.interrupted(by: signal))
    }

    /// "interrupted by SIGINT: removed the unfinished out.mp4; kept a.mp4, b.png".
    static func summary(signal: Int32, removed: [URL], kept: [URL]) -> String {
        var parts: [String] = []
        if !removed.isEmpty { parts.append("removed the unfinished " + list(removed)) }
        if !kept.isEmpty { parts.append("kept " + list(kept)) }
        if parts.isEmpty { parts.append("nothing was written") }
        return "interrupted by \(signalName(signal)): " + parts.joined(separator: "; ")
    }

    /// The names, or for many (a PNG sequence's frames) the first two, the last and the count, so
    /// the note stays a line rather than hundreds of names.
    static func list(_ urls: [URL]) -> String {
        let names = urls.map { displayPath($0) }
        guard names.count > 4, let last = names.last else { return names.joined(separator: ", ") }
        return "\(names[0]), \(names[1]), …, \(last) (\(names.count) files)"
    }
}

/// A path as a person wants to read it: relative to the current directory when inside it.
func displayPath(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    let current = FileManager.default.currentDirectoryPath
    let prefix = current.hasSuffix("/") ? current : current + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
}
