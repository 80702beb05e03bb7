import FlipbookTestSupport
import Foundation
import Testing

/// The runner every test that starts a program goes through.
@Suite("Running a child process")
struct RunningProcessTests {
    /// A pipe holds 64 KiB on Linux: a child that fills standard error before it writes standard
    /// output blocks unless both are read at once.
    @Test("reads both pipes while the child runs, so a child that fills one is not stuck")
    func chattyChild() throws {
        let script = "head -c 1000000 /dev/zero | tr '\\0' e >&2; head -c 1000000 /dev/zero | tr '\\0' o; exit 3"
        let finished = returnsWithin(seconds: 60) { try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script]) }
        let run = try #require(finished, "the runner was still waiting after 60 s").get()
        #expect(run.status == 3 && run.reason == .exit)
        #expect(run.error.count == 1_000_000 && run.error.allSatisfy { $0 == "e" })
        #expect(run.output.count == 1_000_000 && run.output.allSatisfy { $0 == "o" })
    }

    @Test("a child killed by a signal is reported as such")
    func signalled() throws {
        let running = try RunningProcess(URL(fileURLWithPath: "/bin/sleep"), ["60"])
        kill(running.process.processIdentifier, SIGKILL)
        let run = try #require(returnsWithin(seconds: 30) { running.finish() },
                               "the runner was still waiting 30 s after the child was killed").get()
        #expect(run.reason == .uncaughtSignal && run.status == SIGKILL)
    }
}

/// What `body` returned or threw, or nil if it had not returned `seconds` after the call; it runs on
/// a thread of its own, which is left waiting if it never returns. Not swift-testing's `.timeLimit`:
/// that clock starts before the test has a thread, and on two cores a test can wait minutes for one
/// behind long-running tests, so the limit fired on runs where the runner itself was fine.
private func returnsWithin<T: Sendable>(seconds: Int, _ body: @escaping @Sendable () throws -> T) -> Result<T, any Error>? {
    let outcome = Outcome<T>()
    Thread.detachNewThread {
        outcome.result = Result(catching: body)
        outcome.done.signal()
    }
    guard outcome.done.wait(timeout: .now() + .seconds(seconds)) == .success else { return nil }
    return outcome.result
}

/// @unchecked: the thread writes `result` before it signals `done`, and it is read only after the
/// wait on `done` succeeds, which orders the write before the read.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    var result: Result<T, any Error>?
}
