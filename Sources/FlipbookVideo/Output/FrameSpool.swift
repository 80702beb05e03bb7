import FlipbookCore
import Foundation

/// Equal-sized frames kept on disk until they can be encoded: GIF's palette needs the whole clip
/// before its first frame is written, and holding a clip in memory would cost its full size
/// (300 frames of 640×360 RGBA are 276 MB).
///
/// The file is unlinked as soon as it is open, so nothing is left behind however the process ends;
/// the descriptor is this object's alone and closed in `deinit`.
final class FrameSpool {
    private var descriptor: Int32
    private let frameBytes: Int
    /// The output the frames are for, for messages.
    private let file: URL
    private(set) var count = 0

    /// Creates the spool beside `near` (on the output's own disk, not in a small `/tmp`).
    init(near temporary: URL, frameBytes: Int, file: URL) throws {
        self.frameBytes = frameBytes
        self.file = file
        let path = temporary.path + ".frames"
        descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 { throw ioError("Cannot create the frame spool \(path)", errno) }
        if unlink(path) != 0 { throw ioError("Cannot unlink the frame spool \(path)", errno) }
    }

    /// Appends one frame of exactly `frameBytes` bytes.
    func append(_ bytes: [UInt8]) throws {
        guard bytes.count == frameBytes else {
            throw FlipbookError(.internal, "Cannot spool a frame of \(bytes.count) bytes for \(file.path); frames are \(frameBytes).")
        }
        if let code = bytes.withUnsafeBytes({ writeAll(descriptor, $0) }) { throw spoolError(code, "writing") }
        count += 1
    }

    /// Reads frame `index` back.
    func frame(_ index: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: frameBytes)
        try bytes.withUnsafeMutableBytes { raw in
            guard let start = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let read = pread(descriptor, start + offset, raw.count - offset, off_t(index * frameBytes + offset))
                if read < 0 {
                    if errno == EINTR { continue }
                    throw spoolError(errno, "reading")
                }
                if read == 0 { throw FlipbookError(.internal, "The frame spool for \(file.path) ended early at frame \(index).") }
                offset += read
            }
        }
        return bytes
    }

    private func spoolError(_ code: Int32, _ doing: String) -> FlipbookError {
        if code == ENOSPC || code == EDQUOT {
            return FlipbookError(.diskFull, "Cannot write GIF \(file.path): the disk is full (\(String(cString: strerror(code)))) "
                                    + "while keeping its frames until the palette is built.", at: .init(file: file.path))
        }
        return ioError("Cannot write GIF \(file.path): \(doing) its spooled frames failed", code)
    }

    deinit {
        if descriptor >= 0 { _ = close(descriptor) }
    }
}
