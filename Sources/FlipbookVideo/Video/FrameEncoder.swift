import CFFmpeg
import FlipbookCore
import FlipbookRaster
import Foundation

/// One libavcodec encoder (libx264, libx265, libvpx, prores_ks, gif, …): converted frames in,
/// packets out. What differs between codecs is data (``EncoderSettings``), not code. Owns its codec
/// context, its reusable input frame and its output packet.
final class FrameEncoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// The codec's time base, 1/fps: a frame's pts is its index.
    let timeBase: AVRational
    /// The file being written, for messages.
    private let file: URL
    /// The output's format name, for messages ("MP4").
    private let what: String
    /// The codec's name, for messages ("H.264").
    private let codecName: String
    /// The pixel layout of the input frame.
    private let pixelFormat: PixelFormat
    /// The cap this encode runs without and whose buffer its packets are checked against
    /// (``RateCapPass/checked``), or `nil`.
    let checkedCap: VBV?
    /// The frame threads the encoder runs (``EncoderSettings/frameThreads``).
    let frameThreads: Int
    /// Whether the finished stream is measured and signals the level it fits (``EncoderSettings/fitsLevel``).
    let fitsLevel: Bool
    /// Whether x264's rate buffer holds a cap (``RateCapPass/held``).
    let holdsRate: Bool
    /// The H.264 level the user asked for (``VideoOptions/level``), with the stream's profile.
    private(set) var askedLevel: H264Level?

    /// The open encoder's sequence parameter set (from its global header), or `nil` when it has none.
    func sequenceParameterSet() throws -> [UInt8]? {
        let context = try openContext()
        guard let data = context.pointee.extradata, context.pointee.extradata_size > 0 else { return nil }
        return spsNAL(in: Array(UnsafeBufferPointer(start: data, count: Int(context.pointee.extradata_size))))
    }

    /// The open codec context (for copying its parameters into the muxer's stream).
    func openContext() throws -> UnsafeMutablePointer<AVCodecContext> {
        guard let context else { throw closed() }
        return context
    }

    /// The error for using the encoder after its libav objects are gone (a programming error upstream,
    /// reported rather than trapped).
    private func closed() -> FlipbookError {
        FlipbookError(.codec, "Cannot write \(what) \(file.path): the \(codecName) encoder is already closed.")
    }

    init(width: Int, height: Int, fps: FrameRate, format: OutputFormat, options: VideoOptions, globalHeader: Bool,
         file: URL) throws {
        self.file = file
        what = format.container.capabilities.displayName
        codecName = format.codec.capabilities.displayName
        pixelFormat = format.pixelFormat
        let what = what, codecName = codecName
        var settings = EncoderSettings(format: format, options: options, fps: fps)
        // Validated rates fit Int32: at most 1000/1 or 60000/1001.
        timeBase = AVRational(num: Int32(truncatingIfNeeded: fps.denominator), den: Int32(truncatingIfNeeded: fps.numerator))
        let opening = Opening(width: width, height: height, fps: fps, timeBase: timeBase, format: format, file: file,
                              what: what, codecName: codecName)
        if format.codec == .h264, let asked = options.level.flatMap(format.codec.levelNumber(named:)),
           let probed = try opening.signalledLevel(settings) {
            // The asked level, held like x264's own below: its factor depends on the profile, which
            // x264 picks from the preset and pixel format.
            let level = H264Level(profile: probed.profile, level: asked)
            settings = EncoderSettings(format: format, options: options, fps: fps, vbv: level.vbv, level: level)
            askedLevel = level
        } else if settings.capsBitrateAtLevel, let level = try opening.signalledLevel(settings) {
            // x264 picks the level from the picture, the rate and its reference frames, but not from
            // the bit rate at CRF: ask it which level it signals, then hold the stream to that level.
            settings = EncoderSettings(format: format, options: options, fps: fps, vbv: level.vbv, level: level)
        } else if format.codec == .h264, settings.checkedCap != nil {
            // The user's cap, checked rather than held: x264 picks the level from the VBV too, so ask it
            // which level the held stream would signal (a 100 Mb/s cap at 1080p60 takes 5.0, not 4.2)
            // and have the checked stream signal that one; it stays within the cap, so within the level.
            var held = options
            held.rateCapPass = .held
            if let level = try opening.signalledLevel(EncoderSettings(format: format, options: held, fps: fps)) {
                settings = EncoderSettings(format: format, options: options, fps: fps, level: level)
            }
        }
        checkedCap = settings.checkedCap
        frameThreads = settings.frameThreads
        fitsLevel = settings.fitsLevel
        holdsRate = settings.holdsRate
        // Everything above is initialised before the first throw, so deinit frees whatever was
        // allocated if a later step fails.
        context = try opening.open(settings, globalHeader: globalHeader)

        guard let frame = av_frame_alloc() else {
            throw libavError(flipbook_averror(ENOMEM), "allocating a video frame", file: file, what: what)
        }
        self.frame = frame
        frame.pointee.format = format.pixelFormat.libavFormat.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        try checkLibav(av_frame_get_buffer(frame, 0), "allocating a \(width)×\(height) video frame", file: file, what: what)
        Self.clearBuffers(of: frame)
        guard let packet = av_packet_alloc() else {
            throw libavError(flipbook_averror(ENOMEM), "allocating a packet", file: file, what: what)
        }
        self.packet = packet
    }

    /// Encodes one frame with presentation timestamp `pts` (its index), passing every packet the
    /// encoder releases to `output`. x264 holds frames back (lookahead, B-frames), so a call may
    /// produce no packet at all; ``flush(_:)`` releases the rest.
    /// `forceKeyframe` makes the frame a keyframe (an IDR for x264, whose GOPs are closed).
    func encode(_ picture: ConvertedFrame, pts: Int64, forceKeyframe: Bool = false,
                _ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let frame else { throw closed() }
        guard picture.pixelFormat == pixelFormat || (pixelFormat == .pal8 && picture.palette != nil) else {
            throw FlipbookError(.internal,
                "Cannot write \(what) \(file.path): frame \(pts) is \(picture.pixelFormat.rawValue) but the encoder takes \(pixelFormat.rawValue).")
        }
        // The encoder may still hold a reference to the previous buffer; this copies if so.
        let before = frame.pointee.data.0
        try checkLibav(av_frame_make_writable(frame), "preparing frame \(pts) for encoding", file: file, what: what)
        if frame.pointee.data.0 != before { Self.clearBuffers(of: frame) }
        let sampleBytes = pixelFormat.layout.planar ? pixelFormat.layout.sampleBytes : pixelFormat.layout.packedBytes
        try withUnsafeBytes(of: frame.pointee.data) { data in
            let pointers = data.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)
            let strides = withUnsafeBytes(of: frame.pointee.linesize) { Array($0.bindMemory(to: Int32.self)) }
            for (index, plane) in picture.planes.enumerated() {
                guard let destination = pointers[index] else {
                    throw FlipbookError(.codec, "Cannot write \(what) \(file.path): libavutil gave frame \(pts) no picture planes.")
                }
                copyPaddingRows(plane, width: picture.rowBytes[index], rows: picture.rows[index],
                                sampleBytes: sampleBytes, into: destination, stride: Int(strides[index]))
            }
            if let palette = picture.palette, let destination = pointers[1] {
                // PAL8: 256 native-endian 0xAARRGGBB entries in the second data pointer.
                palette.withUnsafeBytes { source in
                    guard let base = source.baseAddress else { return }
                    UnsafeMutableRawPointer(destination).copyMemory(from: base, byteCount: min(source.count, 1024))
                }
            }
        }
        frame.pointee.pts = pts
        frame.pointee.pict_type = forceKeyframe ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
        try checkLibav(avcodec_send_frame(context, frame), "encoding frame \(pts)", file: file, what: what)
        try drain(output)
    }

    /// Tells the encoder no more frames are coming and passes every remaining packet to `output`,
    /// or those until `done()` is true: each packet asked for encodes a frame, so the frames after
    /// the last one wanted are never encoded.
    func flush(until done: () -> Bool = { false }, _ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        try checkLibav(avcodec_send_frame(context, nil), "flushing the encoder", file: file, what: what)
        try drain(until: done, output)
    }

    private func drain(until done: () -> Bool = { false }, _ output: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let packet else { throw closed() }
        while !done() {
            let status = avcodec_receive_packet(context, packet)
            if status == flipbook_averror_eagain() || status == flipbook_averror_eof() { return }
            try checkLibav(status, "receiving an encoded packet", file: file, what: what)
            defer { av_packet_unref(packet) }
            // Every frame lasts exactly one tick of 1/fps; libx264 and others leave the duration unset.
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            try output(packet)
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

    deinit {
        av_packet_free(&packet)
        av_frame_free(&frame)
        avcodec_free_context(&context)
    }
}
