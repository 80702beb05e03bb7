import CFFmpeg
import FlipbookAudio
import FlipbookCore
import Foundation

// The sound as a listener hears it: a lossy encoder (AAC, Opus) rebuilds each block from quantised
// frequencies, and the decoded waveform overshoots the mix it was given, most where the mix is held
// at the limiter's ceiling and at sharp transients. The mix's own true peak says nothing of that; the
// encoded stream decoded again does.

extension AudioTrack {
    /// The track's samples through its encoder (codec and bit rate) and back through libavcodec's
    /// decoder, aligned with them (the encoder's priming cut) and as long as they are.
    ///
    /// - Throws: ``FlipbookError`` when FFmpeg has no such encoder or decoder, or either fails;
    ///   `file` and `what` name the output in messages.
    package func decodedAgain(file: URL, what: String) throws -> AudioSamples {
        try encodedAndDecoded(file: file, what: what).decoded
    }

    /// The track's packets from its encoder, as an output encoding the track from its first sample
    /// would make them (``SoundPackets``), and those packets decoded again (``decodedAgain(file:what:)``).
    /// `stopped` is asked every ten seconds of sound; when it is true the encode ends with
    /// ``FlipbookError/Kind/interrupted``.
    func encodedAndDecoded(file: URL, what: String, stopped: () -> Bool = { false }) throws
        -> (packets: SoundPackets, decoded: AudioSamples) {
        var whole = self
        whole.firstSample = 0
        whole.writtenSamples = nil
        // The containers that carry sound all take a global header; the packets are the same either way.
        let encoder = try AudioEncoder(PendingSound(ready: whole), globalHeader: true, replaying: false, file: file, what: what)
        let encoding = try encoder.openContext()
        let decoder = try SoundDecoder(like: encoding, file: file, what: what)
        var kept: [SoundPackets.Kept] = []
        defer { for index in kept.indices { av_packet_free(&kept[index].packet) } }
        let keep = { (packet: UnsafeMutablePointer<AVPacket>) throws in
            let copy = try clonedPacket(packet, "keeping an encoded audio packet", file: file, what: what)
            kept.append(SoundPackets.Kept(packet: copy, sentSamples: encoder.flushing ? nil : encoder.position))
            try decoder.decode(packet)
        }
        // In stretches, so a stop is heard: the frames sent, and so the packets, are the same.
        let stretch = 10 * AudioSamples.sampleRate
        for end in stride(from: stretch, to: samples.frameCount + stretch, by: stretch) {
            if stopped() { throw FlipbookError.interrupted("Cannot write \(what) \(file.path)", reason: .cancelled) }
            try encoder.encode(upTo: min(end, samples.frameCount), keep)
        }
        try encoder.finish(keep)
        try decoder.decode(nil)
        // The first `initial_padding` samples decoded are the encoder's priming, before the track's first.
        let priming = 2 * Int(max(0, encoding.pointee.initial_padding))
        var interleaved = Array(decoder.interleaved.dropFirst(priming).prefix(samples.interleaved.count))
        interleaved += [Float](repeating: 0, count: samples.interleaved.count - interleaved.count)
        let packets = SoundPackets(kept: kept, codec: codec, bitrate: bitrate, sampleCount: samples.frameCount,
                                   globalHeader: true)
        kept = []
        return (packets, AudioSamples(interleaved: interleaved))
    }
}

