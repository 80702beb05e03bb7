import CFFmpeg
import FlipbookAudio
import FlipbookCore
import Foundation

/// The sound of one output, and where its first sample sits on the clip's clock.
package struct AudioTrack: Sendable {
    /// The samples to encode, 48 kHz stereo; changed only by ``keepDecodedPeak(under:file:what:stopped:)``,
    /// which keeps ``encoded`` in step with them.
    package internal(set) var samples: AudioSamples
    /// The presentation time of the first sample, in samples (a chunk's offset; 0 for a clip).
    package var firstSample: Int
    /// The codec.
    package var codec: AudioCodec
    /// The bit rate in bits per second.
    package var bitrate: Int
    /// The presentation times, in samples, of the packets written (a packet is written when its
    /// first sample's time is in the range); `nil` writes them all.
    ///
    /// A chunk of a clip encodes the whole clip's sound from its first sample, exactly as a single
    /// render does, and writes only the packets that start within its own frames (the first chunk
    /// also the priming's, the last one the flush's): the chunks' packets, joined, are the single
    /// render's packets, byte for byte.
    package var writtenSamples: Range<Int>?
    /// The packets of `samples` encoded from the first, when an encode measured them
    /// (``keepDecodedPeak(under:file:what:stopped:)``): an output writes these rather than encoding again.
    package internal(set) var encoded: SoundPackets?

    package init(samples: AudioSamples, firstSample: Int = 0, codec: AudioCodec, bitrate: Int,
                 writtenSamples: Range<Int>? = nil) {
        self.samples = samples
        self.firstSample = firstSample
        self.codec = codec
        self.bitrate = bitrate
        self.writtenSamples = writtenSamples
    }

    /// Whether the packet whose first sample plays at `pts` (in samples) is written.
    func writes(pts: Int64) -> Bool {
        guard let writtenSamples else { return true }
        return pts >= Int64(writtenSamples.lowerBound) && pts < Int64(writtenSamples.upperBound)
    }
}

