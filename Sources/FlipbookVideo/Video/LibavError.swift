import CFFmpeg
import FlipbookAudio
import FlipbookCore
import Foundation

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
