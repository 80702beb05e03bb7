import FlipbookCore
import Foundation

/// Writes a template batch's `manifest.json` as rows end: each update reads the manifest on disk,
/// puts this run's rows in, and replaces the file atomically, so a reader never sees half a
/// manifest and shards of one batch (`--shard K/N`, other processes) keep each other's rows.
///
/// Updates are serialized within the process by a lock and between processes by `flock` on the
/// manifest's folder. The manifest last written is kept, and read again from disk only when the
/// file is no longer the one written (another shard replaced it), so a row costs one write.
final class ManifestStore: @unchecked Sendable {
    // @unchecked: `lock` guards every update and `written`; the other properties never change.
    let url: URL
    private let blank: BatchManifest
    private let lock = NSLock()
    private var written: (manifest: BatchManifest, file: FileIdentity)?

    /// Which file is at a path, as `stat` tells: an atomic replacement is a new inode.
    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    /// The store for the manifest at `url`, of the batch `blank` describes (with no rows).
    init(url: URL, blank: BatchManifest) {
        self.url = url
        self.blank = blank
    }

    /// The manifest on disk, if it is this batch's.
    func current() -> BatchManifest? {
        BatchManifest.read(from: url).flatMap { $0.isSameBatch(as: blank) ? $0 : nil }
    }

    /// Puts `entries` in the manifest on disk and writes it.
    ///
    /// - Throws: ``FlipbookError`` when the manifest cannot be written (a full disk, an interruption).
    func update(_ entries: [BatchManifest.Entry]) throws {
        lock.lock()
        defer { lock.unlock() }
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 { flock(folder, LOCK_EX) }
        defer {
            if folder >= 0 {
                flock(folder, LOCK_UN)
                close(folder)
            }
        }
        // Under the lock no other process writes, so an unchanged identity means an unchanged file.
        let onDisk = written.flatMap { $0.file == identity() ? $0.manifest : nil } ?? current() ?? blank
        let manifest = onDisk.merging(entries)
        try writeAtomically(try manifest.jsonData(), to: url, what: "the batch manifest")
        written = identity().map { (manifest, $0) }
    }

    private func identity() -> FileIdentity? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return FileIdentity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
                            size: Int64(truncatingIfNeeded: info.st_size), seconds: Int(modified.tv_sec),
                            nanoseconds: Int(modified.tv_nsec))
    }
}
