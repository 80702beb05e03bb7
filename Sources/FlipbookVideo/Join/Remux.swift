import CFFmpeg
import FlipbookDrawing
import Foundation

/// Copies the video packets of `readers`, one after another, into a new file at `destination`
/// (through a `.partial` file renamed into place at the end), timestamps counted in frames of
/// `fps` as the chunks count them. Nothing is decoded or encoded.
///
/// - Throws: ``FlipbookError`` when a chunk's timestamps do not continue the one before (invalid
///   input), or when reading or writing fails; the `.partial` file is removed then.
func remux(_ readers: [ClipReader], to destination: URL, container: VideoContainer, codec: VideoCodec,
           fps: FrameRate) throws {
    guard let first = readers.first else { return }
    var options = VideoOptions()
    options.container = container
    options.codec = codec
    let format = try OutputFormat(container: container, options: options)
    let what = container.capabilities.displayName
    let output = try PartialOutputFile(destination: destination, what: what)
    do {
        let sink = try FileSink(creating: output.temporary, failAfterBytes: nil)
        do {
            let muxer = try Muxer(format, temporary: output.temporary, sink: sink, file: destination)
            try muxer.start(copying: first.parameters, fps: fps, options: options)
            let frameDuration = AVRational(num: Int32(truncatingIfNeeded: fps.denominator),
                                           den: Int32(truncatingIfNeeded: fps.numerator))
            var lastDecodeTime = Int64.min
            var frame = 0
            for (index, reader) in readers.enumerated() {
                try reader.forEachPacket { packet in
                    av_packet_rescale_ts(packet, reader.timeBase, frameDuration)
                    let decodeTime = packet.pointee.dts == flipbook_av_nopts_value() ? packet.pointee.pts : packet.pointee.dts
                    guard decodeTime > lastDecodeTime else {
                        throw FlipbookError.invalidInput(
                            "Cannot join \(destination.path): \(reader.url.path)'s timestamps do not continue "
                                + "\(index > 0 ? readers[index - 1].url.path + "'s" : "its own"): "
                                + "a packet decodes at frame \(decodeTime), not after frame \(lastDecodeTime).")
                    }
                    lastDecodeTime = decodeTime
                    packet.pointee.duration = 1
                    packet.pointee.pos = -1
                    try muxer.write(packet, timeBase: frameDuration, frame: frame)
                    frame += 1
                }
            }
            try muxer.finish()
        }
        try sink.close()
        try output.commit(what: what)
    } catch {
        output.discard()
        throw error
    }
}
