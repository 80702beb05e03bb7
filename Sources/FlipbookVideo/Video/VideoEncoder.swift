import CFFmpeg
import FlipbookAudio
import FlipbookCore
import FlipbookRaster
import Foundation

/// Writes frames to a video file through libavcodec and libavformat: the output's extension picks
/// the container and its default codec (``VideoContainer``), ``VideoOptions`` may pick another.
///
/// ```swift
/// let encoder = try VideoEncoder(url: url, width: 1280, height: 720, fps: 60)
/// for frame in frames { try encoder.append(frame) }
/// try encoder.finish()
/// ```
///
/// An `.mp4` is H.264 (High profile at the default settings), `yuv420p`, tagged BT.709 with limited
/// range, with frame `i` at exactly `i / fps` seconds and a duration of `frames / fps`.
/// Non-opaque pixels are flattened over ``VideoOptions/background`` unless the format keeps
/// transparency (``OutputFormat/keepsAlpha``). A PNG sequence is written by ``ImageSequenceSink``.
///
/// **Sizes.** 4:2:0 video needs an even width and height. An odd width or height is padded by one
/// pixel that repeats the last column or row, so a 101×75 picture becomes a 102×76 clip.
///
/// **Files.** Frames go to a hidden temporary file beside `url`, which ``finish()`` renames over `url`.
/// If encoding fails, or the encoder is discarded without ``finish()``, the temporary file is removed
/// and whatever file was at `url` before is left untouched.
///
/// **Memory** does not grow with the clip's length: frames are encoded and written as they arrive.
/// A GIF's palette needs the whole clip first, so its frames wait in a spool file beside the output
/// (unlinked at once, so nothing is left behind) and are encoded by ``finish()``.
///
/// **Determinism.** The same frames and options give a byte-identical file: x264 runs with a fixed
/// thread count (``VideoOptions/resolvedEncoderThreads``) and no version strings or timestamps are
/// written. x264's rate buffer depends on thread timing with more than one frame thread, so a
/// stream held to a bit-rate cap (an asked ``VideoOptions/level``'s, or ``VideoOptions/maxBitrate``)
/// is encoded on one; `render`, which can draw the frames again, first tries both threads without
/// the buffer. Without a cap, H.264 signals the lowest level its finished stream fits.
///
/// A `VideoEncoder` is used from one thread at a time.
public final class VideoEncoder: FrameSink {
    /// The destination file.
    public let url: URL
    /// The picture width in pixels, as given (the encoded width is rounded up to even).
    public let width: Int
    /// The picture height in pixels, as given (the encoded height is rounded up to even).
    public let height: Int
    /// Frames per second; the stream's time base is its inverse (1001/30000 s at 29.97).
    public let fps: FrameRate
    /// The encoding options.
    public let options: VideoOptions
    /// The number of frames appended so far.
    public private(set) var frameCount = 0
    /// How the frame rate is written when the format cannot store it exactly (GIF's delays are in
    /// 1/100 s), for reports; `nil` when it is exact.
    public let timingNote: String?
    /// What is written: container, codec, pixel format, alpha.
    public let format: OutputFormat
    /// The layout ``append(_:)-(ConvertedFrame)`` takes (GIF takes RGBA and builds its palette).
    public var pixelFormat: PixelFormat { format.inputPixelFormat }
    /// The colour frames are flattened over, or `nil` when transparency is kept.
    public var background: Color? { format.background(options) }

    private enum State {
        case open(Session)
        case finished
        // Boxed, so every case is one word with its tag in the pointer's spare bits: inline, the
        // error's wider payload leaves bytes that the optimised switch reads undefined for `.open`,
        // which valgrind reports (make test runs memcheck on the optimised build).
        indirect case failed(FlipbookError)
    }

    private var state: State
    private let coefficients: YUVCoefficients
    /// Conversion buffer for ``append(_:)-(FramePixels)``, allocated on first use.
    private var scratch: YUVFrame?

    /// Creates the temporary output file and opens the encoder.
    ///
    /// - Throws: ``FlipbookError`` when the size, frame rate or an option is out of range, when the
    ///   destination directory is missing, not a directory or not writable, or when libav fails.
    public convenience init(
        url: URL, width: Int, height: Int, fps: FrameRate, options: VideoOptions = VideoOptions()
    ) throws {
        try self.init(url: url, width: width, height: height, fps: fps, options: options, failAfterBytes: nil)
    }

