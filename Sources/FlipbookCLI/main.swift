import Flipbook
import Foundation

// A hand-written entry point instead of `@main`: `flipbook`'s exit statuses (ExitStatus) differ from
// ArgumentParser's, and signals must be caught before any render starts.
do {
    var command = try FlipbookTool.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
    if command is any InterruptibleCommand { Interruption.shared.install() }
    try command.run()
    // A signal that came too late to stop the work still ends the process as interrupted.
    if Interruption.shared.signal != nil { Interruption.shared.finishAndExit() }
    exit(ExitStatus.success)
} catch {
    exit(report(error))
}
