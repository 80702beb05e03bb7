import Foundation

/// The process exit codes `flipbook` uses.
enum ToolExitCode {
    /// A render (or at least one batch job) failed.
    static let failure: Int32 = 1
    /// The command line, an option's value or a scene file was wrong; nothing was rendered.
    static let usage: Int32 = 2
}

/// A mistake in what the user asked for, found before anything is rendered.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Runs `body`, reporting any error it throws as a usage error: used for everything that checks
/// the user's input before rendering starts.
func asUsage<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as UsageError {
        throw error
    } catch {
        throw UsageError("\(error)")
    }
}

/// Prints `message` to standard error, prefixed the way command-line tools do.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
}