    /// As the public initializer; `failAfterBytes` makes every write fail with "No space left on
    /// device" once that many bytes are written, so tests can exercise a failure part-way.
    /// `firstTimestamp` is the first frame's presentation time in frames (`1/fps`), so a clip
    /// rendered in parts can continue the timestamps of the part before it; `comment` goes in the
    /// container's `comment` tag (a chunk's ``ChunkRecord``).
    package convenience init(
        url: URL, width: Int, height: Int, fps: FrameRate, options: VideoOptions, failAfterBytes: Int64?,
        firstTimestamp: Int = 0, comment: String? = nil
    ) throws {
        // Every check a file or flag reader also makes, with the same message; then the codec's limits.
        try fps.validate()
        let format = try OutputFormat.checked(url: url, options: options, width: width, height: height)
        if format.container == .pngSequence {
            throw FlipbookError(invalid: "The output name",
                "\(url.lastPathComponent) names a PNG sequence, which ImageSequenceSink (or makeFrameSink) writes, not VideoEncoder.",
                at: .init(keyPath: "output"))
        }
        try format.codec.checkFrameSize(width: width, height: height)
        try self.init(url: url, width: width, height: height, fps: fps, format: format, options: options,
                      failAfterBytes: failAfterBytes, firstTimestamp: firstTimestamp, comment: comment)
    }

    /// An encoder for a `format` already resolved and checked, with the options, rate and size it was
    /// checked with (a render's plan): nothing is read from the name or checked again.
    package init(
        url: URL, width: Int, height: Int, fps: FrameRate, format: OutputFormat, options: VideoOptions,
        failAfterBytes: Int64? = nil, firstTimestamp: Int = 0, comment: String? = nil, audio: PendingSound? = nil
    ) throws {
        self.url = url.standardizedFileURL
        self.width = width
        self.height = height
        self.fps = fps
        self.options = options
        self.format = format
        coefficients = YUVCoefficients(background: options.background)
        state = .finished
        timingNote = format.codec == .gif ? try GIFTiming.describe(fps) : nil
        let session = try Session(
            destination: self.url, width: width, height: height, fps: fps, format: format, options: options,
            failAfterBytes: failAfterBytes, firstTimestamp: firstTimestamp, comment: comment, audio: audio)
        encoderFrameThreads = session.frameThreads
        state = .open(session)
    }

    /// The H.264 level the finished stream signals and why, or `nil` for other codecs and before
    /// ``finish()``.
    package private(set) var levelChoice: LevelChoice?

    /// The frame threads the codec runs: x264's threads or x265's frame threads (one while a bit-rate
    /// cap is held), ``VideoOptions/resolvedEncoderThreads`` for the other codecs.
    package private(set) var encoderFrameThreads = 0

    private var what: String { format.container.capabilities.displayName }

    /// Appends one frame of premultiplied pixels, `width × height` of them (the public form takes a
    /// `Bitmap`).
    package func append(_ frame: FramePixels) throws {
        guard frame.width == width, frame.height == height else {
            throw FlipbookError.invalidInput(
                "Cannot write \(what) \(url.path): frame \(frameCount) is \(frame.width)×\(frame.height) pixels "
                    + "but the video is \(width)×\(height).")
        }
        guard format.pixelFormat == .yuv420p, !format.keepsAlpha else {
            try append(ConvertedFrame(converting: frame, to: pixelFormat, background: background))
            return
        }
        // Take the buffer out of `scratch` first: converting into it while `scratch` still shares it
        // would copy 1.5 bytes per pixel on every frame.
        var picture = scratch ?? YUVFrame(width: width, height: height)
        scratch = nil
        convert(frame, coefficients: coefficients, into: &picture)
        defer { scratch = picture }
        try append(picture)
    }

    /// Appends one frame already converted to YUV (by ``convert(_:background:into:)`` with this
    /// encoder's background), e.g. on a drawing worker. It must be `width × height` pixels.
    package func append(_ frame: YUVFrame) throws {
        try append(ConvertedFrame(frame))
    }

    /// Appends one frame already converted to ``pixelFormat`` with ``background``, e.g. on a drawing
    /// worker. It must be `width × height` pixels.
    public func append(_ frame: ConvertedFrame) throws {
        let session = try openSession()
        guard frame.width == width, frame.height == height, frame.pixelFormat == pixelFormat else {
            throw FlipbookError.invalidInput(
                "Cannot write \(what) \(url.path): frame \(frameCount) is \(frame.width)×\(frame.height) pixels "
                    + "of \(frame.pixelFormat.rawValue) but the video is \(width)×\(height) of \(pixelFormat.rawValue).")
        }
        do {
            try session.encode(frame, index: frameCount)
            frameCount += 1
        } catch {
            fail(error)
            throw error
        }
    }

