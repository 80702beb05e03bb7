import ArgumentParser
import Flipbook
import Foundation

// A hand-written entry point instead of `@main`: Flipbook's exit codes are 2 for usage errors
// (ArgumentParser's default is 64) and 1 for a render that failed.
do {
    var command = try FlipbookTool.parseAsRoot()
    try command.run()
    exit(0)
} catch let error as UsageError {
    printError(error.message)
    exit(ToolExitCode.usage)
} catch let error as FlipbookError {
    printError(error.message)
    exit(ToolExitCode.failure)
} catch let error as ExitCode {
    exit(error.rawValue)
} catch {
    let code = FlipbookTool.exitCode(for: error)
    if code == .success {
        print(FlipbookTool.fullMessage(for: error))
        exit(0)
    }
    FileHandle.standardError.write(Data((FlipbookTool.fullMessage(for: error) + "\n").utf8))
    exit(ToolExitCode.usage)
}
