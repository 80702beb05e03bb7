import Foundation

/// Writes a file so that a reader never sees it half-written and a failure never destroys the file
/// already at `url`: `body` writes to a temporary file beside the target, which is renamed over the
/// target only when `body` returns. On any error the temporary file is removed.
///
/// - Parameters:
///   - url: The final destination. Its directory must exist and be writable.
///   - what: A short description of what is being written, for error messages ("PNG", "MP4").
///   - body: Writes the complete file at the temporary URL it is given.
package func writeAtomically<R>(
    to url: URL, what: String, _ body: (URL) throws -> R
) throws -> R {
    let file = try PartialOutputFile(destination: url, what: what)
    let result: R
    do {
        result = try body(file.temporary)
    } catch {
        file.discard()
        throw error
    }
    try file.commit(what: what)
    return result
}

/// Writes `data` to `url` atomically (see ``writeAtomically(to:what:_:)``) with POSIX calls, so a
/// failed write is reported with the operating system's reason: a full disk or quota is a
/// ``FlipbookError/Kind/diskFull`` error naming `url`. (`Data.write(to:)` reports ENOSPC as a Cocoa
/// error whose text varies by platform and never says which file.)
package func writeAtomically(_ data: Data, to url: URL, what: String) throws {
    try writeAtomically(to: url, what: what) { temporary in
        try writeNewFile(data, at: temporary, what: what, destination: url)
    }
}

/// Creates the file `url` (which must not exist) holding `data`; errors name `destination`, the
/// file the caller will rename this one to, since that is the name the user knows.
package func writeNewFile(_ data: Data, at url: URL, what: String, destination: URL) throws {
    let output = try OutputDescriptor(creating: url, what: what, destination: destination)
    let written = data.withUnsafeBytes { output.write($0) }
    let closed = output.close()
    if !written || !closed {
        throw FlipbookError.writeFailed(what, path: destination.path, errno: output.failure)
    }
}

/// A new file open for writing through the file descriptor API, keeping the `errno` of the first
/// failure so that callers (including C write callbacks, which can only say "failed") can report
/// why. Closed by ``close()`` or, at the latest, on deinit.
package final class OutputDescriptor {
    private var descriptor: Int32
    /// The `errno` of the first failed write or close; 0 while everything succeeded.
    package private(set) var failure: Int32 = 0

    /// Creates `url`, which must not exist yet (it is a fresh temporary file). `what` and
    /// `destination` only word the error when the file cannot be created.
    package init(creating url: URL, what: String, destination: URL) throws {
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if descriptor < 0 {
            throw FlipbookError.writeFailed(what, path: destination.path, errno: errno)
        }
    }

    /// Writes all of `bytes`, retrying short and interrupted writes. Returns `false` (and records
    /// ``failure``) when the system refuses; every later write then fails at once.
    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == 0, descriptor >= 0 else { return false }
        if let error = writeAll(descriptor, bytes) {
            failure = error
            return false
        }
        return true
    }

    /// Closes the file; `false` (with ``failure`` recorded) when an earlier write or the close failed,
    /// since some file systems (NFS, quotas) only report a full disk on close.
    package func close() -> Bool {
        guard descriptor >= 0 else { return failure == 0 }
        let fd = descriptor
        descriptor = -1
        if Foundation.close(fd) != 0, failure == 0 {
            failure = errno
        }
        return failure == 0
    }

    deinit {
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
    }
}
