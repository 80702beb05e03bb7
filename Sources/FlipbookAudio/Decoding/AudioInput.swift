import CFFmpeg
import FlipbookCore
import Foundation

/// One opened audio file: its demuxer, the decoder of its audio stream and the resampler to 48 kHz
/// stereo Float32. Owns the three libav objects and frees them.
final class AudioInput {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private var streamIndex: Int32 = 0
    private var inputRate: Int32 = 0

    init(url: URL, problem: AudioFileProblem, besideVideo: (formats: String, decoders: String)? = nil) throws {
        var context = avformat_alloc_context()
        guard let allocated = context else { throw problem.libav(flipbook_averror(ENOMEM), "allocating the demuxer") }
        allocated.pointee.probesize = Int64(AudioFile.probeBytes)
        allocated.pointee.max_analyze_duration = 5 * Int64(AV_TIME_BASE)
        // av_strdup'd copies, freed with the context.
        allocated.pointee.format_whitelist = av_strdup(besideVideo.map { $0.formats } ?? AudioFile.formatWhitelist)
        allocated.pointee.codec_whitelist = av_strdup(AudioFile.codecWhitelist + (besideVideo.map { "," + $0.decoders } ?? ""))
        allocated.pointee.protocol_whitelist = av_strdup("file")
        // avformat_open_input frees the context itself when it fails.
        let opened = avformat_open_input(&context, url.path, nil, nil)
        if opened < 0 {
            throw problem.error("is not an audio file Flipbook reads (WAV, FLAC, MP3, AAC/M4A, Ogg Opus or Vorbis): "
                + libavErrorText(opened))
        }
        format = context
        let (index, codec) = try Self.findStream(context, problem: problem)
        streamIndex = index
        guard let stream = context?.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar else {
            throw problem.error("has no audio stream")
        }
        let rate = parameters.pointee.sample_rate
        guard AudioFile.sampleRateLimits.contains(Int(rate)) else {
            throw problem.error("has a sample rate of \(rate) Hz; it must be between \(AudioFile.sampleRateLimits.lowerBound) "
                + "and \(AudioFile.sampleRateLimits.upperBound) Hz")
        }
        let channels = parameters.pointee.ch_layout.nb_channels
        guard channels >= 1, channels <= AudioFile.maximumChannels else {
            throw problem.error("has \(channels) channels; it must have between 1 and \(AudioFile.maximumChannels)")
        }
        inputRate = rate
        decoder = avcodec_alloc_context3(codec)
        guard let decoder else { throw problem.libav(flipbook_averror(ENOMEM), "allocating the decoder") }
        try check(avcodec_parameters_to_context(decoder, parameters), "reading the stream's parameters", problem)
        decoder.pointee.codec_whitelist = av_strdup(AudioFile.codecWhitelist)
        decoder.pointee.thread_count = 1
        try check(avcodec_open2(decoder, codec, nil), "opening the \(String(cString: codec.pointee.name)) decoder", problem)
        // The resampler is made for the first frame's layout (a stream may not state it up front).
    }

