import CFFmpeg
import Foundation

/// One compressed packet of a clip's video stream, as the container stores it.
public struct ProbedPacket: Sendable {
    public var size: Int
    /// Presentation and decoding times in seconds.
    public var time: Double
    public var decodeTime: Double
    public var isKeyframe: Bool
}

/// A clip's video stream read without decoding: what the container and the codec parameters
/// signal, and every packet.
public struct ProbedStream: Sendable {
    public var codecName = ""
    /// libavutil's name of the signalled chroma siting ("left", "center", … or "unspecified").
    public var chromaLocation = ""
    /// The stream's `profile` and `level` as libavformat reads them from the parameter sets.
    public var profile: Int32 = 0
    public var level: Int32 = 0
    /// The codec's global header (for H.264 in MP4, the avcC box's content).
    public var extradata: [UInt8] = []
    public var packets: [ProbedPacket] = []
    /// The first packet's bytes (for H.264 from x264, it carries x264's settings in an SEI message).
    public var firstPacket: [UInt8] = []

    /// x264's option string from its SEI message ("cabac=1 ref=3 … vbv_maxrate=62500 …"), split
    /// into key/value pairs, or empty when the stream has none.
    public var x264Options: [String: String] {
        guard let text = String(bytes: firstPacket.map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x0A }, encoding: .ascii),
              let range = text.range(of: "options: ") else { return [:] }
        let line = text[range.upperBound...].prefix { $0 != "\n" }
        var options: [String: String] = [:]
        for pair in line.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { options[String(parts[0])] = String(parts[1]) }
        }
        return options
    }
}

/// Reads `url`'s first video stream packet by packet, without decoding.
public func probePackets(_ url: URL) throws -> ProbedStream {
    try withVideoStream(url) { format, stream, parameters, index in
        var probed = ProbedStream()
        let p = parameters.pointee
        probed.codecName = String(cString: avcodec_get_name(p.codec_id))
        probed.chromaLocation = av_chroma_location_name(p.chroma_location).map { String(cString: $0) } ?? "unspecified"
        probed.profile = p.profile
        probed.level = p.level
        if let extradata = p.extradata, p.extradata_size > 0 {
            probed.extradata = Array(UnsafeBufferPointer(start: extradata, count: Int(p.extradata_size)))
        }
        let timeBase = av_q2d(stream.pointee.time_base)
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let packet else { throw TestDecodeError(description: "allocating a packet") }
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            let p = packet.pointee
            if probed.packets.isEmpty, let data = p.data {
                probed.firstPacket = Array(UnsafeBufferPointer(start: data, count: Int(p.size)))
            }
            probed.packets.append(ProbedPacket(
                size: Int(p.size), time: Double(p.pts) * timeBase, decodeTime: Double(p.dts) * timeBase,
                isKeyframe: p.flags & AV_PKT_FLAG_KEY != 0))
        }
        return probed
    }
}
