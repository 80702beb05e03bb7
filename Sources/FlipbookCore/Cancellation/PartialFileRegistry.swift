import Foundation

/// Every `.partial` file this process is writing, so that an interrupted process can remove them
/// all before it exits, even those whose writer is still busy on another thread.
///
/// `PartialOutputFile` registers itself here when it is made and leaves when it is committed or
/// discarded. After ``beginInterruption()`` no partial file may be made or committed, and the
/// registry remembers which destinations lost their unfinished file, for the message a person reads.
public final class PartialFileRegistry: @unchecked Sendable {
    // @unchecked: every property is read and written only with `lock` held.

    /// The registry of this process.
    public static let shared = PartialFileRegistry()

    private let lock = NSLock()
    private var live: [ObjectIdentifier: (temporary: URL, destination: URL)] = [:]
    private var interrupted = false
    private var removed: [URL] = []

    /// Made once, as ``shared``; tests may make their own.
    package init() {}

    /// The destinations of the partial files being written now.
    public var unfinishedDestinations: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return live.values.map(\.destination).sorted { $0.path < $1.path }
    }

    /// Whether ``beginInterruption()`` was called.
    public var isInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interrupted
    }

    /// From now on no partial file may be made, and each one discarded counts as removed.
    public func beginInterruption() {
        lock.lock()
        interrupted = true
        lock.unlock()
    }

    /// Begins the interruption (if it has not begun), deletes every partial file still registered
    /// and returns the destinations whose unfinished file was removed since the interruption began,
    /// by this call or by their writers. Destinations themselves are never touched.
    @discardableResult
    public func removeUnfinishedFiles() -> [URL] {
        lock.lock()
        interrupted = true
        let left = live.values
        live.removeAll()
        removed += left.map(\.destination)
        let all = removed
        lock.unlock()
        for file in left { unlink(file.temporary.path) }
        var seen = Set<String>()
        return all.filter { seen.insert($0.path).inserted }
    }

    /// Records a new partial file; throws once the process is being interrupted, so no job starts
    /// writing after the cleanup.
    package func register(_ file: AnyObject, temporary: URL, destination: URL) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !interrupted else {
            throw FlipbookError(.interrupted, "Cannot write \(destination.path): the process is being interrupted.")
        }
        live[ObjectIdentifier(file)] = (temporary, destination)
    }

    /// Takes a partial file out of the registry before it is renamed over its destination. Returns
    /// `false` once the interruption has begun: nothing new appears after a signal, so a file
    /// finished then is removed (and reported so) rather than committed.
    package func willCommit(_ file: AnyObject) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = live.removeValue(forKey: ObjectIdentifier(file)) else { return false }
        if interrupted {
            removed.append(entry.destination)
            return false
        }
        return true
    }

    /// Takes a discarded partial file out of the registry.
    package func discarded(_ file: AnyObject) {
        lock.lock()
        defer { lock.unlock() }
        if let entry = live.removeValue(forKey: ObjectIdentifier(file)), interrupted {
            removed.append(entry.destination)
        }
    }
}
