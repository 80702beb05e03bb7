import CFFmpeg
import Foundation
import FlipbookAudio
import FlipbookVideo

/// A libav failure while a test decodes a clip.
public struct TestDecodeError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// Throws a ``TestDecodeError`` with libav's text when `status` is negative.
public func checkDecode(_ status: Int32, _ what: String) throws {
    if status < 0 { throw TestDecodeError(description: "\(what): \(libavErrorText(status))") }
}

/// The one decode loop every test decoder uses: opens `url` with libavformat, lets `inspect` read
/// the container and the first video stream, then decodes every packet of that stream (single
/// threaded) and hands each frame to `receive` with the stream's time base.
///
/// `decoder` picks the decoder for a codec; the default is libavcodec's own.
public func decodeEachFrame(
    _ url: URL,
    decoder: (AVCodecID) -> UnsafePointer<AVCodec>? = { avcodec_find_decoder($0) },
    inspect: (UnsafeMutablePointer<AVFormatContext>, UnsafeMutablePointer<AVStream>) throws -> Void,
    receive: (UnsafeMutablePointer<AVFrame>, AVRational) throws -> Void
) throws {
    try withVideoStream(url) { format, stream, parameters, index in
        try inspect(format, stream)
        let timeBase = stream.pointee.time_base
        let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        guard let codec = decoder(parameters.pointee.codec_id) else { throw TestDecodeError(description: "no decoder for \(name)") }
        var context = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&context) }
        try checkDecode(avcodec_parameters_to_context(context, parameters), "parameters to context")
        context?.pointee.thread_count = 1
        try checkDecode(avcodec_open2(context, codec, nil), "open decoder")
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        guard let frame else { throw TestDecodeError(description: "allocating a frame") }

        func drain() throws {
            while true {
                let status = avcodec_receive_frame(context, frame)
                if status == flipbook_averror_eagain() || status == flipbook_averror_eof() { return }
                try checkDecode(status, "receive frame")
                try receive(frame, timeBase)
                av_frame_unref(frame)
            }
        }
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            if packet?.pointee.stream_index != index { continue }
            try checkDecode(avcodec_send_packet(context, packet), "send packet")
            try drain()
        }
        try checkDecode(avcodec_send_packet(context, nil), "flush decoder")
        try drain()
    }
}

/// Opens `url` with libavformat and calls `body` with the container, its first video stream, that
/// stream's codec parameters and its index; closes the file afterwards.
public func withVideoStream<T>(
    _ url: URL,
    _ body: (UnsafeMutablePointer<AVFormatContext>, UnsafeMutablePointer<AVStream>,
             UnsafeMutablePointer<AVCodecParameters>, Int32) throws -> T
) throws -> T {
    var format: UnsafeMutablePointer<AVFormatContext>? = nil
    try checkDecode(avformat_open_input(&format, url.path, nil, nil), "open \(url.path)")
    defer { avformat_close_input(&format) }
    guard let format else { throw TestDecodeError(description: "open \(url.path): no context") }
    try checkDecode(avformat_find_stream_info(format, nil), "find stream info")
    let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    try checkDecode(index, "find video stream")
    guard let stream = format.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar else {
        throw TestDecodeError(description: "no video stream parameters")
    }
    return try body(format, stream, parameters, index)
}
