import CZlib
import Foundation

/// The files of a zip archive held in memory, read with zlib: stored and deflated entries, no
/// encryption, no ZIP64 (a `.lottie` container is small). Each entry's size is bounded before it is
/// inflated, the inflated bytes must be exactly the size the directory states, and their CRC-32 must match.
/// Scene bundles (`.fbz`) are read with it too.
package struct ZipArchive {
    /// One entry of the central directory.
    package struct Entry {
        package var name: String
        var method: UInt16
        var flags: UInt16
        var crc: UInt32
        var compressedSize: Int
        package var size: Int
        var localHeaderOffset: Int
    }

    let data: [UInt8]
    let source: String
    /// The entries, by name.
    package private(set) var entries: [String: Entry] = [:]
    /// The entries' names, in the directory's order.
    package private(set) var names: [String] = []
    /// What the archive should be, for messages: "a .lottie container", "a scene bundle".
    let kind: String

    /// Reads the central directory of `data`; `source` names the archive in messages, `kind` says
    /// what it should be.
    package init(_ data: Data, source: String, kind: String = "a .lottie container", maximumEntrySize: Int) throws {
        self.data = [UInt8](data)
        self.source = source
        self.kind = kind
        let bytes = self.data
        func refuse(_ why: String) -> FlipbookError {
            FlipbookError(.invalidInput, "\(source) is not \(kind) Flipbook can read: \(why).", at: .init(file: source))
        }
        // The end-of-central-directory record: within the last 64 KiB + 22 bytes.
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        guard bytes.count >= 22, let end = stride(from: bytes.count - 22, through: lowest, by: -1)
            .first(where: { bytes.le32($0) == 0x0605_4B50 }) else { throw refuse("it has no zip directory") }
        let count = bytes.le16(end + 10), directorySize = bytes.le32(end + 12), directoryOffset = bytes.le32(end + 16)
        guard directoryOffset != 0xFFFF_FFFF, Int(directoryOffset) + Int(directorySize) <= end else {
            throw refuse("its zip directory lies outside the file")
        }
        var offset = Int(directoryOffset)
        for _ in 0..<count {
            guard offset + 46 <= end, bytes.le32(offset) == 0x0201_4B50 else { throw refuse("its zip directory is damaged") }
            let nameLength = Int(bytes.le16(offset + 28))
            let next = offset + 46 + nameLength + Int(bytes.le16(offset + 30)) + Int(bytes.le16(offset + 32))
            guard next <= end else { throw refuse("its zip directory is damaged") }
            let entry = Entry(
                name: String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self),
                method: bytes.le16(offset + 10), flags: bytes.le16(offset + 8), crc: bytes.le32(offset + 16),
                compressedSize: Int(bytes.le32(offset + 20)), size: Int(bytes.le32(offset + 24)),
                localHeaderOffset: Int(bytes.le32(offset + 42)))
            guard entry.size <= maximumEntrySize else {
                throw refuse("\(entry.name) is \(entry.size) bytes; a file in it may be at most \(maximumEntrySize) bytes")
            }
            if entries.updateValue(entry, forKey: entry.name) == nil { names.append(entry.name) }
            offset = next
        }
    }

    /// The bytes of the file `name`, or `nil` when the archive has none.
    package func file(_ name: String) throws -> Data? {
        guard let entry = entries[name] else { return nil }
        func refuse(_ why: String) -> FlipbookError {
            FlipbookError(.invalidInput, "\(source) holds \(name), which Flipbook cannot read: \(why).", at: .init(file: source))
        }
        guard entry.flags & 1 == 0 else { throw refuse("it is encrypted") }
        let header = entry.localHeaderOffset
        guard header + 30 <= data.count, data.le32(header) == 0x0403_4B50 else { throw refuse("its zip header is damaged") }
        let start = header + 30 + Int(data.le16(header + 26)) + Int(data.le16(header + 28))
        guard start + entry.compressedSize <= data.count else { throw refuse("it runs past the end of the archive") }
        let packed = data[start..<(start + entry.compressedSize)]
        let bytes: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.size else { throw refuse("its stored size differs from its size") }
            bytes = Array(packed)
        case 8:
            bytes = try inflate(packed, size: entry.size, refuse: refuse)
        default:
            throw refuse("it is compressed with method \(entry.method); only stored and deflated files are read")
        }
        let crc = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        guard crc == entry.crc else { throw refuse("its CRC-32 does not match") }
        return Data(bytes)
    }

    /// Inflates raw deflate data that must come to exactly `size` bytes.
    private func inflate(_ packed: ArraySlice<UInt8>, size: Int, refuse: (String) -> FlipbookError) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size + 1)
        var stream = z_stream()
        let initStatus = inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initStatus == Z_OK else { throw refuse("zlib's inflateInit2 returned \(initStatus)") }
        defer { inflateEnd(&stream) }
        var input = Array(packed)
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                // One byte more than stated: a stream longer than its stated size is caught, not cut.
                stream.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else {
            let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
            throw refuse("its deflated data does not inflate to its stated \(size) bytes (\(message))")
        }
        output.removeLast()
        return output
    }
}

extension [UInt8] {
    /// The little-endian 16-bit number at `i`.
    fileprivate func le16(_ i: Int) -> UInt16 { UInt16(self[i]) | UInt16(self[i + 1]) << 8 }
    /// The little-endian 32-bit number at `i`.
    fileprivate func le32(_ i: Int) -> UInt32 { UInt32(le16(i)) | UInt32(le16(i + 2)) << 16 }
}
