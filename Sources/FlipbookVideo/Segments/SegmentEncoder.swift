import CFFmpeg
import FlipbookCore
import Foundation

/// The encoder of one segment of a clip encoded in segments (``SegmentedOutput``): its own x264
/// fed the segment's frames and the frames around it, keeping only the packets of the segment's own
/// frames, as a chunk's render does (``VideoOptions/keptTimestamps``).
///
/// The frames before the segment bring x264's rate control to the segment's first frame in the
/// state one encode would have; the frames after it fill its lookahead. An IDR is forced where the
/// segment starts and just after it ends, so nothing kept refers to a frame outside it. Used from
/// one thread at a time.
package final class SegmentEncoder {
    private var encoder: FrameEncoder?
    /// The segment's frames, by presentation timestamp (frame number in the written clip).
    private let kept: ClosedRange<Int64>
    /// The timestamp of the next frame to encode.
    private var nextTimestamp: Int64
    private let first: Int64
    private var packets = KeptPackets()
    /// How many of the segment's own frames' packets are kept so far.
    private var keptCount: Int64 = 0
    private let file: URL
    private let what: String
    /// The frames appended so far.
    package private(set) var frameCount = 0

    /// An encoder for the frames `encoded` (timestamps in frames of the written clip) that keeps the
    /// packets of `kept`, opened as `output` opens every segment's.
    init(output: SegmentedOutput.Settings, encoded: ClosedRange<Int>, kept: ClosedRange<Int>) throws {
        file = output.file
        what = output.format.container.capabilities.displayName
        self.kept = Int64(kept.lowerBound)...Int64(kept.upperBound)
        first = Int64(encoded.lowerBound)
        nextTimestamp = first
        encoder = try FrameEncoder(
            width: output.encodedWidth, height: output.encodedHeight, fps: output.fps, format: output.format,
            options: output.options, globalHeader: output.globalHeader, file: output.file)
    }

    /// The open encoder, for describing the output's stream.
    func openEncoder() throws -> FrameEncoder {
        guard let encoder else { throw closed() }
        return encoder
    }

    /// The codec's global header (H.264's SPS and PPS): every segment of one file must have the same.
    var extradata: [UInt8] {
        guard let context = try? encoder?.openContext(), let data = context.pointee.extradata,
              context.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(context.pointee.extradata_size)))
    }

    /// Encodes the next frame of the segment's encoded range.
    package func append(_ frame: ConvertedFrame) throws {
        guard let encoder else { throw closed() }
        let pts = nextTimestamp
        let forceKeyframe = pts != first && (pts == kept.lowerBound || pts == kept.upperBound + 1)
        try encoder.encode(frame, pts: pts, forceKeyframe: forceKeyframe) { packet in try keepIfOwn(packet) }
        nextTimestamp += 1
        frameCount += 1
    }

    /// Flushes the encoder until the segment's last packet, frees it and returns the segment's
    /// packets in decoding order.
    ///
    /// The frames after the segment fed its lookahead; none of its packets comes after the IDR
    /// forced just past it, so the frames from there on are left unencoded (about 44 frames a cut
    /// with medium's lookahead), which changes no packet kept.
    package func finish() throws -> KeptPackets {
        guard let encoder else { throw closed() }
        let wanted = Int64(kept.count)
        try encoder.flush(until: { keptCount == wanted }) { packet in try keepIfOwn(packet) }
        self.encoder = nil
        let result = packets
        packets = KeptPackets()
        return result
    }

    private func keepIfOwn(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        guard kept.contains(packet.pointee.pts) else { return }
        try packets.keep(packet, file: file, what: what)
        keptCount += 1
    }

    private func closed() -> FlipbookError {
        FlipbookError(.codec, "Cannot write \(what) \(file.path): a segment's encoder is already closed.")
    }
}
