import Foundation

/// A temporary file beside a destination, renamed over it on success and removed otherwise.
///
/// Until ``commit(what:)`` the destination is never touched: a failed or abandoned write leaves
/// whatever file was there before, and deinit removes the temporary file. The video encoder holds
/// one for as long as frames keep coming; ``writeAtomically(to:what:_:)`` wraps one around a closure.
///
/// Every live one is listed in ``PartialFileRegistry/shared``, so an interrupted process can remove
/// them all; once it has, ``commit(what:)`` refuses and the destination stays as it was.
package final class PartialOutputFile {
    /// Where the file will end up.
    package let destination: URL
    /// Where it is written meanwhile: a hidden file in the same directory, so the rename is atomic.
    package let temporary: URL
    private var settled = false
    /// Where this file is listed while it is being written.
    private let registry: PartialFileRegistry

    /// Checks that `url` can be written (its directory exists, is writable, and no directory has
    /// the file's name) and picks the temporary file's name.
    package convenience init(destination url: URL, what: String) throws {
        try self.init(destination: url, what: what, registry: .shared)
    }

    /// The same, listed in `registry` rather than the process's (for tests of the registry).
    package init(destination url: URL, what: String, registry: PartialFileRegistry) throws {
        self.registry = registry
        let destination = url.standardizedFileURL
        let directory = destination.deletingLastPathComponent()
        // stat says why a directory cannot be reached: missing, or a parent the user may not enter.
        var info = stat()
        guard stat(directory.path, &info) == 0 else {
            let code = errno
            let reason = code == ENOENT
                ? "the directory \(directory.path) does not exist"
                : "the directory \(directory.path) cannot be reached: \(String(cString: strerror(code)).lowercased())"
            throw FlipbookError.file("Cannot write \(what) to \(destination.path): \(reason).")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FlipbookError.file(
                "Cannot write \(what) to \(destination.path): \(directory.path) is not a directory.")
        }
        // access() rather than FileManager: writing needs the right to enter the directory as well
        // as to write in it, and errno says which is missing.
        for (mode, verb) in [(X_OK, "enter"), (W_OK, "write in")] where access(directory.path, mode) != 0 {
            let code = errno
            let reason = code == EACCES
                ? "permission denied: you may not \(verb) the directory \(directory.path)"
                : "the directory \(directory.path) is not writable (\(String(cString: strerror(code)).lowercased()))"
            throw FlipbookError.file("Cannot write \(what) to \(destination.path): \(reason).")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory),
           isDirectory.boolValue {
            throw FlipbookError.file(
                "Cannot write \(what) to \(destination.path): a directory with that name is in the way.")
        }
        self.destination = destination
        self.temporary = directory.appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
        do {
            try registry.register(self, temporary: temporary, destination: destination)
        } catch {
            settled = true
            throw error
        }
    }

    /// Renames the temporary file over the destination (atomically, on the same file system), or,
    /// while a ``CommitGroup`` is bound, leaves it finished in the group, which renames it later.
    package func commit(what: String) throws {
        guard !settled else { return }
        if let group = CommitGroup.current {
            group.hold(self, what: what)
            return
        }
        try commitNow(what: what)
    }

    /// Renames the temporary file over the destination now.
    func commitNow(what: String) throws {
        guard !settled else { return }
        guard registry.willCommit(self) else {
            // The process is being interrupted and its cleanup has removed this file already.
            settled = true
            unlink(temporary.path)
            throw FlipbookError(.interrupted, "Cannot write \(what) to \(destination.path): interrupted.")
        }
        if rename(temporary.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw FlipbookError.file("Cannot write \(what) to \(destination.path): \(reason).")
        }
        settled = true
    }

    /// Removes the temporary file, leaving the destination as it was.
    package func discard() {
        guard !settled else { return }
        settled = true
        unlink(temporary.path)
        registry.discarded(self)
    }

    deinit {
        discard()
    }
}
