import CFFmpeg
import FlipbookCore
import Foundation

/// One libavformat muxer (MP4, MOV, WebM, Matroska, GIF, APNG, WebP) writing one video stream
/// through a ``FileSink``. Owns the format context and its custom `AVIOContext`.
final class Muxer {
    private var context: UnsafeMutablePointer<AVFormatContext>?
    private var io: UnsafeMutablePointer<AVIOContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    /// The sound's stream, when the output has one.
    private var audioStream: UnsafeMutablePointer<AVStream>?
    /// Samples added to each audio timestamp: Opus's pre-skip in Matroska and WebM, whose demuxers
    /// subtract the track's codec delay, so the first packet is stored at 0 and the first sample
    /// after the pre-skip plays at 0.
    private var audioDelay: Int64 = 0
    private let sink: FileSink
    /// The destination, for messages (the muxer itself writes to a temporary file).
    private let file: URL

    /// Whether codecs must put their headers in extradata (true for MP4).
    let needsGlobalHeader: Bool
    /// The container's name, for messages.
    private let what: String
    private let output: OutputFormat

    /// - Parameters:
    ///   - temporary: The file `sink` writes. With `faststart`, the muxer re-opens it by this name
    ///     for reading during its second pass, so it must be the sink's own path.
    init(_ output: OutputFormat, temporary: URL, sink: FileSink, file: URL) throws {
        self.sink = sink
        self.file = file
        self.output = output
        let what = output.container.capabilities.displayName
        self.what = what
        guard let muxerName = output.container.capabilities.muxerName else {
            throw FlipbookError(.internal, "Cannot write \(what) \(file.path): it has no libavformat muxer.")
        }
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        let status = avformat_alloc_output_context2(&context, nil, muxerName, temporary.path)
        self.context = context
        needsGlobalHeader = context.map { $0.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 } ?? false
        try checkLibav(status, "setting up the \(what) muxer", file: file, what: what)
        guard let format = context else {
            throw libavError(flipbook_averror(ENOMEM), "setting up the \(what) muxer", file: file, what: what)
        }

        let bufferSize: Int32 = 1 << 16
        guard let buffer = av_malloc(Int(bufferSize)) else {
            throw libavError(flipbook_averror(ENOMEM), "allocating the output buffer", file: file, what: what)
        }
        guard let io = avio_alloc_context(
            buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 1,
            Unmanaged.passUnretained(sink).toOpaque(), nil, FileSink.writeCallback, FileSink.seekCallback)
        else {
            av_free(buffer)
            throw libavError(flipbook_averror(ENOMEM), "allocating the output context", file: file, what: what)
        }
        self.io = io
        format.pointee.pb = io
        // CUSTOM_IO: the AVIOContext is ours to free. BITEXACT: no libavformat version string in the
        // file, so identical frames give identical bytes whatever the FFmpeg build.
        format.pointee.flags |= AVFMT_FLAG_CUSTOM_IO | AVFMT_FLAG_BITEXACT
    }

    /// Adds the video stream described by `encoder` and writes the file header; `comment` goes in
    /// the container's `comment` tag (a chunk's ``ChunkRecord``).
    func start(encoder: FrameEncoder, fps: FrameRate, options: VideoOptions, comment: String? = nil,
               audio: AudioEncoder? = nil) throws {
        let context = try encoder.openContext()
        let audioContext = try audio?.openContext()
        try start(fps: fps, options: options, comment: comment, audio: audioContext) { parameters in
            avcodec_parameters_from_context(parameters, context)
        }
    }

    /// Adds a video stream with a copy of `parameters` (another file's, for joining without
    /// re-encoding), and an audio stream with a copy of `audio` when given, and writes the file header.
    func start(copying parameters: UnsafePointer<AVCodecParameters>, audio: UnsafePointer<AVCodecParameters>? = nil,
               fps: FrameRate, options: VideoOptions) throws {
        try start(fps: fps, options: options, comment: nil, copyingAudio: audio) { copy in
            let status = avcodec_parameters_copy(copy, parameters)
            // The source container's tag (`avc1`, …) may mean nothing in this one; each muxer picks its own.
            copy.pointee.codec_tag = 0
            return status
        }
    }

