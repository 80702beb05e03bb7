import Foundation

/// What a finished child process printed, and how it ended.
public struct ToolRun: Sendable {
    /// The exit status, or the signal's number when `reason` is `.uncaughtSignal`.
    public var status: Int32
    public var reason: Process.TerminationReason
    public var output: String
    public var error: String
}

/// A child process, started with its standard output and error going to pipes that are read while
/// it runs, each on a thread of its own. A child blocks once a pipe it writes is full (64 KiB on
/// Linux), so reading one pipe to its end before the other would wait forever on a child stuck
/// writing the other; a test that signals the child mid-run needs the pipes drained meanwhile too.
public final class RunningProcess: @unchecked Sendable {
    // @unchecked: each reader thread writes only its own buffer, and `finish` reads the buffers
    // after `readers.wait()`, which orders those writes before the reads.

    /// The child: for its identifier, to signal it, or its termination reason.
    public let process = Process()
    private let readers = DispatchGroup()
    private var outputData = Data(), errorData = Data()

    /// Starts `executable` with `arguments` in `directory` (default: this process's); `environment`
    /// is the child's whole environment (default: this process's).
    public init(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                environment: [String: String]? = nil) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        drain(output) { self.outputData = $0 }
        drain(error) { self.errorData = $0 }
    }

    private func drain(_ pipe: Pipe, into store: @escaping @Sendable (Data) -> Void) {
        readers.enter()
        Thread.detachNewThread { [readers] in
            store(Self.readToEnd(pipe.fileHandleForReading.fileDescriptor))
            readers.leave()
        }
    }

    /// Everything `descriptor` gives until its end. A read a signal interrupts is read again:
    /// Foundation's `readDataToEndOfFile()` traps on `EINTR`, which a loaded machine does deliver.
    private static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    /// Waits for the child to end and for both pipes to close, and returns what it printed.
    public func finish() -> ToolRun {
        readers.wait()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, reason: process.terminationReason,
                       output: String(decoding: outputData, as: UTF8.self),
                       error: String(decoding: errorData, as: UTF8.self))
    }
}

/// Runs `executable` to its end (see ``RunningProcess``) and returns what it printed.
public func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                       environment: [String: String]? = nil) throws -> ToolRun {
    try RunningProcess(executable, arguments, in: directory, environment: environment).finish()
}
