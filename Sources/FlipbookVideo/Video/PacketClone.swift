import CFFmpeg
import FlipbookCore
import Foundation

/// A new packet referring to `packet`'s data, with a copy of its fields (`av_packet_clone`): kept
/// after the encoder reuses `packet`. Running out of memory is the error for `doing`.
func clonedPacket(_ packet: UnsafeMutablePointer<AVPacket>, _ doing: String, file: URL, what: String) throws
    -> UnsafeMutablePointer<AVPacket> {
    guard let copy = av_packet_clone(packet) else { throw libavError(flipbook_averror(ENOMEM), doing, file: file, what: what) }
    return copy
}