    private func start(fps: FrameRate, options: VideoOptions, comment: String?,
                       audio: UnsafeMutablePointer<AVCodecContext>? = nil,
                       copyingAudio: UnsafePointer<AVCodecParameters>? = nil,
                       describe: (UnsafeMutablePointer<AVCodecParameters>) -> Int32) throws {
        guard let format = context else { throw closed() }
        guard let stream = avformat_new_stream(format, nil) else {
            throw libavError(flipbook_averror(ENOMEM), "adding the video stream", file: file, what: what)
        }
        self.stream = stream
        try checkLibav(describe(stream.pointee.codecpar), "describing the video stream", file: file, what: what)
        if let comment {
            try checkLibav(av_dict_set(&format.pointee.metadata, "comment", comment, 0), "setting the comment tag",
                           file: file, what: what)
        }
        if self.output.codec == .hevc, self.output.container == .mp4 || self.output.container == .mov {
            // libavformat tags HEVC `hev1` by default, which QuickTime and Safari refuse to play;
            // `hvc1` (parameter sets only in the sample description) is what Apple requires.
            stream.pointee.codecpar.pointee.codec_tag = fourCC("hvc1")
        }
        // The codec's time base, 1/fps (a frame's pts is its index); the muxer may pick a finer one.
        stream.pointee.time_base = AVRational(num: Int32(truncatingIfNeeded: fps.denominator),
                                              den: Int32(truncatingIfNeeded: fps.numerator))
        let rate = AVRational(num: Int32(truncatingIfNeeded: fps.numerator), den: Int32(truncatingIfNeeded: fps.denominator))
        stream.pointee.avg_frame_rate = rate
        stream.pointee.r_frame_rate = rate

        if let audio { try addAudioStream(audio) }
        if let copyingAudio { try addAudioStream(copying: copyingAudio) }
        var settings: OpaquePointer? = nil
        defer { av_dict_free(&settings) }
        let container = self.output.container.capabilities
        if options.faststart, container.hasFaststart {
            try checkLibav(av_dict_set(&settings, "movflags", "+faststart", 0), "setting movflags", file: file, what: what)
        }
        if let loop = container.loopOption {
            let value = animationLoopValue(options.loop, container: self.output.container, forever: loop.forever)
            try checkLibav(av_dict_set(&settings, loop.name, String(value), 0), "setting \(loop.name)", file: file, what: what)
        }
        try checkLibav(avformat_write_header(format, &settings), "writing the \(what) header", file: file, what: what)
        if av_dict_count(settings) > 0 {
            throw FlipbookError(.codec, "Cannot write \(what) \(file.path): the \(what) muxer did not accept its options.")
        }
    }

