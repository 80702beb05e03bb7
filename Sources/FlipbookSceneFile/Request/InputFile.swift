import FlipbookCore
import Foundation

/// Reads a whole input file (a scene file, a batch file), with messages that say what is wrong
/// with the path rather than what the system call returned: a directory is "a directory, not a
/// scene file"; a device or a pipe is "not a regular file".
///
/// - Parameter what: The file's role, for messages: "scene file", "batch file".
/// - Throws: ``FlipbookError`` of kind `.file`, naming the path.
public func readInputFile(_ url: URL, what: String) throws -> Data {
    let path = url.path
    var info = stat()
    guard stat(path, &info) == 0 else {
        let code = errno
        let reason = code == ENOENT ? "there is no such file" : String(cString: strerror(code))
        throw FlipbookError(.file, "Cannot read the \(what) \(path): \(reason).", at: .init(file: path))
    }
    let type = info.st_mode & 0o170000
    if type == 0o040000 {
        throw FlipbookError(.file, "\(path) is a directory, not a \(what).", at: .init(file: path))
    }
    // Reading /dev/zero or a FIFO would never end; report them instead of trying.
    guard type == 0o100000 else {
        throw FlipbookError(
            .file, "Cannot read the \(what) \(path): it is not a regular file (it is \(fileTypeName(type))).",
            at: .init(file: path))
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
        let reason = access(path, R_OK) != 0 ? "you do not have permission to read it" : String(cString: strerror(errno))
        throw FlipbookError(.file, "Cannot read the \(what) \(path): \(reason).", at: .init(file: path))
    }
    defer { try? handle.close() }
    do {
        return try handle.readToEnd() ?? Data()
    } catch {
        throw FlipbookError(.file, "Cannot read the \(what) \(path): \(error.localizedDescription)", at: .init(file: path))
    }
}

private func fileTypeName(_ type: mode_t) -> String {
    switch type {
    case 0o020000: "a character device"
    case 0o060000: "a block device"
    case 0o010000: "a named pipe"
    case 0o140000: "a socket"
    default: "a special file"
    }
}