/// One libavcodec audio encoder (AAC or Opus) fed from an ``AudioTrack`` as the picture advances.
/// Owns its codec context, frame and packet.
///
/// The codec is opened from the track as planned (``PendingSound/planned``); the prepared track is
/// waited for when the first sound is asked for, and its packets, when the preparation kept them
/// (``AudioTrack/encoded``), are written instead of encoding its samples again, at the points this
/// encoder would have made them.
///
/// The encoder's priming (AAC's 1024 samples, Opus's pre-skip) is in its packets' timestamps (the first
/// is negative) and in `initial_padding`, which the muxers turn into an edit list (MP4, MOV) or a
/// codec delay (Matroska, WebM), so players start sound and picture together at 0.
final class AudioEncoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// What is encoded, as planned: codec, bit rate, first sample and written packets.
    let planned: AudioTrack
    /// The sound, which may still be being prepared.
    private let sound: PendingSound
    /// Whether the preparation's packets may be written rather than encoding the samples.
    private let replaying: Bool
    private let globalHeader: Bool
    /// The prepared track and the packets written for it, once waited for.
    private var prepared: (track: AudioTrack, replayed: SoundPackets?)?
    private let file: URL
    private let what: String
    /// Samples per encoded frame (1024 for AAC, 960 for Opus).
    private let frameSize: Int
    /// Whether the encoder takes planar samples (AAC) rather than interleaved (Opus).
    private let planar: Bool
    /// The next of the replayed packets to write.
    private var nextReplayed = 0
    /// Whether the last frame may be shorter than ``frameSize``.
    private let takesShortLastFrame: Bool
    /// The next sample of the track to encode.
    private(set) var position = 0
    /// Whether the encoder is being flushed: every sample has been sent.
    private(set) var flushing = false

    /// The encoder's time base: one sample.
    let timeBase = AVRational(num: 1, den: Int32(AudioSamples.sampleRate))

    /// An encoder for `sound`; `replaying` false encodes its samples even when the track has
    /// their packets (the measuring encode itself).
    init(_ sound: PendingSound, globalHeader: Bool, replaying: Bool = true, file: URL, what: String) throws {
        self.sound = sound
        let track = sound.planned
        planned = track
        self.replaying = replaying
        self.globalHeader = globalHeader
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

    /// The prepared track, and its packets when this encoder writes them, waiting for them the first time.
    private func ready() throws -> (track: AudioTrack, replayed: SoundPackets?) {
        if let prepared { return prepared }
        let track = try sound.track()
        let replayed = replaying ? track.encoded.flatMap { $0.madeFor(track, globalHeader: globalHeader) ? $0 : nil } : nil
        prepared = (track, replayed)
        return (track, replayed)
    }

    /// Encodes whole frames of the track up to sample `end` (exclusive), handing out each packet
    /// the track writes (``AudioTrack/writtenSamples``).
    func encode(upTo end: Int, _ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        let limit = min(end, planned.samples.frameCount)
        guard position + frameSize <= limit else { return }
        let (track, replayed) = try ready()
        if let replayed {
            while position + frameSize <= limit { position += frameSize }
            return try replay(replayed, throughSent: position, output)
        }
        while position + frameSize <= limit {
            try send(count: frameSize, of: track) { packet in
                if self.planned.writes(pts: packet.pointee.pts) { try output(packet) }
            }
        }
    }

    /// Writes the replayed packets that came out once `sent` samples had been sent (every one left
    /// when `sent` is `nil`, the flush), those the track writes, on the track's clock.
    private func replay(_ replayed: SoundPackets, throughSent sent: Int?,
                        _ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let packet else { return }
        while nextReplayed < replayed.count {
            if let sent, (replayed.sentSamples(at: nextReplayed) ?? Int.max) > sent { return }
            try checkLibav(replayed.copy(nextReplayed, into: packet), "copying an encoded audio packet", file: file, what: what)
            nextReplayed += 1
            defer { av_packet_unref(packet) }
            // Measured from sample 0; a part of a clip starts its track later on the clip's clock.
            packet.pointee.pts += Int64(planned.firstSample)
            packet.pointee.dts += Int64(planned.firstSample)
            if planned.writes(pts: packet.pointee.pts) { try output(packet) }
        }
    }

    /// Encodes the rest of the track and flushes the encoder, handing out the packets the track
    /// writes (``AudioTrack/writtenSamples``).
    ///
    /// When the written packets end before the track does (a chunk that is not the clip's last),
    /// encoding stops at the first packet past them: the frames sent until then are the ones a
    /// single render sends, so every packet handed out is the single render's.
    func finish(_ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        // Packets past the written ones start past them, so writing what is left writes the same.
        let (track, replayed) = try ready()
        if let replayed { return try replay(replayed, throughSent: nil, output) }
        let stop = track.writtenSamples.map { Int64($0.upperBound) } ?? Int64.max
        var reachedStop = false
        let output: (UnsafeMutablePointer<AVPacket>) throws -> Void = { packet in
            if packet.pointee.pts >= stop { reachedStop = true }
            if self.planned.writes(pts: packet.pointee.pts) { try output(packet) }
        }
        if stop != Int64.max {
            while !reachedStop, position + frameSize <= track.samples.frameCount {
                try send(count: frameSize, of: track, output)
            }
            if reachedStop { return }
        }
        try encode(upTo: track.samples.frameCount, output)
        let rest = track.samples.frameCount - position
        if rest > 0 { try send(count: rest, of: track, output) }
        guard let context else { return }
        flushing = true
        try checkLibav(avcodec_send_frame(context, nil), "flushing the audio encoder", file: file, what: what)
        try drain(output)
    }

    /// Sends `count` samples of `track` from ``position`` (padded with silence to a whole frame when
    /// the encoder needs one).
    private func send(count: Int, of track: AudioTrack, _ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
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

