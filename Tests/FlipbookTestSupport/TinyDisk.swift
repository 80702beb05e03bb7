import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tmpfs of a few kilobytes mounted on a fresh temporary directory, so that tests can fill a disk
/// for real and check that every output reports "disk full", names its file, and leaves nothing
/// behind. Needs Linux and root (or CAP_SYS_ADMIN); tests check ``isAvailable`` first and are
/// skipped with ``unavailableReason`` otherwise.
public struct TinyDisk {
    /// The mounted file system's root.
    public let directory: URL

    /// Why a tiny disk cannot be mounted here, or `nil` when it can (found by trying once).
    public static let unavailableReason: String? = {
        #if os(Linux)
        guard geteuid() == 0 else { return "not running as root, so no tmpfs can be mounted" }
        do {
            let probe = try TinyDisk(kilobytes: 16)
            probe.unmount()
            return nil
        } catch {
            return "\(error)"
        }
        #else
        return "tmpfs mounts are a Linux feature"
        #endif
    }()

    /// Whether full-disk tests can run here.
    public static var isAvailable: Bool { unavailableReason == nil }

    /// What a skipped full-disk test says.
    public static var skipMessage: String {
        "full-disk tests fill a tmpfs mounted for them (Linux, root): \(unavailableReason ?? "available")"
    }

    /// Mounts a tmpfs of `kilobytes` on a new temporary directory.
    public init(kilobytes: Int = 64) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-tiny-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #if os(Linux)
        if mount("tmpfs", directory.path, "tmpfs", 0, "size=\(kilobytes)k") != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: directory)
            throw TinyDiskError(description: "mount -t tmpfs -o size=\(kilobytes)k failed: \(reason)")
        }
        #else
        throw TinyDiskError(description: "tmpfs mounts are a Linux feature")
        #endif
    }

    /// Unmounts the tmpfs (discarding its files) and removes the mount point.
    public func unmount() {
        #if os(Linux)
        _ = umount2(directory.path, Int32(MNT_DETACH))
        #endif
        try? FileManager.default.removeItem(at: directory)
    }

    /// Hidden `.partial` files left in the disk's root directory.
    public var partialFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".partial") }
    }
}

/// Why a tiny disk could not be mounted.
public struct TinyDiskError: Error, CustomStringConvertible {
    public let description: String
}
