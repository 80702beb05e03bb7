import Foundation

/// Frames drawn recently, kept up to a byte budget, the least recently used dropped first; keyed
/// by the scene's version, so a save never serves an older picture.
final class FrameCache: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `lock`.
    struct Key: Hashable, Sendable {
        var version: Int
        var query: FrameQuery
    }

    private let lock = NSLock()
    private var entries: [Key: (data: Data, used: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0
    /// The most bytes kept.
    let budget: Int

    init(budget: Int = 128 << 20) {
        self.budget = budget
    }

    func frame(_ key: Key) -> Data? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key] = (entry.data, clock)
            return entry.data
        }
    }

    func store(_ data: Data, for key: Key) {
        lock.withLock {
            clock += 1
            if let old = entries.updateValue((data, clock), forKey: key) { bytes -= old.data.count }
            bytes += data.count
            while bytes > budget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                entries[oldest.key] = nil
                bytes -= oldest.value.data.count
            }
        }
    }

    /// Drops the frames of versions older than `version`.
    func dropVersions(before version: Int) {
        lock.withLock {
            for key in entries.keys where key.version < version {
                bytes -= entries[key]?.data.count ?? 0
                entries[key] = nil
            }
        }
    }
}