    /// Writes one encoded packet whose timestamps are in `timeBase`.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, timeBase: AVRational, frame: Int) throws {
        guard let stream else {
            throw FlipbookError(.codec, "Cannot write \(what) \(file.path): a packet came before the video stream was added.")
        }
        // The muxer picks its own track timescale in avformat_write_header (e.g. 1/15360 for 60 fps).
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        let status = av_interleaved_write_frame(context, packet)
        if status < 0 { throw writeError(status, "writing the packets around frame \(frame)") }
    }

    /// A new sound stream described by `describe` (its codec parameters filled in, checked), the one
    /// the muxer writes sound to; its priming's packets keep their timestamps before 0.
    private func addAudioStream(timeBase: AVRational,
                                describing describe: (UnsafeMutablePointer<AVCodecParameters>) -> Int32) throws {
        guard let format = context else { throw closed() }
        guard let stream = avformat_new_stream(format, nil) else {
            throw libavError(flipbook_averror(ENOMEM), "adding the audio stream", file: file, what: what)
        }
        try checkLibav(describe(stream.pointee.codecpar), "describing the audio stream", file: file, what: what)
        stream.pointee.time_base = timeBase
        audioStream = stream
        // Matroska stores the priming through its codec delay and MP4 through an edit list;
        // libavformat's default would instead shift every stream later, the picture too, and put it
        // out of step with the sound.
        format.pointee.avoid_negative_ts = AVFMT_AVOID_NEG_TS_DISABLED
    }

    /// Adds the sound's stream, described by its encoder (with its priming, `initial_padding`).
    private func addAudioStream(_ encoder: UnsafeMutablePointer<AVCodecContext>) throws {
        try addAudioStream(timeBase: encoder.pointee.time_base) { avcodec_parameters_from_context($0, encoder) }
        let matroska = output.container == .webm || output.container == .mkv
        if matroska, encoder.pointee.codec_id == AV_CODEC_ID_OPUS { audioDelay = Int64(encoder.pointee.initial_padding) }
    }

    /// Adds a sound stream with a copy of `parameters` (a chunk's, for joining without re-encoding).
    private func addAudioStream(copying parameters: UnsafePointer<AVCodecParameters>) throws {
        try addAudioStream(timeBase: AVRational(num: 1, den: parameters.pointee.sample_rate)) { codecpar in
            let status = avcodec_parameters_copy(codecpar, parameters)
            codecpar.pointee.codec_tag = 0
            return status
        }
    }

    /// Writes one audio packet copied from a chunk, its timestamps in `timeBase` (the chunk's
    /// stream's) plus `offset` (what the chunk's demuxer took off them), so they are stored as the
    /// chunk stored them.
    func writeCopiedAudio(_ packet: UnsafeMutablePointer<AVPacket>, timeBase: AVRational, offset: Int64) throws {
        guard let audioStream else {
            throw FlipbookError(.codec, "Cannot write \(what) \(file.path): an audio packet came without an audio stream.")
        }
        packet.pointee.pts += offset
        packet.pointee.dts += offset
        av_packet_rescale_ts(packet, timeBase, audioStream.pointee.time_base)
        packet.pointee.stream_index = audioStream.pointee.index
        let status = av_interleaved_write_frame(context, packet)
        if status < 0 { throw writeError(status, "writing the audio packets") }
    }

    /// Writes one encoded audio packet whose timestamps are in `timeBase`.
    func writeAudio(_ packet: UnsafeMutablePointer<AVPacket>, timeBase: AVRational) throws {
        try writeCopiedAudio(packet, timeBase: timeBase, offset: audioDelay)
    }

    /// Writes the `moov` index (moving it to the front with faststart) and checks that every byte
    /// reached the file.
    func finish() throws {
        let status = av_write_trailer(context)
        if status < 0 {
            throw writeError(status, "writing the \(what) index")
        }
        avio_flush(io)
        if let error = io?.pointee.error, error < 0 { throw writeError(error, "flushing the output") }
        if let failure = sink.failure { throw writeError(flipbook_averror(failure), "writing the file") }
    }

    /// The error for using the muxer after its libav objects are gone, reported rather than trapped.
    private func closed() -> FlipbookError {
        FlipbookError(.codec, "Cannot write \(what) \(file.path): the \(what) muxer is already closed.")
    }

    /// Prefers the operating system's reason recorded by the sink (e.g. ENOSPC) over libav's code,
    /// which for buffered writes may surface later and less precisely. A full disk is always a
    /// ``FlipbookError/Kind/diskFull`` error, whichever write found it.
    private func writeError(_ status: Int32, _ doing: String) -> FlipbookError {
        if let failure = sink.failure {
            // ENOSPC and EDQUOT are "disk full"; any other failure a file error with the system's reason.
            return FlipbookError.writeFailed(what, path: file.path, errno: failure)
        }
        return libavError(status, doing, file: file, what: what)
    }

    deinit {
        // avformat_free_context also runs the muxer's deinit when the trailer was never written.
        avformat_free_context(context)
        if let io {
            // avio may have replaced the buffer we gave it; free the one it holds now.
            av_freep(&io.pointee.buffer)
        }
        avio_context_free(&io)
    }
}

/// A four-character code as libavformat stores it (first character in the low byte).
private func fourCC(_ code: String) -> UInt32 {
    code.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
}

/// The muxer's loop value for ``VideoOptions/loop`` (repeats after the first play, `nil` forever):
/// GIF counts repeats (−1 for none), APNG and WebP count plays.
private func animationLoopValue(_ repeats: Int?, container: VideoContainer, forever: Int) -> Int {
    guard let repeats else { return forever }
    switch container {
    case .gif: return repeats == 0 ? -1 : repeats
    default: return repeats + 1
    }
}