    /// Encodes the frames the encoder still holds, writes the container's index and moves the finished file
    /// to ``url``. Calling it again after it succeeded does nothing.
    ///
    /// - Throws: ``FlipbookError`` when no frame was appended or writing fails; the file at
    ///   ``url`` is then left as it was and the temporary file is removed.
    public func finish() throws {
        if case .finished = state { return }
        let session = try openSession()
        guard frameCount > 0 else {
            let error = FlipbookError.invalidInput(
                "Cannot write \(what) \(url.path): no frames were appended, and \(what == "MP4" ? "an" : "a") \(what) needs at least one.")
            fail(error)
            throw error
        }
        do {
            levelChoice = try session.finish()
            state = .finished
        } catch {
            fail(error)
            throw error
        }
    }

    private func openSession() throws -> Session {
        switch state {
        case .open(let session): return session
        case .finished:
            throw FlipbookError.invalidInput("Cannot add to \(what) \(url.path): the encoder has already finished.")
        case .failed(let error):
            throw FlipbookError(error.kind, "Cannot continue \(what) \(url.path) after an earlier error: \(error.message)")
        }
    }

    /// Releases every libav object and removes the temporary file at once, so a failed encoder that
    /// the caller keeps around holds no file and no memory.
    private func fail(_ error: any Error) {
        if case .open(let session) = state { session.abandon() }
        switch error {
        case let error as FlipbookError: state = .failed(error)
        case let exceeded as RateCapExceeded:
            state = .failed(FlipbookError(.codec, "the stream went over \(exceeded.cap) at packet \(exceeded.packet)."))
        default: state = .failed(FlipbookError(.internal, "\(error)"))
        }
    }

    deinit {
        if case .open(let session) = state { session.abandon() }
    }
}

/// One encode in progress: the temporary file, the sink that writes it, the muxer and the encoder.
/// Torn down in that order's reverse, explicitly, so the file is closed before it is removed.
private final class Session {
    private var output: PartialOutputFile?
    private var sink: FileSink?
    private var muxer: Muxer?
    private var encoder: FrameEncoder?
    /// The sound's encoder, fed as the picture advances so the muxer interleaves the two.
    private var audio: AudioEncoder?
    private let what: String
    /// GIF's palette needs every frame first: frames wait here until ``finish()``.
    private var palette: GIFPaletteBuilder?
    /// Added to every frame's index to make its presentation timestamp.
    private let firstTimestamp: Int
    /// The timestamps whose packets are written (``VideoOptions/keptTimestamps``), or `nil` for all.
    private let kept: ClosedRange<Int64>?
    /// The cap's buffer every packet is checked against in a ``RateCapPass/checked`` encode.
    private var rateCheck: RateBufferCheck?
    /// ``FrameEncoder/frameThreads``, or the options' thread count for a GIF's palette path.
    private(set) var frameThreads: Int
    /// Every packet's size, when the stream is to signal the level it fits (``LevelFit``).
    private var rates: StreamRates?
    private let fps: FrameRate
    private let destination: URL

    init(destination: URL, width: Int, height: Int, fps: FrameRate, format: OutputFormat, options: VideoOptions,
         failAfterBytes: Int64?, firstTimestamp: Int, comment: String?, audio track: PendingSound?) throws {
        self.firstTimestamp = firstTimestamp
        self.fps = fps
        self.destination = destination
        frameThreads = options.resolvedEncoderThreads
        kept = options.keptTimestamps.map { Int64($0.lowerBound)...Int64($0.upperBound) }
        let (encodedWidth, encodedHeight) = ConvertedFrame.encodedSize(width: width, height: height, format: format.pixelFormat)
        what = format.container.capabilities.displayName
        quietLibavLogging()
        do {
            let output = try PartialOutputFile(destination: destination, what: what)
            self.output = output
            let sink = try FileSink(creating: output.temporary, failAfterBytes: failAfterBytes)
            self.sink = sink
            let muxer = try Muxer(format, temporary: output.temporary, sink: sink, file: destination)
            self.muxer = muxer
            let encoder = try FrameEncoder(
                width: encodedWidth, height: encodedHeight, fps: fps, format: format, options: options,
                globalHeader: muxer.needsGlobalHeader, file: destination)
            self.encoder = encoder
            rateCheck = encoder.checkedCap.map { RateBufferCheck(cap: $0, fps: fps) }
            if encoder.fitsLevel { rates = StreamRates() }
            frameThreads = encoder.frameThreads
            if let track, !format.container.capabilities.audioCodecs.isEmpty {
                audio = try AudioEncoder(track, globalHeader: muxer.needsGlobalHeader, file: destination, what: what)
            }
            try muxer.start(encoder: encoder, fps: fps, options: options, comment: comment, audio: audio)
            if format.pixelFormat == .pal8 {
                palette = try GIFPaletteBuilder(width: width, height: height, keepsAlpha: format.keepsAlpha,
                                                temporary: output.temporary, file: destination)
            }
        } catch {
            abandon()
            throw error
        }
    }

