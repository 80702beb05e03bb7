import Foundation

/// The process's peak resident memory, as Linux reports it in `/proc/self/status`.
package enum PeakMemory {
    /// `VmHWM` (the resident-set high-water mark) in bytes, or `nil` when unavailable (e.g. macOS).
    package static func highWaterMark() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:    123456 kB"
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    /// The current resident set (`VmRSS`) in bytes, or `nil` when unavailable.
    package static func current() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }

    /// Resets the high-water mark to the current resident set (Linux ≥ 4.0, `clear_refs` value 5),
    /// so that one process can measure several renders in turn. Returns whether it worked.
    /// Benchmarks and tests call this; the library itself never does, since it is process-wide.
    @discardableResult
    package static func resetHighWaterMark() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }
}
