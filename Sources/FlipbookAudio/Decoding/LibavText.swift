import CFFmpeg

/// libav's own text for an error code, e.g. "No space left on device" for `AVERROR(ENOSPC)`.
package func libavErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    // av_strerror always writes a NUL-terminated string, falling back to "Error number N occurred".
    _ = av_strerror(code, &buffer, buffer.count)
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}
