import FlipbookTestSupport
import Foundation
import Testing

/// The runner every test that starts a program goes through.
@Suite("Running a child process")
struct RunningProcessTests {
    /// A pipe holds 64 KiB on Linux: a child that fills standard error before it writes standard
    /// output blocks unless both are read at once.
    @Test("reads both pipes while the child runs, so a child that fills one is not stuck",
          .timeLimit(.minutes(1)))
    func chattyChild() throws {
        let script = "head -c 1000000 /dev/zero | tr '\\0' e >&2; head -c 1000000 /dev/zero | tr '\\0' o; exit 3"
        let run = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script])
        #expect(run.status == 3 && run.reason == .exit)
        #expect(run.error.count == 1_000_000 && run.error.allSatisfy { $0 == "e" })
        #expect(run.output.count == 1_000_000 && run.output.allSatisfy { $0 == "o" })
    }

    @Test("a child killed by a signal is reported as such", .timeLimit(.minutes(1)))
    func signalled() throws {
        let running = try RunningProcess(URL(fileURLWithPath: "/bin/sleep"), ["60"])
        kill(running.process.processIdentifier, SIGKILL)
        let run = running.finish()
        #expect(run.reason == .uncaughtSignal && run.status == SIGKILL)
    }
}