    func encode(_ frame: ConvertedFrame, index: Int) throws {
        if let palette {
            try palette.add(frame)
            return
        }
        try send(frame, index: index)
    }

    private func send(_ frame: ConvertedFrame, index: Int) throws {
        guard let encoder, let muxer else { return }
        let pts = Int64(index) + Int64(firstTimestamp)
        // An IDR where the kept frames start and just after they end: nothing kept refers to a
        // frame outside, so those frames' packets can be left out.
        let forceKeyframe = kept.map { index > 0 && (pts == $0.lowerBound || pts == $0.upperBound + 1) } ?? false
        try encoder.encode(frame, pts: pts, forceKeyframe: forceKeyframe) { packet in
            try rateCheck?.take(packetBytes: Int(packet.pointee.size))
            rates?.add(bytes: Int(packet.pointee.size), pts: packet.pointee.pts)
            guard isKept(packet) else { return }
            try muxer.write(packet, timeBase: encoder.timeBase, frame: index)
        }
        if let audio {
            // The sound up to the end of this frame, so the muxer interleaves them a frame apart.
            try audio.encode(upTo: audioSample(afterFrame: pts, track: audio.planned)) { packet in
                try muxer.writeAudio(packet, timeBase: audio.timeBase)
            }
        }
    }

    /// The track's sample at which frame `pts` ends: the samples up to it belong to frames up to
    /// `pts`. The track's first sample plays at ``AudioTrack/firstSample`` on the clip's clock.
    private func audioSample(afterFrame pts: Int64, track: AudioTrack) -> Int {
        AudioSamples.frame(ofVideoFrame: Int(pts) + 1, fps: fps) - track.firstSample
    }

    /// Finishes the file and returns the H.264 level it signals and why (`nil` for other codecs).
    func finish() throws -> LevelChoice? {
        guard let encoder, let muxer, let sink, let output else { return nil }
        if let palette {
            try palette.forEachIndexedFrame { frame, index in try send(frame, index: index) }
            self.palette = nil
        }
        try encoder.flush { packet in
            try rateCheck?.take(packetBytes: Int(packet.pointee.size))
            rates?.add(bytes: Int(packet.pointee.size), pts: packet.pointee.pts)
            guard isKept(packet) else { return }
            try muxer.write(packet, timeBase: encoder.timeBase, frame: -1)
        }
        if let audio {
            try audio.finish { packet in try muxer.writeAudio(packet, timeBase: audio.timeBase) }
        }
        try muxer.finish()
        let choice = try signalLevel(encoder: encoder, sink: sink)
        // Free the libav objects before publishing the file: nothing may write to it afterwards.
        self.encoder = nil
        self.audio = nil
        self.muxer = nil
        try sink.close()
        self.sink = nil
        try output.commit(what: what)
        self.output = nil
        return choice
    }

    /// Measures a fitted stream against the level table and rewrites its `level_idc` where x264's
    /// choice is too low (``LevelPatch``); says which level an H.264 stream signals and why.
    private func signalLevel(encoder: FrameEncoder, sink: FileSink) throws -> LevelChoice? {
        guard let nal = try encoder.sequenceParameterSet(), let sps = SequenceParameterSet(nal: nal) else { return nil }
        let signalled = H264Level(profile: sps.profile, level: sps.isLevelOneB ? 9 : sps.level)
        guard let rates else {
            let why = encoder.askedLevel != nil ? "asked for" : "x264's choice"
            let how = encoder.holdsRate ? ", held by x264's rate buffer" : encoder.checkedCap != nil ? ", the stream keeps to it" : ""
            return LevelChoice(level: signalled.name, encoderLevel: signalled.name, note: "level \(signalled.name): \(why)\(how)",
                               levelIDC: signalled.level)
        }
        let choice = LevelFit(sps: sps, rates: rates, fps: fps).choice()
        if choice.levelIDC != sps.level, let level = UInt8(exactly: choice.levelIDC) {
            try LevelPatch(sps: nal, level: level).apply(to: sink, file: destination, what: what)
        }
        return choice
    }

    /// Whether a packet belongs to the kept frames (every packet when all are kept).
    private func isKept(_ packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        kept.map { $0.contains(packet.pointee.pts) } ?? true
    }

    func abandon() {
        palette = nil
        encoder = nil
        audio = nil
        muxer = nil
        sink = nil
        output?.discard()
        output = nil
    }
}

/// libx264 and libavformat log informational lines (CPU flags, encoding statistics) to stderr by
/// default. Flipbook reports failures itself, so unless the host program chose a log level, keep
/// only errors.
func quietLibavLogging() {
    if av_log_get_level() == AV_LOG_INFO {
        av_log_set_level(AV_LOG_ERROR)
    }
}
