import CFFmpeg
import FlipbookCore
import Foundation

/// How one encode opens its libavcodec context: the picture, rate and format fixed, the
/// ``EncoderSettings`` given per call (the H.264 level probe opens the same encoder twice).
struct Opening {
    var width: Int
    var height: Int
    var fps: FrameRate
    var timeBase: AVRational
    var format: OutputFormat
    /// The file being written, the output's format name and the codec's, for messages.
    var file: URL
    var what: String
    var codecName: String

    /// An open codec context the caller owns (and frees with `avcodec_free_context`).
    /// The H.264 level x264 signals when opened with `settings` (an encoder opened only to read its
    /// global header, then freed), or `nil` when it has no sequence parameter set to read.
    func signalledLevel(_ settings: EncoderSettings) throws -> H264Level? {
        var probe: UnsafeMutablePointer<AVCodecContext>? = try open(settings, globalHeader: true)
        defer { avcodec_free_context(&probe) }
        return probe.flatMap(H264Level.signalled(by:))
    }

    func open(_ settings: EncoderSettings, globalHeader: Bool) throws -> UnsafeMutablePointer<AVCodecContext> {
        let encoderName = format.codec.encoderName
        guard let codec = avcodec_find_encoder_by_name(encoderName) else {
            throw FlipbookError(.codec,
                "Cannot write \(what) \(file.path): this FFmpeg was built without the \(encoderName) encoder.")
        }
        guard let c = avcodec_alloc_context3(codec) else {
            throw libavError(flipbook_averror(ENOMEM), "allocating the \(codecName) encoder", file: file, what: what)
        }
        // Freed here unless it opens and is handed to the caller.
        var owned: UnsafeMutablePointer<AVCodecContext>? = c
        var opened = false
        defer { if !opened { avcodec_free_context(&owned) } }
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = format.pixelFormat.libavFormat
        c.pointee.time_base = timeBase
        c.pointee.framerate = AVRational(num: timeBase.den, den: timeBase.num)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if let gop = settings.gopLength {
            c.pointee.gop_size = Int32(gop)
        }
        if format.pixelFormat.layout.planar {
            // The tags must match the matrix, range and chroma siting of our RGB→YUV conversion
            // (the raster's Conversion/YUVConversion.swift and AlphaConversion.swift): BT.709, limited
            // range, and subsampled chroma as the mean of its 2×2 (or 2×1) pixels, i.e. sited at their
            // centre.
            c.pointee.color_primaries = AVCOL_PRI_BT709
            c.pointee.color_trc = AVCOL_TRC_BT709
            c.pointee.colorspace = AVCOL_SPC_BT709
            c.pointee.color_range = AVCOL_RANGE_MPEG
            if format.pixelFormat.layout.chromaShift != (0, 0) {
                c.pointee.chroma_sample_location = AVCHROMA_LOC_CENTER
            }
        }
        // Encoders' output may depend on their thread count, so it is always set explicitly (never "auto").
        c.pointee.thread_count = Int32(settings.threads)
        if let bitRate = settings.bitRate { c.pointee.bit_rate = bitRate }
        c.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
        if globalHeader {
            // MP4, MOV and Matroska keep parameter sets (SPS/PPS, …) in the sample description.
            c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }

        var dictionary: OpaquePointer? = nil
        defer { av_dict_free(&dictionary) }
        for (key, value) in settings.options {
            try checkLibav(av_dict_set(&dictionary, key, value, 0), "setting the \(encoderName) option \(key)=\(value)",
                           file: file, what: what)
        }
        try checkLibav(avcodec_open2(c, codec, &dictionary),
                       "opening \(encoderName) (\(width)×\(height), \(fps) fps, \(settings.summary))",
                       file: file, what: what)
        if av_dict_count(dictionary) > 0 {
            throw FlipbookError(.codec,
                "Cannot write \(what) \(file.path): \(encoderName) did not accept the options \(Self.keys(dictionary)).")
        }
        opened = true
        return c
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
}
