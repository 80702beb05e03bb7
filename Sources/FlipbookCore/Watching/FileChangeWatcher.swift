import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waits until one of a set of files changes: written, replaced by a rename (as editors save),
/// created or removed. On Linux it asks the kernel (inotify) about each file's folder, so a file
/// replaced by a new one is still followed; elsewhere making one throws, saying so.
///
/// `flipbook render --watch` (and `still`, `sheet`, `check`) re-run when one changes.
public final class FileChangeWatcher {
    /// The files followed, by the folder they are in.
    private let namesByFolder: [String: Set<String>]
    #if canImport(Glibc)
    private let descriptor: Int32
    /// The folder of each watch descriptor.
    private var folders: [Int32: String] = [:]
    #endif

    /// A watcher for `files` (which need not exist yet; their folders must).
    ///
    /// - Throws: ``FlipbookError`` (`.file`) when the system refuses (too many watches, a folder that
    ///   is missing), or on a platform where watching is not supported.
    public init(files: [URL]) throws {
        var names: [String: Set<String>] = [:]
        for file in files {
            let url = file.standardizedFileURL
            names[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
        }
        namesByFolder = names
        #if canImport(Glibc)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw FlipbookError.file("Cannot watch files for changes: \(String(cString: strerror(errno))).")
        }
        let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
        for folder in names.keys.sorted() {
            let watch = inotify_add_watch(descriptor, folder, events)
            guard watch >= 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw FlipbookError.file("Cannot watch \(folder) for changes: \(reason).", path: folder)
            }
            folders[watch] = folder
        }
        #else
        throw FlipbookError.file("--watch is not supported on this platform yet: it follows files with Linux's inotify.")
        #endif
    }

    deinit {
        #if canImport(Glibc)
        close(descriptor)
        #endif
    }

    /// Blocks until a followed file changes and then `settle` seconds pass with no further change
    /// (an editor's save is often several writes), and returns true; returns false as soon as
    /// `stop()` is true (it is asked every tenth of a second).
    public func waitForChange(settle: TimeInterval = 0.1, stop: () -> Bool) -> Bool {
        #if canImport(Glibc)
        var changed = false
        var quietSince = Date()
        while true {
            if stop() { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 100)
            if ready > 0, readEvents() {
                changed = true
                quietSince = Date()
            } else if changed, Date().timeIntervalSince(quietSince) >= settle {
                return true
            }
        }
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    /// Reads what the kernel has queued; whether any of it is about a followed file.
    private func readEvents() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return relevant }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = bytes[(offset + header)..<min(offset + header + Int(event.len), count)]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    if let folder = folders[event.wd], namesByFolder[folder]?.contains(name) == true { relevant = true }
                    offset += header + Int(event.len)
                }
            }
        }
    }
    #endif
}
