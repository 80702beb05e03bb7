import Foundation

/// Warnings printed once per subject (a symbol name, a colour name), as SwiftUI logs a name it does
/// not know once rather than on every frame that uses it.
///
/// The messages go to standard error unless another sink is given (tests give one to read them).
package final class OnceWarnings: @unchecked Sendable {
    // @unchecked: `warned` is only touched under `lock`.
    private let lock = NSLock()
    private var warned: Set<String> = []
    private let write: @Sendable (String) -> Void

    package init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Standard error, one line per warning.
    package static let standardError = OnceWarnings { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Writes `message` the first time `subject` is warned about; later calls with the same subject
    /// write nothing.
    package func warn(about subject: String, _ message: @autoclosure () -> String) {
        lock.lock()
        let isNew = warned.insert(subject).inserted
        lock.unlock()
        if isNew { write(message()) }
    }
}
