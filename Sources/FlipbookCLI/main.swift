import Flipbook
import Foundation

// A hand-written entry point instead of `@main`: `flipbook`'s exit statuses (ExitStatus) differ from
// ArgumentParser's, and signals must be caught before any render starts.
do {
    var command = try FlipbookTool.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
    Interruption.shared.install()
    try command.run()
    exit(ExitStatus.success)
} catch {
    exit(report(error))
}
