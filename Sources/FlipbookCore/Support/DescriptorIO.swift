import Foundation

/// Writes all of `bytes` to `descriptor`, retrying after signals and short writes; returns `nil`,
/// or the `errno` of the write that failed.
package func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let start = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
        let written = Foundation.write(descriptor, start + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return nil
}
