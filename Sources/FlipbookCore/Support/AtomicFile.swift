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
    let file = try PartialOutputFile(destination: url, what: what)
    let result: R
    do {
        result = try body(file.temporary)
    } catch {
        file.discard()
        throw error
    }
    try file.commit(what: what)
    return result
}
