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
    let message = full.hasPrefix("Error: ") ? String(full.dropFirst("Error: ".count)) : full
    return withSuggestion(message)
}

/// The values each fixed-choice flag takes, for "did you mean" after the parser refuses one.
private let choicesByFlag: [String: [String]] = [
    "--preset": X264Preset.allCases.map(\.rawValue),
    "--background": Color.named.keys.sorted(),
]

/// The parser's "The value 'medum' is invalid for '--preset <preset>'" with " Did you mean
/// 'medium'?" added to its first line when a choice is near.
private func withSuggestion(_ message: String) -> String {
    let prefix = "The value '"
    guard message.hasPrefix(prefix), let valueEnd = message.range(of: "' is invalid for '") else { return message }
    let value = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<valueEnd.lowerBound])
    let flag = message[valueEnd.upperBound...].prefix { $0 != " " && $0 != "'" }
    guard let choices = choicesByFlag[String(flag)] else { return message }
    let suggestion = didYouMean(value, among: choices)
    guard !suggestion.isEmpty else { return message }
    var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let listIntroduction = " Please provide one of the following:"
    if lines[0].hasSuffix(listIntroduction) {
        lines[0] = String(lines[0].dropLast(listIntroduction.count)) + suggestion + " Choices:"
    } else {
        lines[0] += (lines[0].hasSuffix(".") ? "" : ".") + suggestion
    }
    return lines.joined(separator: "\n")
}

/// Prints `message` to standard error, prefixed the way command-line tools do.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
}

/// Writes `text` and a newline to standard error.
func printNote(_ text: String) {
    FileHandle.standardError.write(Data("\(text)\n".utf8))
}

/// Prints the timeline's warnings (captions cues never shown, what its Lottie layers do not draw),
/// one `warning:` line each, unless `quiet`.
func printWarnings(of timeline: Timeline, quiet: Bool) {
    guard !quiet else { return }
    for warning in timeline.warnings { printNote("warning: \(warning)") }
}
