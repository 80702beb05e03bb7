import CFFmpeg
import FlipbookCore
import Foundation

/// Copies the video packets of the files `parts`, one after another, into a new file at
/// `destination` (through a `.partial` file renamed into place at the end) with the stream
/// parameters of `parameters`. Nothing is decoded or encoded.
///
/// Presentation timestamps are the chunks' own, counted in frames of `fps`. Decoding timestamps
/// are made anew, the packet's place in the whole file less `reorderDelay` frames, because
/// Matroska stores none and each chunk's start from its own encode: so they run on without a
/// jump across every join, as one encode's would.
///
/// - Throws: ``FlipbookError`` when reading or writing fails; the `.partial` file is removed then.
func remux(_ parts: [URL], parameters: ClipReader, to destination: URL, container: VideoContainer, codec: VideoCodec,
           fps: FrameRate, reorderDelay: Int) throws {
    var options = VideoOptions()
    options.container = container
    options.codec = codec
    let format = try OutputFormat(container: container, options: options)
    let what = container.capabilities.displayName
    quietLibavLogging()
    let output = try PartialOutputFile(destination: destination, what: what)
    do {
        let sink = try FileSink(creating: output.temporary, failAfterBytes: nil)
        do {
            let muxer = try Muxer(format, temporary: output.temporary, sink: sink, file: destination)
            try muxer.start(copying: parameters.parameters, fps: fps, options: options)
            let frameDuration = AVRational(num: Int32(truncatingIfNeeded: fps.denominator),
                                           den: Int32(truncatingIfNeeded: fps.numerator))
            var frame = 0
            for part in parts {
                let reader = try ClipReader(part)
                try reader.forEachPacket { packet in
                    av_packet_rescale_ts(packet, reader.timeBase, frameDuration)
                    packet.pointee.dts = Int64(frame - reorderDelay)
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
