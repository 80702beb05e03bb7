import CZlib
import FlipbookCore
import Foundation

/// A zip archive of stored (uncompressed) files, written in memory: what `flipbook bundle` writes.
/// Stored, because a bundle's pictures and fonts are compressed already and its JSON is small; every
/// entry has the same fixed date, so the same files make the same bytes. No ZIP64: a bundle is
/// refused past 4 GiB.
struct ZipWriter {
    private(set) var bytes: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0
    /// 1980-01-01 00:00 in MS-DOS form: no clock reaches the bytes.
    private static let dosTime: UInt16 = 0, dosDate: UInt16 = 0x21

    /// Adds the file `name` (a relative path with `/`) holding `data`.
    mutating func add(_ name: String, _ data: Data) throws {
        let nameBytes = Array(name.utf8)
        let crc = data.withUnsafeBytes { raw in
            UInt32(crc32(0, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count)))
        }
        guard data.count < 0xFFFF_FFFF, bytes.count + data.count + nameBytes.count + 30 < 0xFFFF_FFFF,
              nameBytes.count <= 0xFFFF, count < 0xFFFF else {
            throw FlipbookError(.invalidInput, "A bundle may hold at most 4 GiB in 65,535 files; \(name) goes past that.")
        }
        let offset = UInt32(bytes.count)
        // Local header: version 2.0, UTF-8 names (bit 11), stored.
        bytes.le32(0x0403_4B50); bytes.le16(20); bytes.le16(0x0800); bytes.le16(0)
        bytes.le16(Self.dosTime); bytes.le16(Self.dosDate); bytes.le32(crc)
        bytes.le32(UInt32(data.count)); bytes.le32(UInt32(data.count)); bytes.le16(UInt16(nameBytes.count)); bytes.le16(0)
        bytes += nameBytes
        bytes += data
        // Central directory entry: made by Unix (3), regular file 0644 in the external attributes.
        directory.le32(0x0201_4B50); directory.le16(0x0314); directory.le16(20); directory.le16(0x0800); directory.le16(0)
        directory.le16(Self.dosTime); directory.le16(Self.dosDate); directory.le32(crc)
        directory.le32(UInt32(data.count)); directory.le32(UInt32(data.count)); directory.le16(UInt16(nameBytes.count))
        directory.le16(0); directory.le16(0); directory.le16(0); directory.le16(0); directory.le32(0o100644 << 16)
        directory.le32(offset)
        directory += nameBytes
        count += 1
    }

    /// The archive: the files, their directory and its end record.
    func finished() throws -> Data {
        guard bytes.count + directory.count < 0xFFFF_FFFF else {
            throw FlipbookError(.invalidInput, "A bundle may hold at most 4 GiB; this one holds more.")
        }
        var out = bytes + directory
        out.le32(0x0605_4B50); out.le16(0); out.le16(0); out.le16(UInt16(count)); out.le16(UInt16(count))
        out.le32(UInt32(directory.count)); out.le32(UInt32(bytes.count)); out.le16(0)
        return Data(out)
    }
}

extension [UInt8] {
    fileprivate mutating func le16(_ value: UInt16) { append(UInt8(value & 0xFF)); append(UInt8(value >> 8)) }
    fileprivate mutating func le32(_ value: UInt32) { le16(UInt16(value & 0xFFFF)); le16(UInt16(value >> 16)) }
}