/// A libavcodec audio decoder set up from an encoder's context (its codec, rate, layout and header),
/// gathering what it decodes as interleaved stereo floats.
private final class SoundDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let file: URL
    private let what: String
    /// The decoded samples, left and right interleaved.
    private(set) var interleaved: [Float] = []

    init(like encoder: UnsafeMutablePointer<AVCodecContext>, file: URL, what: String) throws {
        self.file = file
        self.what = what
        guard let codec = avcodec_find_decoder(encoder.pointee.codec_id) else {
            throw FlipbookError(.codec, "Cannot write \(what) \(file.path): this FFmpeg has no decoder for the sound it encodes.")
        }
        context = avcodec_alloc_context3(codec)
        frame = av_frame_alloc()
        var parameters = avcodec_parameters_alloc()
        defer { avcodec_parameters_free(&parameters) }
        guard let context, frame != nil, let parameters else {
            throw libavError(flipbook_averror(ENOMEM), "allocating the sound's decoder", file: file, what: what)
        }
        try checkLibav(avcodec_parameters_from_context(parameters, encoder), "describing the encoded sound", file: file, what: what)
        try checkLibav(avcodec_parameters_to_context(context, parameters), "describing the encoded sound", file: file, what: what)
        context.pointee.pkt_timebase = encoder.pointee.time_base
        try checkLibav(avcodec_open2(context, codec, nil), "opening the sound's decoder", file: file, what: what)
    }

    /// Decodes `packet` (`nil` flushes the decoder), keeping what comes out.
    func decode(_ packet: UnsafeMutablePointer<AVPacket>?) throws {
        guard let context, let frame else { return }
        try checkLibav(avcodec_send_packet(context, packet), "decoding the encoded sound", file: file, what: what)
        while true {
            let status = avcodec_receive_frame(context, frame)
            if status == flipbook_averror_eagain() || status == flipbook_averror_eof() { return }
            try checkLibav(status, "decoding the encoded sound", file: file, what: what)
            defer { av_frame_unref(frame) }
            try keep(frame.pointee)
        }
    }

    /// Appends a decoded frame's samples, whichever of libavcodec's float and 16-bit layouts it has.
    private func keep(_ decoded: AVFrame) throws {
        let count = Int(decoded.nb_samples), channels = Int(decoded.ch_layout.nb_channels)
        let format = AVSampleFormat(rawValue: decoded.format)
        let planar = format == AV_SAMPLE_FMT_FLTP || format == AV_SAMPLE_FMT_S16P
        let planes = (0..<(planar ? channels : 1)).compactMap { decoded.extended_data?[$0].map(UnsafeRawPointer.init) }
        guard channels == AudioSamples.channelCount, planes.count == (planar ? channels : 1),
              [AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_S16P, AV_SAMPLE_FMT_S16].contains(format) else {
            throw FlipbookError(.codec, "Cannot write \(what) \(file.path): the sound decodes to \(channels) channels of a "
                                    + "sample format Flipbook does not read back.")
        }
        let isFloat = format == AV_SAMPLE_FMT_FLTP || format == AV_SAMPLE_FMT_FLT
        interleaved.reserveCapacity(interleaved.count + channels * count)
        for index in 0..<count {
            for channel in 0..<channels {
                let plane = planes[planar ? channel : 0], offset = planar ? index : channels * index + channel
                interleaved.append(isFloat ? plane.load(fromByteOffset: 4 * offset, as: Float.self)
                                   : Float(plane.load(fromByteOffset: 2 * offset, as: Int16.self)) / 32768)
            }
        }
    }

    deinit {
        av_frame_free(&frame)
        avcodec_free_context(&context)
    }
}

extension AudioTrack {
    /// The decoded true peak of the track's sound before and after ``keepDecodedPeak(under:file:what:stopped:)``, dBTP.
    package struct DecodedPeaks: Sendable, Equatable {
        package var before: Double
        package var after: Double
    }

    /// How far below the ceiling the decoded true peak is brought, in decibels: meters oversample with
    /// filters of their own (libebur128's is not the limiter's, nor FFmpeg's `ebur128` filter's), and a
    /// tenth of a decibel keeps every one of them below the ceiling.
    package static let decodedPeakMargin = 0.1

    /// Turns the track's samples down where its encoded sound, decoded again, would pass `limiter`'s
    /// ceiling, until libebur128 measures the decoded true peak ``decodedPeakMargin`` below it (six rounds
    /// at most, each encoding and decoding the track again), so a player's output keeps the ceiling the
    /// mix keeps. Loudness falls by what the turning down takes (a few hundredths of a loudness unit to
    /// three tenths for a mix held at the ceiling throughout): the ceiling comes first.
    ///
    /// - Throws: as ``decodedAgain(file:what:)``, or when libebur128 fails.
    @discardableResult
    package mutating func keepDecodedPeak(under limiter: TruePeakLimiter, file: URL, what: String,
                                          stopped: () -> Bool = { false }) throws -> DecodedPeaks {
        var (packets, decoded) = try encodedAndDecoded(file: file, what: what, stopped: stopped)
        let before = try LoudnessMeter.truePeak(of: decoded)
        var peak = before
        let target = limiter.ceiling - Self.decodedPeakMargin
        for _ in 0..<6 where peak >= target {
            // Aimed lower than the target: the decoded peak falls by less than the mix is turned down,
            // and each round is an encode; one or two reach it.
            limiter.lower(&samples, whereDecoded: decoded, margin: 3 * Self.decodedPeakMargin)
            (packets, decoded) = try encodedAndDecoded(file: file, what: what, stopped: stopped)
            peak = try LoudnessMeter.truePeak(of: decoded)
        }
        // The last encode was of the samples as they now are: an output writes its packets.
        encoded = packets
        return DecodedPeaks(before: before, after: peak)
    }
}
