import ArgumentParser
import Flipbook
import Foundation

/// The process exit statuses `flipbook` uses, one per kind of outcome: the one place they are set.
enum ExitStatus {
    /// Everything asked for was written.
    static let success: Int32 = 0
    /// A render or a file failed (or, in a batch, at least one job did).
    static let failure: Int32 = 1
    /// The command line, an option's value, a scene file or a batch file was wrong.
    static let usage: Int32 = 2

    /// 128 + the signal's number, as shells report a process killed by it: 130 for SIGINT,
    /// 143 for SIGTERM, 129 for SIGHUP.
    static func interrupted(by signal: Int32) -> Int32 { 128 + signal }

    /// The status for a failure of `kind`; an interruption without a signal counts as SIGINT.
    static func status(for kind: FlipbookError.Kind, signal: Int32? = nil) -> Int32 {
        switch kind {
        case .invalidInput: usage
        case .file, .codec, .diskFull, .internal: failure
        case .interrupted: interrupted(by: signal ?? SIGINT)
        }
    }

    /// The statuses as `flipbook --help` lists them.
    static let documentation = """
        0 success; 1 a render or a file failed (in a batch: a job failed); 2 invalid input or usage \
        (a bad option, value, scene file or batch file; nothing was rendered); 129, 130, 143 \
        interrupted by SIGHUP, SIGINT, SIGTERM (unfinished files removed, earlier outputs kept).
        """
}
