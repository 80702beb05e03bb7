import FlipbookCore
import FlipbookVideo
import Foundation

/// A folder of encoded segments kept between renders (`--cache DIR`): each segment's packets
/// under its digest (``SegmentIdentity``), so a render whose segment has the same digest copies
/// the packets into its file instead of drawing and encoding the frames again.
///
/// An entry is one file, `<digest>.segment`: a first line naming the format and the SHA-256 of
/// the rest, then the stream's global header and the packets (``KeptPackets/storedBytes``). It is
/// written to a temporary name in the folder and renamed into place, so a render reading it sees a
/// whole entry or none; one whose bytes do not match their SHA-256 (damaged, cut short) counts as
/// missing and is rendered and written again. After each entry is written the folder is brought
/// under ``limit`` by removing the entries used longest ago first (a reused entry is touched).
/// Two renders may share a folder: each writes its own temporary files, renames are atomic, and an
/// entry removed while another render reads it is read whole or missed.
public struct SegmentCache: Sendable, Hashable {
    /// The folder.
    public var directory: URL
    /// The most bytes its entries may hold together.
    public var limit: Int

    /// 4 GiB: some minutes of 1080p at the default quality.
    public static let defaultLimit = 4 << 30
    /// Why an output rendered with a cache named neither kept nor reused anything.
    public static let notUsedNote = "nothing kept or reused: the cache holds H.264 in MP4, MOV or Matroska (not a "
        + "--chunk, not --threads auto, not a stream encoded again to hold its bit-rate cap); this output is rendered whole."
    /// The first line's words.
    static let magic = "flipbook segment 1 "
    static let fileExtension = "segment"

    /// The cache in `directory`, holding at most `limit` bytes.
    public init(directory: URL, limit: Int = SegmentCache.defaultLimit) {
        self.directory = directory.standardizedFileURL
        self.limit = limit
    }

    /// Throws when `directory` names a file; a missing folder is made when a render starts.
    ///
    /// - Throws: ``FlipbookError`` (`.invalidInput`) at the key path `cache`.
    public static func checkFolder(_ directory: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), !isFolder.boolValue else { return }
        throw FlipbookError(invalid: Setting.cache.key, "must be a folder; \(directory.path) is a file.",
                            at: .init(keyPath: Setting.cache.key))
    }

    /// Makes the folder when it is missing and checks it can be written, so a cache that cannot keep
    /// anything stops a render before its first frame rather than after its last.
    ///
    /// - Throws: ``FlipbookError`` (`.file`) naming the folder.
    func prepare() throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw FlipbookError.file("Cannot make the cache folder \(directory.path): \(error.localizedDescription)",
                                     path: directory.path)
        }
        guard access(directory.path, W_OK | X_OK) == 0 else {
            throw FlipbookError.file("Cannot keep segments in the cache folder \(directory.path): "
                                     + "\(String(cString: strerror(errno))).", path: directory.path)
        }
    }

    /// A stored segment: the stream's global header it was encoded with, and its packets.
    struct Entry {
        var header: [UInt8]
        var packets: ArraySlice<UInt8>
    }

    private func url(of digest: String) -> URL {
        directory.appendingPathComponent("\(digest).\(Self.fileExtension)")
    }

    /// The entry stored under `digest`, or `nil` when there is none or its bytes are damaged (the
    /// damaged file is removed).
    func load(_ digest: String) -> Entry? {
        let file = url(of: digest)
        guard let data = try? Data(contentsOf: file) else { return nil }
        guard let entry = Self.decode([UInt8](data)) else {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        // Used now: the last to be evicted.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return entry
    }

    /// Stores `entry` under `digest`, then keeps the folder under ``limit``.
    ///
    /// - Throws: ``FlipbookError`` (`.file`) when the folder cannot be made or written (``prepare()``'s
    ///   message), or the entry cannot be written.
    func store(_ entry: Entry, as digest: String) throws {
        let manager = FileManager.default
        let temporary = directory.appendingPathComponent(".\(digest).\(UUID().uuidString).partial")
        // Made again if it went while the render ran.
        try prepare()
        do {
            try Data(Self.encode(entry)).write(to: temporary)
        } catch {
            try? manager.removeItem(at: temporary)
            throw FlipbookError.file("Cannot store a segment in the cache \(directory.path): \(error.localizedDescription)",
                                     path: directory.path)
        }
        // rename(2) replaces an entry another render stored meanwhile (the same bytes) atomically.
        guard rename(temporary.path, url(of: digest).path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: temporary)
            throw FlipbookError.file("Cannot store a segment in the cache \(directory.path): \(reason).", path: directory.path)
        }
        evict()
    }

    /// Removes the entries used longest ago until the rest hold at most ``limit`` bytes.
    func evict() {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let files = try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else { return }
        var entries = files.filter { $0.pathExtension == Self.fileExtension }.compactMap { file -> (URL, Date, Int)? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
        }
        var total = entries.reduce(0) { $0 + $1.2 }
        guard total > limit else { return }
        entries.sort { ($0.1, $0.0.path) < ($1.1, $1.0.path) }
        for (file, _, size) in entries where total > limit {
            try? FileManager.default.removeItem(at: file)
            total -= size
        }
    }

    /// The entry's file: `magic`, the body's SHA-256 and a newline, then the body (the header's
    /// length in 32 bits, the header, the packets).
    static func encode(_ entry: Entry) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(4 + entry.header.count + entry.packets.count)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: entry.header.count).littleEndian) { body.append(contentsOf: $0) }
        body += entry.header
        body += entry.packets
        return Array((magic + sha256Hex(body) + "\n").utf8) + body
    }

    /// The entry in `bytes`, or `nil` unless they are one whose SHA-256 matches.
    static func decode(_ bytes: [UInt8]) -> Entry? {
        let first = magic.utf8.count + 64 + 1
        guard bytes.count >= first + 4, bytes[first - 1] == UInt8(ascii: "\n"),
              String(decoding: bytes[0..<(first - 1)], as: UTF8.self).hasPrefix(magic) else { return nil }
        let stated = String(decoding: bytes[magic.utf8.count..<(first - 1)], as: UTF8.self)
        let body = bytes[first...]
        guard sha256Hex(body) == stated else { return nil }
        let headerCount = body.prefix(4).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        guard body.count - 4 >= headerCount else { return nil }
        let headerStart = first + 4
        return Entry(header: Array(bytes[headerStart..<(headerStart + headerCount)]),
                     packets: bytes[(headerStart + headerCount)...])
    }
}

/// A render's use of a ``SegmentCache``: the folder, and its segments' identity.
struct SegmentCaching: Sendable, Hashable {
    var cache: SegmentCache
    var identity: SegmentIdentity
}
