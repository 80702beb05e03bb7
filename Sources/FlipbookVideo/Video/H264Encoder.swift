import CFFmpeg
import FlipbookDrawing
import Foundation

/// libx264 through libavcodec: YUV frames in, H.264 packets out. Owns its codec context, its
/// reusable input frame and its output packet.
final class H264Encoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// The codec's time base, 1/fps: a frame's pts is its index.
    let timeBase: AVRational
    /// The file being written, for messages.
    private let file: URL

    /// The open codec context (for copying its parameters into the muxer's stream).
    func openContext() throws -> UnsafeMutablePointer<AVCodecContext> {
        guard let context else { throw closed() }
        return context
    }

    /// The error for using the encoder after its libav objects are gone (a programming error upstream,
    /// reported rather than trapped).
    private func closed() -> FlipbookError {
        FlipbookError(.codec, "Cannot write MP4 \(file.path): the H.264 encoder is already closed.")
    }

    init(width: Int, height: Int, fps: FrameRate, options: VideoOptions, globalHeader: Bool, file: URL) throws {
        self.file = file
        // Validated rates fit Int32: at most 1000/1 or 60000/1001.
        timeBase = AVRational(num: Int32(truncatingIfNeeded: fps.denominator), den: Int32(truncatingIfNeeded: fps.numerator))
        // Everything above is initialised before the first throw, so deinit frees whatever was
        // allocated if a later step fails.
        guard let codec = avcodec_find_encoder_by_name(options.codec.encoderName) else {
            throw FlipbookError(.codec,
                "Cannot write MP4 \(file.path): this FFmpeg was built without the libx264 encoder.")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw libavError(flipbook_averror(ENOMEM), "allocating the H.264 encoder", file: file)
        }
        self.context = context
        let c = context
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = options.pixelFormat.libavFormat
        c.pointee.time_base = timeBase
        c.pointee.framerate = AVRational(num: timeBase.den, den: timeBase.num)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if let gop = options.gopLength(fps: fps) {
            c.pointee.gop_size = Int32(gop)
        }
        // The tags must match the matrix and range of our RGB→YUV conversion (YUVConversion.swift).
        c.pointee.color_primaries = AVCOL_PRI_BT709
        c.pointee.color_trc = AVCOL_TRC_BT709
        c.pointee.colorspace = AVCOL_SPC_BT709
        c.pointee.color_range = AVCOL_RANGE_MPEG
        // x264's output depends on its thread count, so it is always set explicitly (never "auto").
        c.pointee.thread_count = Int32(options.resolvedEncoderThreads)
        c.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
        if globalHeader {
            // MP4 keeps SPS/PPS in the avcC box rather than in the stream.
            c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }

        var settings: OpaquePointer? = nil
        defer { av_dict_free(&settings) }
        try checkLibav(av_dict_set(&settings, "preset", options.preset, 0), "setting the x264 preset", file: file)
        try checkLibav(av_dict_set(&settings, "crf", String(options.crf), 0), "setting the CRF", file: file)
        let parameters = x264Parameters(for: options)
        try checkLibav(av_dict_set(&settings, "x264-params", parameters, 0),
                       "setting the x264 parameters \(parameters)", file: file)
        try checkLibav(avcodec_open2(c, codec, &settings),
                       "opening libx264 (\(width)×\(height), \(fps) fps, preset \(options.preset), CRF \(options.crf))",
                       file: file)
        if av_dict_count(settings) > 0 {
            throw FlipbookError(.codec,
                "Cannot write MP4 \(file.path): libx264 did not accept the options \(Self.keys(settings)).")
        }

        guard let frame = av_frame_alloc() else {
            throw libavError(flipbook_averror(ENOMEM), "allocating a video frame", file: file)
        }
        self.frame = frame
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        try checkLibav(av_frame_get_buffer(frame, 0), "allocating a \(width)×\(height) video frame", file: file)
        Self.clearBuffers(of: frame)
        guard let packet = av_packet_alloc() else {
            throw libavError(flipbook_averror(ENOMEM), "allocating a packet", file: file)
        }
        self.packet = packet
    }

    /// Encodes one frame with presentation timestamp `pts` (its index), passing every packet the
    /// encoder releases to `output`. x264 holds frames back (lookahead, B-frames), so a call may
    /// produce no packet at all; ``flush(_:)`` releases the rest.
    func encode(_ picture: YUVFrame, pts: Int64, _ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let frame else { throw closed() }
        // The encoder may still hold a reference to the previous buffer; this copies if so.
        let before = frame.pointee.data.0
        try checkLibav(av_frame_make_writable(frame), "preparing frame \(pts) for encoding", file: file)
        if frame.pointee.data.0 != before { Self.clearBuffers(of: frame) }
        guard let y = frame.pointee.data.0, let u = frame.pointee.data.1, let v = frame.pointee.data.2 else {
            throw FlipbookError(.codec, "Cannot write MP4 \(file.path): libavutil gave frame \(pts) no picture planes.")
        }
        copy(picture.y, width: picture.lumaWidth, rows: picture.lumaHeight, into: y, stride: Int(frame.pointee.linesize.0))
        copy(picture.u, width: picture.chromaWidth, rows: picture.chromaHeight, into: u, stride: Int(frame.pointee.linesize.1))
        copy(picture.v, width: picture.chromaWidth, rows: picture.chromaHeight, into: v, stride: Int(frame.pointee.linesize.2))
        frame.pointee.pts = pts
        try checkLibav(avcodec_send_frame(context, frame), "encoding frame \(pts)", file: file)
        try drain(output)
    }

    /// Tells the encoder no more frames are coming and passes every remaining packet to `output`.
    func flush(_ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        try checkLibav(avcodec_send_frame(context, nil), "flushing the encoder", file: file)
        try drain(output)
    }

    private func drain(_ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let packet else { throw closed() }
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == flipbook_averror_eagain() || status == flipbook_averror_eof() { return }
            try checkLibav(status, "receiving an encoded packet", file: file)
            defer { av_packet_unref(packet) }
            // Every frame lasts exactly one tick of 1/fps; libx264 leaves the duration unset.
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            try output(packet)
        }
    }

    /// Copies a plane into the frame, filling each row's alignment padding (between `width` and
    /// `stride`) with the row's last sample. x264's SIMD input copy reads whole vectors and so looks
    /// at that padding; left uninitialised it made the output depend on whatever memory malloc
    /// returned, and broke byte-for-byte reproducibility.
    private func copy(_ plane: [UInt8], width: Int, rows: Int, into destination: UnsafeMutablePointer<UInt8>, stride: Int) {
        plane.withUnsafeBufferPointer { source in
            if stride == width {
                destination.update(from: source.baseAddress!, count: width * rows)
                return
            }
            for row in 0..<rows {
                let target = destination + row * stride
                target.update(from: source.baseAddress! + row * width, count: width)
                (target + width).update(repeating: source[row * width + width - 1], count: stride - width)
            }
        }
    }

    /// Zeroes every byte of the frame's buffers, including the alignment padding after each row and
    /// the spare rows libavutil allocates below the picture. x264's SIMD input copy reads whole
    /// vectors past the picture's edges; uninitialised, those bytes made the encoded stream depend on
    /// what malloc happened to return, which broke byte-for-byte reproducibility.
    private static func clearBuffers(of frame: UnsafeMutablePointer<AVFrame>) {
        withUnsafeBytes(of: frame.pointee.buf) { buffers in
            for reference in buffers.bindMemory(to: UnsafeMutablePointer<AVBufferRef>?.self) {
                guard let reference else { continue }
                memset(reference.pointee.data, 0, reference.pointee.size)
            }
        }
    }

    private static func keys(_ dictionary: OpaquePointer?) -> String {
        var names: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            names.append(String(cString: next.pointee.key))
            entry = next
        }
        return names.joined(separator: ", ")
    }

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&context)
    }
}

extension PixelFormat {
    /// libavutil's name for the layout.
    var libavFormat: AVPixelFormat {
        switch self {
        case .yuv420p: AV_PIX_FMT_YUV420P
        }
    }
}
