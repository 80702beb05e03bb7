import CFFmpeg
import FlipbookCore
import Foundation

/// One opened video file: its demuxer and the decoder of its video stream, positioned somewhere in
/// the stream. Owns the libav objects and frees them; not thread-safe (``VideoSource`` serialises it).
final class VideoInput {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Where the decoder writes the next frame.
    private var frame: UnsafeMutablePointer<AVFrame>?
    /// The frames decoded last, in presentation order, each holding its own reference to the decoder's
    /// pixels: workers drawing neighbouring frames out of order find them here rather than seeking back.
    private(set) var recent: [DecodedFrame] = []
    /// How many frames ``recent`` keeps.
    private let keep: Int
    /// Whether the last frame of the stream has been decoded since the last seek (the last of ``recent``).
    private(set) var ended = false
    /// The ticks of the keyframes met so far, ascending: seeking to one later than the last decoded
    /// frame is cheaper than decoding on to it.
    private(set) var keyframes: [Int64] = []
    private let streamIndex: Int32
    /// Whether the decoder has been told the stream ended (it is flushed until the next seek).
    private var draining = false
    let problem: VideoFileProblem
    /// What the stream says about itself.
    let stream: VideoStream

    init(url: URL, problem: VideoFileProblem, keep: Int, toneMap: ToneMap?) throws {
        self.problem = problem
        self.keep = max(2, keep)
        var context = avformat_alloc_context()
        guard let allocated = context else { throw problem.libav(flipbook_averror(ENOMEM), "allocating the demuxer") }
        allocated.pointee.probesize = Int64(VideoFile.probeBytes)
        allocated.pointee.max_analyze_duration = 5 * Int64(AV_TIME_BASE)
        // av_strdup'd copies, freed with the context.
        allocated.pointee.format_whitelist = av_strdup(VideoFile.formatWhitelist)
        allocated.pointee.codec_whitelist = av_strdup(VideoFile.codecWhitelist + "," + Self.audioDecoders)
        allocated.pointee.protocol_whitelist = av_strdup("file")
        // avformat_open_input frees the context itself when it fails.
        let opened = avformat_open_input(&context, url.path, nil, nil)
        if opened < 0 {
            throw problem.error("is not a video file Flipbook reads (MP4, MOV, MKV, WebM, AVI, GIF or APNG): "
                + videoErrorText(opened))
        }
        // Until every stored property is set, a throw skips deinit: the demuxer is closed here instead.
        let index: Int32, found: UnsafePointer<AVCodec>?, parameters: UnsafeMutablePointer<AVCodecParameters>
        let av: UnsafeMutablePointer<AVStream>, stream: VideoStream
        do {
            (index, found, av, parameters, stream) = try Self.videoStream(in: context, allocated: allocated, toneMap: toneMap,
                                                                          problem: problem)
        } catch {
            avformat_close_input(&context)
            throw error
        }
        format = context
        streamIndex = index
        self.stream = stream
        var codec = found
        // FFmpeg's own VP9 decoder drops the alpha plane Matroska carries beside the picture; libvpx reads it.
        if parameters.pointee.codec_id == AV_CODEC_ID_VP9, stream.hasAlphaPlane,
           let libvpx = avcodec_find_decoder_by_name("libvpx-vp9") {
            codec = libvpx
        }
        guard let codec else { throw problem.error("has no video stream") }
        let name = String(cString: codec.pointee.name)
        guard VideoFile.codecWhitelist.split(separator: ",").contains(Substring(name)) else {
            throw problem.error("holds video in a codec Flipbook does not decode (\(name); it reads \(VideoFile.codecNames))")
        }
        decoder = avcodec_alloc_context3(codec)
        guard let decoder else { throw problem.libav(flipbook_averror(ENOMEM), "allocating the decoder") }
        try check(avcodec_parameters_to_context(decoder, parameters), "reading the stream's parameters")
        decoder.pointee.codec_whitelist = av_strdup(VideoFile.codecWhitelist)
        decoder.pointee.max_pixels = Int64(VideoFile.maximumPixelCount)
        decoder.pointee.pkt_timebase = av.pointee.time_base
        // Threads change when frames come out, never what they hold.
        decoder.pointee.thread_count = Int32(min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)))
        try check(avcodec_open2(decoder, codec, nil), "opening the \(String(cString: codec.pointee.name)) decoder")
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw problem.libav(flipbook_averror(ENOMEM), "allocating a frame") }
    }

    /// The best video stream of the opened `context` (`allocated` is the same context), its decoder as
    /// libavformat finds it, and what the stream says about itself.
    private static func videoStream(
        in context: UnsafeMutablePointer<AVFormatContext>?, allocated: UnsafeMutablePointer<AVFormatContext>,
        toneMap: ToneMap?, problem: VideoFileProblem
    ) throws -> (Int32, UnsafePointer<AVCodec>?, UnsafeMutablePointer<AVStream>, UnsafeMutablePointer<AVCodecParameters>, VideoStream) {
        let info = avformat_find_stream_info(context, nil)
        if info < 0 { throw problem.libav(info, "reading the stream information") }
        var found: UnsafePointer<AVCodec>? = nil
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, &found, 0)
        if index == flipbook_averror_stream_not_found() { throw problem.error("has no video stream") }
        if index == flipbook_averror_decoder_not_found() || (index >= 0 && found == nil) {
            throw problem.error("holds video in a codec Flipbook does not decode (it reads \(VideoFile.codecNames))")
        }
        if index < 0 { throw problem.libav(index, "finding the video stream") }
        guard let av = context?.pointee.streams[Int(index)], let parameters = av.pointee.codecpar else {
            throw problem.error("has no video stream")
        }
        let hasAudio = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, index, nil, 0) >= 0
        let stream = try VideoStream(av, format: allocated, hasAudio: hasAudio, toneMap: toneMap, problem: problem)
        return (index, found, av, parameters, stream)
    }

    /// The audio decoders the demuxer may need to name while probing (the sound is decoded by ``FlipbookAudio``).
    private static let audioDecoders = "aac,aac_fixed,mp3float,mp3,opus,libopus,vorbis,flac,alac,pcm_s16le,pcm_s16be,pcm_s24le,pcm_f32le"

    private func check(_ status: Int32, _ doing: String) throws {
        if status < 0 { throw problem.libav(status, doing) }
    }

    /// Moves to the last keyframe at or before `tick` (in the stream's time base) and empties the decoder.
    func seek(toTick tick: Int64) throws {
        guard let format, let decoder else { return }
        var status = avformat_seek_file(format, streamIndex, Int64.min, tick, tick, 0)
        if status < 0 { status = av_seek_frame(format, streamIndex, tick, AVSEEK_FLAG_BACKWARD) }
        if status < 0 {
            // Some demuxers cannot seek by time: start over from the first byte.
            status = avformat_seek_file(format, streamIndex, Int64.min, 0, 0, AVSEEK_FLAG_BYTE)
        }
        if status < 0 { throw problem.failure(at: stream.seconds(ofTick: tick), "seeking failed (\(videoErrorText(status)))") }
        avcodec_flush_buffers(decoder)
        draining = false
        ended = false
        forgetRecent()
    }

    /// The end of the stream's last packet (its time plus its duration), read by demuxing the whole
    /// stream once, then back to the start: for containers that do not state their length (APNG).
    func scanEnd() throws -> Int64? {
        guard let format, let packet else { return nil }
        var end: Int64?
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex, packet.pointee.pts != flipbook_av_nopts_value() else { continue }
            let (last, overflow) = packet.pointee.pts.addingReportingOverflow(max(0, packet.pointee.duration))
            if !overflow { end = max(end ?? last, last) }
        }
        try seek(toTick: stream.startTick)
        return end
    }

    /// Decodes the next frame into ``recent`` (closing the interval of the one before); returns false
    /// at the end of the stream, where the last frame's interval stays open.
    func decodeNext(near seconds: Double) throws -> Bool {
        guard !ended else { return false }
        guard let frame else { return false }
        while true {
            guard let tick = try receive(near: seconds) else {
                ended = true
                return false
            }
            // A frame no later than the one before it is not shown by players either.
            if let last = recent.last, tick <= last.tick { continue }
            if frame.pointee.key_frame != 0 { noteKeyframe(tick) }
            guard let kept = av_frame_alloc() else { throw problem.failure(at: seconds, "out of memory") }
            av_frame_move_ref(kept, frame)
            if !recent.isEmpty { recent[recent.count - 1].end = tick }
            recent.append(DecodedFrame(tick: tick, end: nil, frame: kept))
            if recent.count > keep {
                var oldest: UnsafeMutablePointer<AVFrame>? = recent.removeFirst().frame
                av_frame_free(&oldest)
            }
            return true
        }
    }

    /// The index in ``recent`` of the frame whose interval holds `tick`.
    func recentIndex(holding tick: Int64) -> Int? {
        recent.indices.first { recent[$0].tick <= tick && tick < (recent[$0].end ?? (ended ? .max : recent[$0].tick + 1)) }
    }

    private func noteKeyframe(_ tick: Int64) {
        var low = 0, high = keyframes.count
        while low < high {
            let mid = (low + high) / 2
            if keyframes[mid] < tick { low = mid + 1 } else { high = mid }
        }
        if low == keyframes.count || keyframes[low] != tick { keyframes.insert(tick, at: low) }
    }

    /// Whether a known keyframe lies in `range` (ticks).
    func knowsKeyframe(in range: ClosedRange<Int64>) -> Bool {
        var low = 0, high = keyframes.count
        while low < high {
            let mid = (low + high) / 2
            if keyframes[mid] < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        return low < keyframes.count && keyframes[low] <= range.upperBound
    }

    private func forgetRecent() {
        for item in recent {
            var owned: UnsafeMutablePointer<AVFrame>? = item.frame
            av_frame_free(&owned)
        }
        recent = []
    }

    /// Decodes up to the next frame and returns its presentation time in ticks (``frame`` holds it),
    /// or `nil` at the end of the stream.
    ///
    /// - Throws: ``FlipbookError`` (a decoding failure) for a damaged packet or frame, naming `near`
    ///   seconds of the source when no frame time is known.
    private func receive(near seconds: Double) throws -> Int64? {
        guard let format, let decoder, let packet, let frame else { return nil }
        while true {
            av_frame_unref(frame)
            let status = avcodec_receive_frame(decoder, frame)
            if status == 0 {
                let tick = frame.pointee.best_effort_timestamp != flipbook_av_nopts_value()
                    ? frame.pointee.best_effort_timestamp : frame.pointee.pts
                guard tick != flipbook_av_nopts_value() else {
                    throw problem.failure(at: seconds, "a frame has no presentation time")
                }
                if frame.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 || frame.pointee.decode_error_flags != 0 {
                    throw problem.failure(at: stream.seconds(ofTick: tick), "the frame there is damaged")
                }
                return tick
            }
            if status == flipbook_averror_eof() { return nil }
            if status != flipbook_averror_eagain() {
                throw problem.failure(at: seconds, videoErrorText(status))
            }
            if draining { return nil }
            // The decoder wants input: the next packet of the video stream, or the end.
            var read: Int32
            repeat {
                av_packet_unref(packet)
                read = av_read_frame(format, packet)
            } while read >= 0 && packet.pointee.stream_index != streamIndex
            if read == flipbook_averror_eof() {
                draining = true
                let flushed = avcodec_send_packet(decoder, nil)
                if flushed < 0, flushed != flipbook_averror_eof() { throw problem.failure(at: seconds, videoErrorText(flushed)) }
                continue
            }
            if read < 0 { throw problem.failure(at: seconds, "reading failed (\(videoErrorText(read)))") }
            let sent = avcodec_send_packet(decoder, packet)
            av_packet_unref(packet)
            if sent < 0, sent != flipbook_averror_eagain() {
                throw problem.failure(at: seconds, videoErrorText(sent))
            }
        }
    }

    deinit {
        forgetRecent()
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&decoder)
        avformat_close_input(&format)
    }
}

/// A decoded frame and the ticks it is shown for: from ``tick`` to ``end`` (the next frame's), open
/// while the next is not decoded yet.
struct DecodedFrame {
    let tick: Int64
    var end: Int64?
    let frame: UnsafeMutablePointer<AVFrame>
}

/// libav's own text for an error code.
func videoErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    // av_strerror always writes a NUL-terminated string, falling back to "Error number N occurred".
    _ = av_strerror(code, &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
