import Foundation

/// Output files that are published together: while a group is bound (``current``), a finished
/// ``PartialOutputFile`` waits in it instead of being renamed into place, and ``commit()`` renames
/// them all once every output of the render has finished. A render of several outputs binds one, so
/// a failure in any output leaves every destination as it was: the waiting files are removed when
/// the group is discarded (or released).
///
/// Files are committed on the thread that bound the group (a render's calling thread); the sinks of
/// a render of several outputs finish on threads of their own, each bound to the same group.
package final class CommitGroup: @unchecked Sendable {
    // @unchecked: `waiting` is read and written only with `lock` held.

    /// The group finished files join on this thread, if any.
    @TaskLocal package static var current: CommitGroup?

    private let lock = NSLock()
    private var waiting: [(file: PartialOutputFile, what: String)] = []

    package init() {}

    /// Keeps `file`, finished, until ``commit()``.
    func hold(_ file: PartialOutputFile, what: String) {
        lock.lock()
        waiting.append((file, what))
        lock.unlock()
    }

    /// Renames every waiting file into place, in the order they finished. Should a rename fail, the
    /// files not yet renamed are removed and the error is thrown; those already renamed stay.
    package func commit() throws {
        lock.lock()
        let files = waiting
        waiting.removeAll()
        lock.unlock()
        for (index, entry) in files.enumerated() {
            do {
                try entry.file.commitNow(what: entry.what)
            } catch {
                for rest in files[(index + 1)...] { rest.file.discard() }
                throw error
            }
        }
    }

    /// Removes every waiting file; the destinations stay as they were.
    package func discard() {
        lock.lock()
        let files = waiting
        waiting.removeAll()
        lock.unlock()
        for entry in files { entry.file.discard() }
    }

    deinit {
        for entry in waiting { entry.file.discard() }
    }
}
