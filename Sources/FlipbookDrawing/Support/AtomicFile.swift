import Foundation

/// Writes a file so that a reader never sees it half-written and a failure never destroys the file
/// already at `url`: `body` writes to a temporary file beside the target, which is renamed over the
/// target only when `body` returns. On any error the temporary file is removed.
///
/// - Parameters:
///   - url: The final destination. Its directory must exist and be writable.
///   - what: A short description of what is being written, for error messages ("PNG", "MP4").
///   - body: Writes the complete file at the temporary URL it is given.
package func writeAtomically<R>(
    to url: URL, what: String, _ body: (URL) throws -> R
) throws -> R {
    let destination = url.standardizedFileURL
    let directory = destination.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
        throw FlipbookError.io(
            "Cannot write \(what) to \(destination.path): the directory \(directory.path) does not exist.")
    }
    guard isDirectory.boolValue else {
        throw FlipbookError.io(
            "Cannot write \(what) to \(destination.path): \(directory.path) is not a directory.")
    }
    guard FileManager.default.isWritableFile(atPath: directory.path) else {
        throw FlipbookError.io(
            "Cannot write \(what) to \(destination.path): the directory \(directory.path) is not writable.")
    }
    if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory),
       isDirectory.boolValue {
        throw FlipbookError.io(
            "Cannot write \(what) to \(destination.path): a directory with that name is in the way.")
    }
    let temporary = directory.appendingPathComponent(
        ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
    let result: R
    do {
        result = try body(temporary)
    } catch {
        try? FileManager.default.removeItem(at: temporary)
        throw error
    }
    // rename(2) replaces the destination atomically on the same file system.
    if rename(temporary.path, destination.path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw FlipbookError.io("Cannot write \(what) to \(destination.path): \(reason).")
    }
    return result
}