    /// The best audio stream and its decoder.
    private static func findStream(_ context: UnsafeMutablePointer<AVFormatContext>?, problem: AudioFileProblem) throws
        -> (Int32, UnsafePointer<AVCodec>) {
        let info = avformat_find_stream_info(context, nil)
        if info < 0 { throw problem.libav(info, "reading the stream information") }
        var codec: UnsafePointer<AVCodec>? = nil
        let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0)
        if index == flipbook_averror_stream_not_found() { throw problem.error("has no audio stream") }
        if index == flipbook_averror_decoder_not_found() || (index >= 0 && codec == nil) {
            throw problem.error("holds audio in a codec Flipbook does not decode (it reads PCM, FLAC, MP3, AAC, Opus and Vorbis)")
        }
        if index < 0 { throw problem.libav(index, "finding the audio stream") }
        guard let codec else { throw problem.error("has no audio stream") }
        return (index, codec)
    }

    private func check(_ status: Int32, _ doing: String, _ problem: AudioFileProblem) throws {
        if status < 0 { throw problem.libav(status, doing) }
    }

    /// Every sample of the stream, resampled.
    func decodeAll(problem: AudioFileProblem) throws -> AudioSamples {
        guard let format, let decoder else { throw problem.error("is already closed") }
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer {
            av_packet_free(&packet)
            av_frame_free(&frame)
        }
        guard let packet, let frame else { throw problem.libav(flipbook_averror(ENOMEM), "allocating a packet") }
        var output: [Float] = []
        let limit = Int(AudioFile.maximumDuration * Double(AudioSamples.sampleRate)) * AudioSamples.channelCount
        var packets = 0
        while true {
            let read = av_read_frame(format, packet)
            if read == flipbook_averror_eof() { break }
            if read < 0 { throw problem.libav(read, "reading packet \(packets)") }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            packets += 1
            let sent = avcodec_send_packet(decoder, packet)
            if sent < 0 { throw problem.libav(sent, "decoding packet \(packets - 1)") }
            try receive(frame, into: &output, limit: limit, problem: problem)
        }
        let flushed = avcodec_send_packet(decoder, nil)
        if flushed < 0, flushed != flipbook_averror_eof() { throw problem.libav(flushed, "flushing the decoder") }
        try receive(frame, into: &output, limit: limit, problem: problem)
        try drainResampler(into: &output, problem: problem)
        guard !output.isEmpty else { throw problem.error("holds no samples") }
        return AudioSamples(interleaved: output)
    }

    /// Takes every frame the decoder has ready and appends it, resampled, to `output`.
    private func receive(_ frame: UnsafeMutablePointer<AVFrame>, into output: inout [Float], limit: Int,
                         problem: AudioFileProblem) throws {
        guard let decoder else { return }
        while true {
            let status = avcodec_receive_frame(decoder, frame)
            if status == flipbook_averror_eagain() || status == flipbook_averror_eof() { return }
            if status < 0 { throw problem.libav(status, "decoding") }
            defer { av_frame_unref(frame) }
            try convert(frame, into: &output, problem: problem)
            if output.count > limit {
                throw problem.error("is longer than \(formatNumber(AudioFile.maximumDuration)) seconds, the longest Flipbook decodes")
            }
        }
    }

    /// Resamples one decoded frame and appends the result.
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>, into output: inout [Float], problem: AudioFileProblem) throws {
        if resampler == nil { try makeResampler(for: frame, problem: problem) }
        guard frame.pointee.sample_rate == inputRate else {
            throw problem.error("changes its sample rate part-way (\(inputRate) Hz, then \(frame.pointee.sample_rate) Hz)")
        }
        let inputs = frame.pointee.extended_data.map { UnsafeMutablePointer<UnsafePointer<UInt8>?>(OpaquePointer($0)) }
        try append(inputs, count: frame.pointee.nb_samples, into: &output, problem: problem)
    }

    /// Converts `count` input samples (or flushes with `nil`) and appends what comes out.
    private func append(_ inputs: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int32, into output: inout [Float],
                        problem: AudioFileProblem) throws {
        guard let resampler else { return }
        let room = swr_get_out_samples(resampler, count)
        if room < 0 { throw problem.libav(room, "sizing the resampler's output") }
        guard room > 0 else { return }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: Int(room) * AudioSamples.channelCount))
        let converted = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            var plane: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(base + start).assumingMemoryBound(to: UInt8.self)
            return swr_convert(resampler, &plane, room, inputs, count)
        }
        if converted < 0 {
            output.removeLast(Int(room) * AudioSamples.channelCount)
            throw problem.libav(converted, "resampling")
        }
        output.removeLast(Int(room - converted) * AudioSamples.channelCount)
    }

    private func drainResampler(into output: inout [Float], problem: AudioFileProblem) throws {
        guard resampler != nil else { return }
        try append(nil, count: 0, into: &output, problem: problem)
    }

    private func makeResampler(for frame: UnsafeMutablePointer<AVFrame>, problem: AudioFileProblem) throws {
        var inputLayout = AVChannelLayout()
        defer { av_channel_layout_uninit(&inputLayout) }
        let channels = frame.pointee.ch_layout.nb_channels
        guard channels >= 1, channels <= Int32(AudioFile.maximumChannels) else {
            throw problem.error("has \(channels) channels; it must have between 1 and \(AudioFile.maximumChannels)")
        }
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&inputLayout, channels)
        } else {
            try check(av_channel_layout_copy(&inputLayout, &frame.pointee.ch_layout), "reading the channel layout", problem)
        }
        var outputLayout = AVChannelLayout()
        defer { av_channel_layout_uninit(&outputLayout) }
        av_channel_layout_default(&outputLayout, Int32(AudioSamples.channelCount))
        var context: OpaquePointer? = nil
        let status = swr_alloc_set_opts2(
            &context, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(AudioSamples.sampleRate),
            &inputLayout, AVSampleFormat(frame.pointee.format), inputRate, 0, nil)
        resampler = context
        try check(status, "setting up the resampler", problem)
        try check(swr_init(context), "starting the resampler", problem)
    }

    deinit {
        swr_free(&resampler)
        avcodec_free_context(&decoder)
        avformat_close_input(&format)
    }
}
