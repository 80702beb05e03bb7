import FlipbookCore

/// The libavcodec options one encode opens its codec with, derived from ``VideoOptions`` by the
/// codec's row: every value is fixed by the options (never by the machine), so output is
/// byte-for-byte reproducible.
struct EncoderSettings {
    /// Private options for `avcodec_open2`, in the order they are set.
    var options: [(String, String)] = []
    /// `AVCodecContext.thread_count`.
    var threads = 1
    /// `AVCodecContext.bit_rate`, when the codec needs it (0 puts libvpx and libaom in constant quality).
    var bitRate: Int64?
    /// `AVCodecContext.gop_size`, or `nil` for the encoder's own.
    var gopLength: Int?
    /// Whether the stream is to be held to the H.264 level x264 signals: H.264 at a CRF above 0
    /// (lossless streams are never capped), with no ``VideoOptions/maxBitrate`` or
    /// ``VideoOptions/level`` of the user's and ``VideoOptions/fitsLevel`` off (a chunk). The
    /// encoder then asks x264 for its level and reopens with ``H264Level/vbv``.
    var capsBitrateAtLevel = false
    /// Whether the finished H.264 stream is measured and signals the lowest level it fits
    /// (``LevelFit``): no cap and no asked level.
    var fitsLevel = false
    /// Whether x264's or x265's rate buffer holds a cap in this encode.
    var holdsRate = false
    /// The cap a ``RateCapPass/checked`` encode runs without and checks its packets against
    /// (``RateBufferCheck``); `nil` when there is none or the encoder's VBV holds it.
    var checkedCap: VBV?
    /// A few words for messages: "preset medium, CRF 20".
    var summary = ""
    /// The frame threads the encoder runs (x264's threads, x265's frame threads), for reports.
    var frameThreads: Int

    /// - Parameters:
    ///   - vbv: the cap to hold H.264 to when ``VideoOptions/maxBitrate`` is `nil`: the signalled
    ///     level's (see ``capsBitrateAtLevel``).
    ///   - level: the H.264 level the stream signals: the one asked for (``VideoOptions/level``),
    ///     or, in a ``RateCapPass/checked`` encode, the one x264 picks with the cap's VBV, which
    ///     that encode runs without.
    init(format: OutputFormat, options: VideoOptions, fps: FrameRate, vbv levelCap: VBV? = nil,
         level: H264Level? = nil) {
        frameThreads = options.resolvedEncoderThreads
        if format.codec.capabilities.hasKeyframeInterval { gopLength = options.gopLength(fps: fps) }
        let preset = X264Preset(rawValue: options.preset) ?? .medium
        let userCap = options.maxBitrate.map(VBV.init(maxBitrate:))
        switch format.codec {
        case .h264:
            let free = options.holdsToLevel && userCap == nil && options.level == nil
            capsBitrateAtLevel = free && !options.fitsLevel && levelCap == nil && options.crf > 0
            fitsLevel = free && options.fitsLevel
            let cap = userCap ?? levelCap
            let held = cap != nil && options.rateCapPass == .held
            threads = held ? 1 : options.resolvedEncoderThreads
            frameThreads = threads
            if !held { checkedCap = cap }
            holdsRate = held
            // A held stream signals the level x264 picks from its VBV, unless the user asked for one.
            let signalled = held && options.level == nil ? nil : level
            let parameters = x264Parameters(for: options, vbv: held ? cap : nil, level: signalled)
            self.options = [("preset", options.preset), ("crf", String(options.crf)), ("x264-params", parameters)]
            summary = "preset \(options.preset), CRF \(options.crf)" + (cap.map { ", \($0)" } ?? "")
        case .hevc:
            // x265's output depends on its frame threads, not on its worker pool, so only the former is
            // pinned (x265 leaks the `pools` string it copies, 2 bytes per encoder, under valgrind).
            // `info=0` leaves out the SEI message carrying x265's version and full option string.
            // A cap is always held here, on one frame thread: x265 picks the level from the VBV, and
            // Flipbook has no table of HEVC's levels to check a stream encoded without it against.
            threads = 1
            frameThreads = userCap == nil ? options.resolvedEncoderThreads : 1
            var parameters = "log-level=error:info=0:frame-threads=\(frameThreads)"
            if let userCap { parameters += ":vbv-maxrate=\(userCap.maxRate):vbv-bufsize=\(userCap.bufferSize)" }
            // x265 signals the asked level in general_level_idc (and refuses a stream it cannot hold to it).
            if let level = options.level, let number = format.codec.levelNumber(named: level) {
                parameters += ":level-idc=\(number / 10).\(number % 10)"
            }
            self.options = [("preset", options.preset), ("crf", String(options.crf)), ("x265-params", parameters)]
            summary = "preset \(options.preset), CRF \(options.crf)" + (userCap.map { ", \($0)" } ?? "")
        case .vp9:
            // Constant quality (bit rate 0 with a CRF); `row-mt` off and fixed threads for identical output.
            threads = options.resolvedEncoderThreads
            bitRate = 0
            let speed = preset.vp9Speed
            self.options = [("crf", String(options.crf)), ("deadline", speed.mode), ("cpu-used", String(speed.cpuUsed)),
                            ("row-mt", "0")]
            summary = "CRF \(options.crf), \(speed.mode) speed \(speed.cpuUsed)"
        case .av1:
            threads = options.resolvedEncoderThreads
            bitRate = 0
            let speed = preset.av1Speed
            self.options = [("crf", String(options.crf)), ("cpu-used", String(speed.cpuUsed)), ("row-mt", "0"),
                            ("usage", speed.mode)]
            summary = "CRF \(options.crf), \(speed.mode) speed \(speed.cpuUsed)"
        case .prores:
            // 4444 (profile 4) carries alpha; 422 HQ (profile 3) is the usual opaque delivery format.
            // Vendor `apl0` is what Apple's own encoder writes, which some players look for.
            threads = options.resolvedEncoderThreads
            let profile = format.pixelFormat == .yuva444p10le ? "4444" : "hq"
            self.options = [("profile", profile), ("vendor", "apl0")]
            if format.pixelFormat.hasAlpha { self.options.append(("alpha_bits", "16")) }
            summary = "profile \(profile)"
        case .gif:
            // Without transparency the encoder may crop each frame to what changed and mark unchanged
            // pixels transparent; with transparency that would leave stale pixels showing.
            self.options = [("gifflags", format.keepsAlpha ? "0" : "+offsetting+transdiff")]
            summary = "palette of the clip"
        case .png, .apng:
            summary = "lossless"
        case .webp:
            // Lossless: flat graphics compress well and alpha edges keep their exact colour.
            self.options = [("lossless", "1"), ("quality", "75")]
            summary = "lossless"
        }
    }
}
