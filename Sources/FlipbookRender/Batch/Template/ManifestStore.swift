import FlipbookCore
import Foundation

/// Writes a template batch's `manifest.json` as rows end: each update reads the manifest on disk,
/// puts this run's rows in, and replaces the file atomically, so a reader never sees half a
/// manifest and shards of one batch (`--shard K/N`, other processes) keep each other's rows.
///
/// Updates are serialized within the process by a lock and between processes by `flock` on the
/// manifest's folder.
final class ManifestStore: @unchecked Sendable {
    // @unchecked: `lock` guards every update; the other properties never change.
    let url: URL
    private let blank: BatchManifest
    private let lock = NSLock()

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
        let manifest = (current() ?? blank).merging(entries)
        try writeAtomically(try manifest.jsonData(), to: url, what: "the batch manifest")
    }
}
