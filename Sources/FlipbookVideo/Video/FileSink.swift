import CFFmpeg
import FlipbookCore
import Foundation

/// The byte sink behind the muxer's custom `AVIOContext`: a plain file descriptor.
///
/// Writing through our own callbacks instead of libavformat's `file:` protocol lets us keep the
/// operating system's exact reason for a failed write (`errno`), and lets tests inject a write
/// failure part-way through a file (``failAfterBytes``) without needing a full disk.
final class FileSink {
    private(set) var descriptor: Int32
    /// The file being written, for messages.
    let path: String
    /// The `errno` of the first failed write, seek or close.
    private(set) var failure: Int32?
    /// Bytes successfully written so far (all passes, including faststart's rewrite).
    private(set) var bytesWritten: Int64 = 0
    /// For tests: every write fails with `ENOSPC` once this many bytes have been written.
    let failAfterBytes: Int64?

    /// Creates (exclusively) and opens `url` for writing.
    init(creating url: URL, failAfterBytes: Int64?) throws {
        self.failAfterBytes = failAfterBytes
        path = url.path
        descriptor = open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if descriptor < 0 {
            throw ioError("Cannot create the temporary file \(url.path)", errno)
        }
    }

    /// Writes all of `buffer`, retrying short writes; returns 0 or a negative AVERROR.
    func write(_ buffer: UnsafeRawBufferPointer) -> Int32 {
        guard let base = buffer.baseAddress else { return 0 }
        var offset = 0
        while offset < buffer.count {
            var count = buffer.count - offset
            if let limit = failAfterBytes {
                let room = Int(max(0, limit - bytesWritten))
                if room == 0 { return fail(ENOSPC) }
                count = min(count, room)
            }
            let written = Foundation.write(descriptor, base + offset, count)
            if written < 0 {
                if errno == EINTR { continue }
                return fail(errno)
            }
            offset += written
            bytesWritten += Int64(written)
        }
        return 0
    }

    /// `lseek` semantics plus libav's `AVSEEK_SIZE` query; returns the new offset or a negative AVERROR.
    func seek(_ offset: Int64, whence: Int32) -> Int64 {
        if whence & AVSEEK_SIZE != 0 {
            var status = stat()
            if fstat(descriptor, &status) != 0 { return Int64(fail(errno)) }
            return Int64(status.st_size)
        }
        let result = lseek(descriptor, off_t(offset), whence & ~AVSEEK_FORCE)
        if result < 0 { return Int64(fail(errno)) }
        return Int64(result)
    }

    /// Flushes the file to stable storage and closes it, so the rename that follows publishes a
    /// complete file even across a crash.
    func close() throws {
        guard descriptor >= 0 else { return }
        let fd = descriptor
        descriptor = -1
        if fsync(fd) != 0 {
            let code = errno
            _ = Foundation.close(fd)
            failure = failure ?? code
            throw ioError("Cannot flush \(path) to disk", code)
        }
        if Foundation.close(fd) != 0 {
            let code = errno
            failure = failure ?? code
            throw ioError("Cannot close \(path)", code)
        }
    }

    private func fail(_ code: Int32) -> Int32 {
        failure = failure ?? code
        return flipbook_averror(code)
    }

    deinit {
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
    }

    // C callbacks: `opaque` is an unretained FileSink that outlives the AVIOContext (Muxer owns both).
    static let writeCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, buffer, size in
        guard let opaque, let buffer, size >= 0 else { return flipbook_averror(EINVAL) }
        let sink = Unmanaged<FileSink>.fromOpaque(opaque).takeUnretainedValue()
        return sink.write(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
    }

    static let seekCallback: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = {
        opaque, offset, whence in
        guard let opaque else { return Int64(flipbook_averror(EINVAL)) }
        return Unmanaged<FileSink>.fromOpaque(opaque).takeUnretainedValue().seek(offset, whence: whence)
    }
}

/// An I/O error naming what failed and the operating system's reason.
/// A full disk is a ``FlipbookError/Kind/diskFull`` error.
func ioError(_ doing: String, _ code: Int32) -> FlipbookError {
    if code == ENOSPC || code == EDQUOT {
        return FlipbookError(.diskFull, "\(doing): the disk is full (\(String(cString: strerror(code)))).")
    }
    return FlipbookError.file("\(doing): \(String(cString: strerror(code))).")
}
