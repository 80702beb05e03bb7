import CFFmpeg
import FlipbookCore
import Foundation

/// The packets one segment's encoder kept, in decoding order, each a reference to the encoder's
/// buffer (`av_packet_clone`), freed with this object.
///
/// A segment's packets are made on its own thread and written by whichever thread finds them next in
/// line (``SegmentedOutput``): they are handed over whole, through that output's lock, and never used
/// by two threads at once.
package final class KeptPackets: @unchecked Sendable {
    // @unchecked: owned by one thread at a time (see above).
    private var packets: [UnsafeMutablePointer<AVPacket>?] = []

    init() {}

    /// How many packets are kept.
    package var count: Int { packets.count }

    /// The kept packets' bytes.
    package var byteCount: Int { packets.reduce(0) { $0 + Int($1?.pointee.size ?? 0) } }

    /// Keeps a reference to `packet`'s data and a copy of its fields.
    func keep(_ packet: UnsafeMutablePointer<AVPacket>, file: URL, what: String) throws {
        packets.append(try clonedPacket(packet, "keeping an encoded packet", file: file, what: what))
    }

    /// Keeps `packet` itself (a packet read back from a segment cache), freed with this object.
    func adopt(_ packet: UnsafeMutablePointer<AVPacket>) {
        packets.append(packet)
    }

    /// Shows every packet to `body` in order, keeping them.
    func forEach(_ body: (UnsafeMutablePointer<AVPacket>) -> Void) {
        for case let packet? in packets { body(packet) }
    }

    /// Hands every packet to `body` in order; each is freed once `body` returns or throws.
    func drain(_ body: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        defer { release() }
        for case let packet? in packets { try body(packet) }
    }

    private func release() {
        for index in packets.indices { av_packet_free(&packets[index]) }
        packets.removeAll()
    }

    deinit { release() }
}
