import CFFmpeg
import FlipbookCore
import Foundation

/// A segment's packets as bytes, for a segment cache to keep between renders: every field the
/// muxer reads (timestamps, duration, flags, data, side data), so a stored segment joins a file as
/// the same bytes as the segment encoded again.
///
/// The layout is little-endian: the packet count, then per packet its pts, dts and duration
/// (64 bits), flags (32 bits), data (32-bit length, bytes) and side data (32-bit count, then per
/// item its type and length, 32 bits each, and bytes). Reading checks every length against what
/// is left, so damaged bytes are refused, never read past.
extension KeptPackets {
    /// The packets' stored form.
    package var storedBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(byteCount + 64 * count)
        appendInteger(&out, UInt32(truncatingIfNeeded: count))
        forEach { packet in
            let p = packet.pointee
            appendInteger(&out, UInt64(bitPattern: p.pts))
            appendInteger(&out, UInt64(bitPattern: p.dts))
            appendInteger(&out, UInt64(bitPattern: p.duration))
            appendInteger(&out, UInt32(bitPattern: p.flags))
            appendBytes(&out, p.data, count: Int(p.size))
            appendInteger(&out, UInt32(truncatingIfNeeded: p.side_data_elems))
            for index in 0..<Int(max(0, p.side_data_elems)) {
                guard let item = p.side_data?[index] else { continue }
                appendInteger(&out, item.type.rawValue)
                appendBytes(&out, item.data, count: item.size)
            }
        }
        return out
    }

    /// The packets stored as ``storedBytes``.
    ///
    /// - Throws: ``FlipbookError`` (`.codec`) when the bytes are not such packets, or libav cannot
    ///   allocate one.
    package static func reading(stored bytes: ArraySlice<UInt8>) throws -> KeptPackets {
        var reader = StoredReader(bytes: bytes)
        let packets = KeptPackets()
        let count = try reader.integer(UInt32.self)
        for _ in 0..<count {
            guard let packet = av_packet_alloc() else { throw StoredReader.damaged }
            packets.adopt(packet)
            let pts = Int64(bitPattern: try reader.integer(UInt64.self))
            let dts = Int64(bitPattern: try reader.integer(UInt64.self))
            let duration = Int64(bitPattern: try reader.integer(UInt64.self))
            let flags = Int32(bitPattern: try reader.integer(UInt32.self))
            let data = try reader.block()
            // av_new_packet resets the fields, so they are set after it.
            guard let size = Int32(exactly: data.count), av_new_packet(packet, size) == 0 else { throw StoredReader.damaged }
            data.withUnsafeBufferPointer { source in
                if let base = source.baseAddress, let target = packet.pointee.data { target.update(from: base, count: data.count) }
            }
            packet.pointee.pts = pts
            packet.pointee.dts = dts
            packet.pointee.duration = duration
            packet.pointee.flags = flags
            let sideCount = try reader.integer(UInt32.self)
            for _ in 0..<sideCount {
                let type = AVPacketSideDataType(rawValue: try reader.integer(UInt32.self))
                let side = try reader.block()
                guard let target = av_packet_new_side_data(packet, type, side.count) else { throw StoredReader.damaged }
                side.withUnsafeBufferPointer { source in
                    if let base = source.baseAddress { target.update(from: base, count: side.count) }
                }
            }
        }
        guard reader.isAtEnd else { throw StoredReader.damaged }
        return packets
    }
}

private func appendInteger<T: FixedWidthInteger>(_ out: inout [UInt8], _ value: T) {
    withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
}

private func appendBytes(_ out: inout [UInt8], _ data: UnsafeMutablePointer<UInt8>?, count: Int) {
    appendInteger(&out, UInt32(truncatingIfNeeded: max(0, count)))
    if let data, count > 0 { out.append(contentsOf: UnsafeBufferPointer(start: data, count: count)) }
}

/// Reads ``KeptPackets/storedBytes`` front to back, refusing to read past the end; blocks are
/// slices of the bytes, not copies.
private struct StoredReader {
    let bytes: ArraySlice<UInt8>
    var offset: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    static let damaged = FlipbookError(.codec, "A stored segment's packets are damaged.")

    var isAtEnd: Bool { offset == bytes.endIndex }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let size = MemoryLayout<T>.size
        guard bytes.endIndex - offset >= size else { throw Self.damaged }
        var value = T.zero
        for index in 0..<size { value |= T(bytes[offset + index]) << (8 * index) }
        offset += size
        return value
    }

    mutating func block() throws -> ArraySlice<UInt8> {
        let count = Int(try integer(UInt32.self))
        guard bytes.endIndex - offset >= count else { throw Self.damaged }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }
}

/// The FFmpeg build and libavcodec version, which a stored segment's packets depend on besides
/// Flipbook's own version (a segment cache's digest covers it).
package let libavcodecVersion = "\(String(cString: av_version_info())) \(avcodec_version())"
