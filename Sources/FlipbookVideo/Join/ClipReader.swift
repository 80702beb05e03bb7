import CFFmpeg
import FlipbookAudio
import FlipbookCore
import Foundation

/// One video file opened with libavformat for reading its packets as they are (no decoding):
/// what joining chunks reads, and what tests compare packet by packet. Owns its format context.
package final class ClipReader {
    /// The file.
    package let url: URL
    private var context: UnsafeMutablePointer<AVFormatContext>?
    private let streamIndex: Int32
    /// The video stream's codec parameters (owned by the format context).
    package let parameters: UnsafeMutablePointer<AVCodecParameters>
    /// The video stream's time base.
    package let timeBase: AVRational
    /// The container's `comment` tag, where a chunk keeps its ``ChunkRecord``.
    package let comment: String?

    /// Opens `url` and finds its video stream.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) naming the file when it is missing, not a
    ///   video file libavformat can read, or has no video stream.
    package init(_ url: URL) throws {
        self.url = url
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw FlipbookError.invalidInput("\(url.path) does not exist.")
        }
        guard !isDirectory.boolValue else { throw FlipbookError.invalidInput("\(url.path) is a directory, not a video file.") }
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        let status = avformat_open_input(&context, url.path, nil, nil)
        // On failure avformat_open_input frees the context and sets it to NULL.
        guard status >= 0, let format = context else {
            throw FlipbookError.invalidInput("\(url.path) is broken: libavformat cannot read it (\(libavErrorText(status))).")
        }
        self.context = format
        let info = avformat_find_stream_info(format, nil)
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard info >= 0, index >= 0, let stream = format.pointee.streams[Int(index)],
              let parameters = stream.pointee.codecpar
        else {
            avformat_close_input(&self.context)
            let reason = info < 0 ? libavErrorText(info) : "it has no video stream"
            throw FlipbookError.invalidInput("\(url.path) is broken: \(reason).")
        }
        streamIndex = index
        self.parameters = parameters
        timeBase = stream.pointee.time_base
        comment = av_dict_get(format.pointee.metadata, "comment", nil, 0).map { String(cString: $0.pointee.value) }
    }

    /// The codec's extradata (H.264's SPS and PPS, …): chunks that are joined must have the same.
    package var extradata: [UInt8] {
        guard let data = parameters.pointee.extradata, parameters.pointee.extradata_size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(parameters.pointee.extradata_size)))
    }

    /// Whether `other`'s stream could continue this one's without re-encoding: same codec, size,
    /// pixel format, colour tags and parameter sets.
    package func hasSameStream(as other: ClipReader) -> Bool {
        let a = parameters.pointee, b = other.parameters.pointee
        return a.codec_id == b.codec_id && a.width == b.width && a.height == b.height && a.format == b.format
            && a.profile == b.profile && a.level == b.level && a.color_range == b.color_range
            && a.color_space == b.color_space && a.color_primaries == b.color_primaries
            && a.color_trc == b.color_trc && extradata == other.extradata
    }

    /// The ``VideoCodec`` of the stream, or `nil` for one Flipbook does not write.
    package var codec: VideoCodec? {
        VideoCodec.allCases.first { avcodec_find_encoder_by_name($0.encoderName)?.pointee.id == parameters.pointee.codec_id }
    }

    /// Whether ``forEachPacket(_:)`` has run: it reads the file once.
    private var read = false

    /// Reads the file from the start, once, handing every video packet to `body` in file order.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) naming the file and packet when reading fails
    ///   before the end of the file; and whatever `body` throws.
    package func forEachPacket(_ body: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let context, !read else { throw FlipbookError.internal("\(url.path) was already read; open it again.") }
        // Not seeking back: the packets avformat_find_stream_info read come first from av_read_frame.
        read = true
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let allocated = packet else {
            throw FlipbookError.internal("Cannot read \(url.path): out of memory for a packet.")
        }
        var count = 0
        while true {
            let status = av_read_frame(context, allocated)
            if status == flipbook_averror_eof() { break }
            if status < 0 {
                throw FlipbookError.invalidInput(
                    "\(url.path) is broken: reading its packet \(count) failed (\(libavErrorText(status))).")
            }
            defer { av_packet_unref(allocated) }
            guard allocated.pointee.stream_index == streamIndex else { continue }
            if allocated.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
                throw FlipbookError.invalidInput("\(url.path) is broken: its packet \(count) is marked corrupt.")
            }
            count += 1
            try body(allocated)
        }
        // A file cut short can end without an error from the demuxer: its I/O context knows.
        if let io = context.pointee.pb, io.pointee.error < 0, io.pointee.error != flipbook_averror_eof() {
            throw FlipbookError.invalidInput(
                "\(url.path) is broken: reading it failed after \(count) packets (\(libavErrorText(io.pointee.error))).")
        }
    }

    deinit {
        avformat_close_input(&context)
    }
}
