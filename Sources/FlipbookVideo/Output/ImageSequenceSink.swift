import CFFmpeg
import FlipbookCore
import FlipbookRaster
import Foundation

/// Writes each frame as its own PNG, named by a pattern such as `frame-%05d.png`, for compositing
/// tools that read image sequences.
///
/// Frames are numbered from ``firstNumber`` (the first frame written gets it), so a render of
/// frames 120–239 can keep its frames' own numbers. Pixels are straight (un-premultiplied) RGBA,
/// with transparency unless ``VideoOptions/alpha`` is `false` (a frame whose pixels are all opaque
/// is written as RGB). PNGs are written by Flipbook with zlib at
/// ``VideoOptions/pngCompression``, as stills are, so the same frames give the same bytes.
///
/// **Files.** Every PNG is written to a hidden temporary file first; ``finish()`` renames them all
/// into place. If writing fails, or the sink is discarded without ``finish()``, the temporary files
/// are removed and files already at those names are left as they were.
public final class ImageSequenceSink: FrameSink {
    /// The pattern the names come from.
    public let url: URL
    /// The picture width in pixels.
    public let width: Int
    /// The picture height in pixels.
    public let height: Int
    /// The number in the first file's name.
    public let firstNumber: Int
    /// The options: ``VideoOptions/alpha`` and ``VideoOptions/background`` are the ones that apply.
    public let options: VideoOptions
    /// What is written: PNG, RGBA, with or without transparency.
    public let format: OutputFormat
    /// The number of frames appended so far.
    public private(set) var frameCount = 0
    /// The layout ``append(_:)`` takes: straight RGBA.
    public var pixelFormat: PixelFormat { format.inputPixelFormat }
    /// The colour frames are flattened over, or `nil` when transparency is kept (the default).
    public var background: Color? { format.background(options) }

    private let pattern: FrameNumberPattern
    /// Whether frames may still be added (false after a failure).
    private var isOpen = true
    /// zlib's level for every file.
    private let compression: Int
    private var pending: [PartialOutputFile] = []
    private var finished = false

    /// Checks the pattern, size and options.
    ///
    /// - Throws: ``FlipbookError`` (invalid input) when the name has no `%05d`-style number, the size
    ///   or an option is out of range; (file) when the directory cannot be written.
    public convenience init(url: URL, width: Int, height: Int, firstNumber: Int = 0, options: VideoOptions = VideoOptions()) throws {
        let format = try OutputFormat.checked(url: url, options: options, width: width, height: height)
        try self.init(url: url, width: width, height: height, firstNumber: firstNumber, format: format, options: options)
    }

    /// A sink for a `format` already resolved and checked (a render's plan).
    package init(url: URL, width: Int, height: Int, firstNumber: Int, format: OutputFormat, options: VideoOptions) throws {
        self.url = url.standardizedFileURL
        self.width = width
        self.height = height
        self.firstNumber = firstNumber
        self.options = options
        self.format = format
        guard format.container == .pngSequence, let pattern = FrameNumberPattern(url.lastPathComponent) else {
            throw FlipbookError(invalid: "The output name",
                "of an image sequence must end in .png and hold the frame number as %05d; it is \"\(url.lastPathComponent)\".",
                at: .init(keyPath: "output"))
        }
        guard firstNumber >= 0 else {
            throw FlipbookError.mustBe("firstNumber", "0 or more", itIs: String(firstNumber))
        }
        self.pattern = pattern
        // Fails early, before any frame is drawn, when the directory is missing or read-only.
        _ = try PartialOutputFile(destination: self.url.deletingLastPathComponent().appendingPathComponent(pattern.name(firstNumber)), what: "PNG")
        compression = options.pngCompression ?? PNGCompression.defaultLevel
    }

    /// The file frame `index` (counting from 0 in this sink) is written to.
    public func fileURL(forFrame index: Int) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(pattern.name(firstNumber + index))
    }

    /// Encodes one frame (already converted to ``pixelFormat``) into its temporary PNG.
    ///
    /// - Throws: ``FlipbookError`` when the frame's size or layout is wrong, the sink has finished
    ///   or failed, or writing fails (the sequence's temporary files are then removed).
    public func append(_ frame: ConvertedFrame) throws {
        guard !finished else {
            throw FlipbookError.invalidInput("Cannot add to PNG sequence \(url.path): it has already finished.")
        }
        guard isOpen else {
            throw FlipbookError.invalidInput("Cannot continue PNG sequence \(url.path) after an earlier error.")
        }
        guard frame.width == width, frame.height == height, frame.pixelFormat == pixelFormat else {
            throw FlipbookError.invalidInput(
                "Cannot write PNG sequence \(url.path): frame \(frameCount) is \(frame.width)×\(frame.height) pixels "
                    + "of \(frame.pixelFormat.rawValue) but the sequence is \(width)×\(height) of \(pixelFormat.rawValue).")
        }
        let destination = fileURL(forFrame: frameCount)
        do {
            let output = try PartialOutputFile(destination: destination, what: "PNG")
            pending.append(output)
            guard let samples = frame.planes.first, let rowBytes = frame.rowBytes.first else {
                throw FlipbookError(.internal, "Cannot write PNG \(destination.path): frame \(frameCount) has no pixels.")
            }
            let bytes = try pngFile(straightRGBA: samples, width: width, height: height, rowBytes: rowBytes,
                                    level: compression)
            try write(bytes, to: output.temporary, file: destination)
            frameCount += 1
        } catch {
            abandon()
            throw error
        }
    }

    /// Renames every PNG into place. Calling it again after it succeeded does nothing.
    ///
    /// - Throws: ``FlipbookError`` when no frame was appended or a rename fails.
    public func finish() throws {
        if finished { return }
        guard frameCount > 0, isOpen else {
            abandon()
            throw FlipbookError.invalidInput("Cannot write PNG sequence \(url.path): no frames were appended.")
        }
        isOpen = false
        do {
            for output in pending { try output.commit(what: "PNG") }
        } catch {
            abandon()
            throw error
        }
        pending = []
        finished = true
    }

    private func abandon() {
        isOpen = false
        for output in pending { output.discard() }
        pending = []
    }

    deinit {
        for output in pending { output.discard() }
    }
}

/// Writes `bytes` to a new file, reporting the operating system's reason on failure (a full disk
/// is ``FlipbookError/Kind/diskFull``).
private func write(_ bytes: Data, to temporary: URL, file: URL) throws {
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    if descriptor < 0 { throw ioError("Cannot create the temporary file \(temporary.path)", errno) }
    var open = true
    defer { if open { _ = close(descriptor) } }
    if let code = bytes.withUnsafeBytes({ writeAll(descriptor, $0) }) {
        if code == ENOSPC || code == EDQUOT {
            throw FlipbookError(.diskFull, "Cannot write PNG \(file.path): the disk is full (\(String(cString: strerror(code)))).",
                                at: .init(file: file.path))
        }
        throw ioError("Cannot write PNG \(file.path)", code)
    }
    if fsync(descriptor) != 0 { throw ioError("Cannot flush \(file.path) to disk", errno) }
    open = false
    if close(descriptor) != 0 { throw ioError("Cannot close \(file.path)", errno) }
}
