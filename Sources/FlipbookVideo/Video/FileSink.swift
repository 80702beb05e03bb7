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

extension FileSink {
    /// Calls `found` with the offset of every occurrence of `pattern` in the file, first to last.
    func scan(for pattern: [UInt8], _ found: (Int64) -> Void) throws {
        guard !pattern.isEmpty else { return }
        let chunk = 1 << 22
        var buffer = [UInt8](repeating: 0, count: chunk + pattern.count)
        var offset: Int64 = 0  // file offset of buffer[0]
        var kept = 0  // bytes carried over from the previous read
        while true {
            let count = try buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                let read = pread(descriptor, base + kept, raw.count - kept, off_t(offset) + off_t(kept))
                if read < 0 { throw ioError("Cannot read back \(path)", errno) }
                return read
            }
            let filled = kept + count
            buffer.withUnsafeBytes { raw in
                pattern.withUnsafeBytes { needle in
                    guard let base = raw.baseAddress, let needleBase = needle.baseAddress else { return }
                    // memchr for the first byte, memcmp for the rest (glibc's memmem is not imported).
                    var start = 0
                    while start + pattern.count <= filled,
                          let hit = memchr(base + start, Int32(pattern[0]), filled - pattern.count + 1 - start) {
                        let position = base.distance(to: UnsafeRawPointer(hit))
                        if memcmp(hit, needleBase, pattern.count) == 0 { found(offset + Int64(position)) }
                        start = position + 1
                    }
                }
            }
            if count == 0 { return }
            // Keep the last pattern.count − 1 bytes: a match may straddle two reads.
            kept = min(pattern.count - 1, filled)
            let moved = filled - kept
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                memmove(base, base + moved, kept)
            }
            offset += Int64(moved)
        }
    }

    /// `count` bytes of the file from `offset`.
    func read(count: Int, at offset: Int64) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        if read != count { throw ioError("Cannot read back \(path)", read < 0 ? errno : EIO) }
        return bytes
    }

    /// Writes `bytes` over the file's bytes at `offset`.
    func write(_ bytes: [UInt8], at offset: Int64) throws {
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, bytes.count, off_t(offset)) }
        if written != bytes.count {
            let code = written < 0 ? errno : EIO
            failure = failure ?? code
            throw ioError("Cannot write \(path)", code)
        }
    }
}
