import CFFmpeg
import FlipbookDrawing
import Foundation

/// Writes frames to an H.264 MP4 file through libx264 and libavformat.
///
/// ```swift
/// let encoder = try VideoEncoder(url: url, width: 1280, height: 720, fps: 60)
/// for frame in frames { try encoder.append(frame) }
/// try encoder.finish()
/// ```
///
/// The clip is H.264 (High profile at the default settings), `yuv420p`, tagged BT.709 with limited
/// range, with frame `i` at exactly `i / fps` seconds and a duration of `frames / fps`.
/// Non-opaque pixels are flattened over ``VideoOptions/background``.
///
/// **Sizes.** 4:2:0 video needs an even width and height. An odd width or height is padded by one
/// pixel that repeats the last column or row, so a 101×75 picture becomes a 102×76 clip.
///
/// **Files.** Frames go to a hidden temporary file beside `url`, which ``finish()`` renames over `url`.
/// If encoding fails, or the encoder is discarded without ``finish()``, the temporary file is removed
/// and whatever file was at `url` before is left untouched.
///
/// **Memory** does not grow with the clip's length: frames are encoded and written as they arrive.
///
/// **Determinism.** The same frames and options give a byte-identical file: x264 runs with a fixed
/// thread count (``VideoOptions/resolvedEncoderThreads``) and no version strings or timestamps are
/// written.
///
/// A `VideoEncoder` is used from one thread at a time.
public final class VideoEncoder {
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

    private enum State {
        case open(Session)
        case finished
        case failed(FlipbookError)
    }

    private var state: State
    private let coefficients: YUVCoefficients
    /// Conversion buffer for ``append(_:)-(Bitmap)``, allocated on first use.
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
    package init(
        url: URL, width: Int, height: Int, fps: FrameRate, options: VideoOptions, failAfterBytes: Int64?
    ) throws {
        self.url = url.standardizedFileURL
        self.width = width
        self.height = height
        self.fps = fps
        self.options = options
        coefficients = YUVCoefficients(background: options.background)
        state = .finished
        // Every check a file or flag reader also makes, with the same message; then the codec's limits.
        try fps.validate()
        try options.validate()
        try options.codec.checkFrameSize(width: width, height: height)
        state = .open(try Session(
            destination: self.url, width: width, height: height, fps: fps, options: options,
            failAfterBytes: failAfterBytes))
    }

    /// Appends one frame. The bitmap must be `width × height` pixels.
    public func append(_ frame: Bitmap) throws {
        guard frame.width == width, frame.height == height else {
            throw FlipbookError.invalidInput(
                "Cannot write MP4 \(url.path): frame \(frameCount) is \(frame.width)×\(frame.height) pixels "
                    + "but the video is \(width)×\(height).")
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
        let session = try openSession()
        guard frame.width == width, frame.height == height else {
            throw FlipbookError.invalidInput(
                "Cannot write MP4 \(url.path): frame \(frameCount) is \(frame.width)×\(frame.height) pixels "
                    + "but the video is \(width)×\(height).")
        }
        do {
            try session.encode(frame, index: frameCount)
            frameCount += 1
        } catch let error as FlipbookError {
            fail(error)
            throw error
        }
    }

    /// Encodes the frames the encoder still holds, writes the MP4 index and moves the finished file
    /// to ``url``. Calling it again after it succeeded does nothing.
    ///
    /// - Throws: ``FlipbookError`` when no frame was appended or writing fails; the file at
    ///   ``url`` is then left as it was and the temporary file is removed.
    public func finish() throws {
        if case .finished = state { return }
        let session = try openSession()
        guard frameCount > 0 else {
            let error = FlipbookError.invalidInput(
                "Cannot write MP4 \(url.path): no frames were appended, and an MP4 needs at least one.")
            fail(error)
            throw error
        }
        do {
            try session.finish()
            state = .finished
        } catch let error as FlipbookError {
            fail(error)
            throw error
        }
    }

    private func openSession() throws -> Session {
        switch state {
        case .open(let session): return session
        case .finished:
            throw FlipbookError.invalidInput("Cannot add to MP4 \(url.path): the encoder has already finished.")
        case .failed(let error):
            throw FlipbookError(error.kind, "Cannot continue MP4 \(url.path) after an earlier error: \(error.message)")
        }
    }

    /// Releases every libav object and removes the temporary file at once, so a failed encoder that
    /// the caller keeps around holds no file and no memory.
    private func fail(_ error: FlipbookError) {
        if case .open(let session) = state { session.abandon() }
        state = .failed(error)
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
    private var muxer: MP4Muxer?
    private var encoder: H264Encoder?

    init(destination: URL, width: Int, height: Int, fps: FrameRate, options: VideoOptions, failAfterBytes: Int64?) throws {
        let (encodedWidth, encodedHeight) = YUVFrame.encodedSize(width: width, height: height)
        quietLibavLogging()
        do {
            let output = try PartialOutputFile(destination: destination, what: "MP4")
            self.output = output
            let sink = try FileSink(creating: output.temporary, failAfterBytes: failAfterBytes)
            self.sink = sink
            let muxer = try MP4Muxer(temporary: output.temporary, sink: sink, file: destination)
            self.muxer = muxer
            let encoder = try H264Encoder(
                width: encodedWidth, height: encodedHeight, fps: fps, options: options,
                globalHeader: muxer.needsGlobalHeader, file: destination)
            self.encoder = encoder
            try muxer.start(encoder: encoder, fps: fps, faststart: options.faststart)
        } catch {
            abandon()
            throw error
        }
    }

    func encode(_ frame: YUVFrame, index: Int) throws {
        guard let encoder, let muxer else { return }
        try encoder.encode(frame, pts: Int64(index)) { packet in
            try muxer.write(packet, timeBase: encoder.timeBase, frame: index)
        }
    }

    func finish() throws {
        guard let encoder, let muxer, let sink, let output else { return }
        try encoder.flush { packet in
            try muxer.write(packet, timeBase: encoder.timeBase, frame: -1)
        }
        try muxer.finish()
        // Free the libav objects before publishing the file: nothing may write to it afterwards.
        self.encoder = nil
        self.muxer = nil
        try sink.close()
        self.sink = nil
        try output.commit(what: "MP4")
        self.output = nil
    }

    func abandon() {
        encoder = nil
        muxer = nil
        sink = nil
        output?.discard()
        output = nil
    }
}

/// libx264 and libavformat log informational lines (CPU flags, encoding statistics) to stderr by
/// default. Flipbook reports failures itself, so unless the host program chose a log level, keep
/// only errors.
private func quietLibavLogging() {
    if av_log_get_level() == AV_LOG_INFO {
        av_log_set_level(AV_LOG_ERROR)
    }
}
