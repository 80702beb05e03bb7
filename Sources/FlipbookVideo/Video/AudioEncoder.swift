import CFFmpeg
import FlipbookAudio
import FlipbookCore
import Foundation

/// The sound of one output, and where its first sample sits on the clip's clock.
package struct AudioTrack: Sendable {
    /// The samples to encode, 48 kHz stereo.
    package var samples: AudioSamples
    /// The presentation time of the first sample, in samples (a chunk's offset; 0 for a clip).
    package var firstSample: Int
    /// The codec.
    package var codec: AudioCodec
    /// The bit rate in bits per second.
    package var bitrate: Int

    package init(samples: AudioSamples, firstSample: Int = 0, codec: AudioCodec, bitrate: Int) {
        self.samples = samples
        self.firstSample = firstSample
        self.codec = codec
        self.bitrate = bitrate
    }
}

/// One libavcodec audio encoder (AAC or Opus) fed from an ``AudioTrack`` as the picture advances.
/// Owns its codec context, frame and packet.
///
/// The encoder's priming (AAC's 1024 samples, Opus's pre-skip) is in its packets' timestamps (the first
/// is negative) and in `initial_padding`, which the muxers turn into an edit list (MP4, MOV) or a
/// codec delay (Matroska, WebM), so players start sound and picture together at 0.
final class AudioEncoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let track: AudioTrack
    private let file: URL
    private let what: String
    /// Samples per encoded frame (1024 for AAC, 960 for Opus).
    private let frameSize: Int
    /// Whether the encoder takes planar samples (AAC) rather than interleaved (Opus).
    private let planar: Bool
    /// Whether the last frame may be shorter than ``frameSize``.
    private let takesShortLastFrame: Bool
    /// The next sample of the track to encode.
    private(set) var position = 0

    /// The encoder's time base: one sample.
    let timeBase = AVRational(num: 1, den: Int32(AudioSamples.sampleRate))

    init(_ track: AudioTrack, globalHeader: Bool, file: URL, what: String) throws {
        self.track = track
        self.file = file
        self.what = what
        let name = track.codec.encoderName
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw FlipbookError(.codec, "Cannot write \(what) \(file.path): this FFmpeg has no \(name) encoder for \(track.codec.displayName) sound.")
        }
        planar = !Self.takes(AV_SAMPLE_FMT_FLT, codec) && Self.takes(AV_SAMPLE_FMT_FLTP, codec)
        takesShortLastFrame = codec.pointee.capabilities & Int32(AV_CODEC_CAP_SMALL_LAST_FRAME) != 0
        context = avcodec_alloc_context3(codec)
        guard let context else { throw libavError(flipbook_averror(ENOMEM), "allocating the audio encoder", file: file, what: what) }
        context.pointee.sample_rate = Int32(AudioSamples.sampleRate)
        context.pointee.sample_fmt = planar ? AV_SAMPLE_FMT_FLTP : AV_SAMPLE_FMT_FLT
        av_channel_layout_default(&context.pointee.ch_layout, Int32(AudioSamples.channelCount))
        context.pointee.bit_rate = Int64(track.bitrate)
        context.pointee.time_base = timeBase
        context.pointee.thread_count = 1
        // No encoder version string in the stream: the same samples give the same bytes.
        context.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        try checkLibav(avcodec_open2(context, codec, nil), "opening the \(name) encoder", file: file, what: what)
        frameSize = context.pointee.frame_size > 0 ? Int(context.pointee.frame_size) : 1024
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let frame, packet != nil else {
            throw libavError(flipbook_averror(ENOMEM), "allocating an audio frame", file: file, what: what)
        }
        frame.pointee.format = context.pointee.sample_fmt.rawValue
        frame.pointee.sample_rate = context.pointee.sample_rate
        frame.pointee.nb_samples = Int32(frameSize)
        try checkLibav(av_channel_layout_copy(&frame.pointee.ch_layout, &context.pointee.ch_layout),
                       "describing the audio frame", file: file, what: what)
        try checkLibav(av_frame_get_buffer(frame, 0), "allocating an audio frame", file: file, what: what)
    }

    private static func takes(_ format: AVSampleFormat, _ codec: UnsafePointer<AVCodec>) -> Bool {
        guard var formats = codec.pointee.sample_fmts else { return false }
        while formats.pointee != AV_SAMPLE_FMT_NONE {
            if formats.pointee == format { return true }
            formats += 1
        }
        return false
    }

    /// The context, for the muxer's stream parameters.
    func openContext() throws -> UnsafeMutablePointer<AVCodecContext> {
        guard let context else { throw FlipbookError(.codec, "Cannot write \(what) \(file.path): the audio encoder is closed.") }
        return context
    }

    /// Encodes whole frames of the track up to sample `end` (exclusive), handing out each packet.
    func encode(upTo end: Int, _ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let limit = min(end, track.samples.frameCount)
        while position + frameSize <= limit {
            try send(count: frameSize, output)
        }
    }

    /// Encodes the rest of the track and flushes the encoder.
    func finish(_ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        try encode(upTo: track.samples.frameCount, output)
        let rest = track.samples.frameCount - position
        if rest > 0 { try send(count: rest, output) }
        guard let context else { return }
        try checkLibav(avcodec_send_frame(context, nil), "flushing the audio encoder", file: file, what: what)
        try drain(output)
    }

    /// Sends `count` samples from ``position`` (padded with silence to a whole frame when the
    /// encoder needs one).
    private func send(count: Int, _ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let context, let frame else { return }
        try checkLibav(av_frame_make_writable(frame), "preparing an audio frame", file: file, what: what)
        let samples = takesShortLastFrame ? count : frameSize
        frame.pointee.nb_samples = Int32(samples)
        track.samples.interleaved.withUnsafeBufferPointer { source in
            let channels = AudioSamples.channelCount
            if planar {
                for channel in 0..<channels {
                    guard let plane = frame.pointee.extended_data[channel] else { continue }
                    let destination = UnsafeMutableRawPointer(plane).assumingMemoryBound(to: Float.self)
                    for index in 0..<samples {
                        destination[index] = index < count ? source[2 * (position + index) + channel] : 0
                    }
                }
            } else if let plane = frame.pointee.extended_data[0] {
                let destination = UnsafeMutableRawPointer(plane).assumingMemoryBound(to: Float.self)
                for index in 0..<(samples * channels) {
                    destination[index] = index < count * channels ? source[channels * position + index] : 0
                }
            }
        }
        frame.pointee.pts = Int64(track.firstSample + position)
        position += count
        try checkLibav(avcodec_send_frame(context, frame), "encoding the sound", file: file, what: what)
        try drain(output)
    }

    private func drain(_ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let context, let packet else { return }
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == flipbook_averror_eagain() || status == flipbook_averror_eof() { return }
            try checkLibav(status, "receiving an encoded audio packet", file: file, what: what)
            defer { av_packet_unref(packet) }
            try output(packet)
        }
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&context)
    }
}

