import Foundation

/// What a finished child process printed, and its exit status.
public struct ToolRun {
    public var status: Int32
    public var output: String
    public var error: String

    public init(status: Int32, output: String, error: String) {
        self.status = status
        self.output = output
        self.error = error
    }
}

/// Runs a configured `process` with its output going to pipes, waits for it, and returns what it printed.
public func capture(_ process: Process) throws -> ToolRun {
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting so a chatty child never blocks on a full pipe.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ToolRun(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                   error: String(decoding: errData, as: UTF8.self))
}
