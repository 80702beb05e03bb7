import ArgumentParser
import Flipbook
import Foundation

/// Prints `error` the one way `flipbook` prints errors ("error: " and the message, with its
/// `file:line:column:` when it has one) and returns the exit status for it.
func report(_ error: any Error) -> Int32 {
    if let error = error as? FlipbookError {
        if error.kind == .interrupted { Interruption.shared.finishAndExit() }
        printError(error.description)
        return ExitStatus.status(for: error.kind)
    }
    if let exit = error as? ExitCode { return exit.rawValue }
    // Everything else comes from the argument parser: help, the version, or a usage error.
    let status = FlipbookTool.exitCode(for: error)
    if status == .success {
        print(FlipbookTool.fullMessage(for: error))
        return ExitStatus.success
    }
    printError(usageMessage(for: error))
    return ExitStatus.usage
}

/// The parser's message for a usage error, in `flipbook`'s style: "Error: " becomes "error: " (added
/// by ``printError(_:)``), and the usage line and the hint to `--help` follow.
func usageMessage(for error: any Error) -> String {
    let full = FlipbookTool.fullMessage(for: error)
    return full.hasPrefix("Error: ") ? String(full.dropFirst("Error: ".count)) : full
}

/// Prints `message` to standard error, prefixed the way command-line tools do.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
}

/// Writes `text` and a newline to standard error.
func printNote(_ text: String) {
    FileHandle.standardError.write(Data("\(text)\n".utf8))
}
