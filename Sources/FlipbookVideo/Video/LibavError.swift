import CFFmpeg
import FlipbookCore
import Foundation

/// libav's own text for an error code, e.g. "No space left on device" for `AVERROR(ENOSPC)`.
package func libavErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    // av_strerror always writes a NUL-terminated string, falling back to "Error number N occurred".
    _ = av_strerror(code, &buffer, buffer.count)
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}

/// A `FlipbookError` for a failed libav call: what we were doing, with which file, and libav's reason.
/// A full disk (`AVERROR(ENOSPC)`, `AVERROR(EDQUOT)`) is a ``FlipbookError/Kind/diskFull`` error naming the file.
package func libavError(_ code: Int32, _ doing: String, file: URL, what: String = "MP4") -> FlipbookError {
    if code == -ENOSPC || code == -EDQUOT {
        return FlipbookError.writeFailed(what, path: file.path, errno: -code)
    }
    return FlipbookError(.codec, "Cannot write \(what) \(file.path): \(doing) failed: \(libavErrorText(code)).")
}

/// Checks a libav return value: negative means failure and is thrown as a ``FlipbookError``.
///
/// `doing` is an autoclosure so that building the message costs nothing on the success path.
@discardableResult
package func checkLibav(
    _ code: Int32, _ doing: @autoclosure () -> String, file: URL, what: String = "MP4"
) throws -> Int32 {
    if code < 0 { throw libavError(code, doing(), file: file, what: what) }
    return code
}
