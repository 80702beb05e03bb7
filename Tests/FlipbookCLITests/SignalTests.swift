import FlipbookTestSupport
import Foundation
import Testing

/// Real `flipbook` processes, signalled mid-render. Serialized: each one keeps the cores busy.
@Suite("flipbook interrupted", .serialized)
struct SignalTests {
    /// Waits (up to 60 s) until the directory holds a `.partial` file: the render has begun writing.
    func waitForPartialFile(in scratch: TemporaryDirectory) -> Bool {
        for _ in 0..<600 {
            if !scratch.partialFiles.isEmpty { return true }
            usleep(100_000)
        }
        return false
    }

    /// Waits (up to 60 s) until the process catches SIGINT, which `flipbook` does once it has
    /// parsed its command line (Linux's /proc/PID/status, SigCgt mask).
    func waitForSignalHandlers(of process: Process) -> Bool {
        for _ in 0..<600 {
            if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
               let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
               mask & (1 << UInt64(SIGINT - 1)) != 0 {
                return true
            }
            usleep(50_000)
        }
        return false
    }

    @Test("a signal during render removes the partial file, keeps the old clip and exits 128 + the signal",
          arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")])
    func render(signal: Int32, name: String) throws {
        let scratch = try TemporaryDirectory.cli()
        try scratch.write("out.mp4", "earlier clip")
        let running = try Tool.start(
            ["render", "confetti", "-o", scratch.path("out.mp4"), "--size", "180x320", "--duration", "120",
             "--preset", "ultrafast"],
            in: scratch.url)
        #expect(waitForPartialFile(in: scratch))
        usleep(300_000)  // a few frames in
        kill(running.process.processIdentifier, signal)
        let run = running.finish()
        #expect(run.status == 128 + signal)
        #expect(run.error.hasSuffix("interrupted by \(name): removed the unfinished out.mp4\n"), "\(run.error)")
        #expect(scratch.contents == ["out.mp4"])
        #expect(try String(contentsOfFile: scratch.path("out.mp4"), encoding: .utf8) == "earlier clip")
    }

    @Test("SIGTERM during a PNG sequence leaves no numbered file and no partial file; earlier files stay")
    func pngSequence() throws {
        let scratch = try TemporaryDirectory.cli()
        try scratch.write("f-99999.png", "earlier frame")
        let running = try Tool.start(
            ["render", "confetti", "-o", scratch.path("f-%05d.png"), "--size", "180x320", "--duration", "120"],
            in: scratch.url)
        #expect(waitForPartialFile(in: scratch))
        usleep(300_000)  // a few frames in
        kill(running.process.processIdentifier, SIGTERM)
        let run = running.finish()
        #expect(run.status == 128 + SIGTERM)
        #expect(run.error.contains("interrupted by SIGTERM: removed the unfinished f-00000.png"), "\(run.error)")
        // Many unfinished frames are summed up, not listed one by one.
        #expect(run.error.count < 300, "\(run.error)")
        #expect(scratch.contents == ["f-99999.png"])
        #expect(try String(contentsOfFile: scratch.path("f-99999.png"), encoding: .utf8) == "earlier frame")
    }

    @Test("a signal during batch keeps the finished outputs, removes the unfinished one, and runs no more jobs")
    func batch() throws {
        let scratch = try TemporaryDirectory.cli()
        let jobs = try scratch.write("jobs.json", """
            {"jobs": [
              {"scene": "confetti", "output": "a.png", "size": "60x100"},
              {"scene": "confetti", "output": "b.mp4", "size": "180x320", "duration": 120, "preset": "ultrafast"},
              {"scene": "confetti", "output": "c.png", "size": "60x100"}
            ]}
            """)
        let running = try Tool.start(["batch", jobs, "--quiet"], in: scratch.url)
        #expect(waitForPartialFile(in: scratch))
        usleep(300_000)
        running.process.terminate()  // SIGTERM
        let run = running.finish()
        #expect(run.status == 143)
        #expect(run.error.hasSuffix("interrupted by SIGTERM: removed the unfinished b.mp4; kept a.png\n"), "\(run.error)")
        #expect(run.output.contains("#2 b.mp4  INTERRUPTED"))
        #expect(run.output.contains("#3 c.png  not run"))
        #expect(scratch.contents == ["a.png", "jobs.json"])
    }

    @Test("a signal during a still exits 130 and leaves no partial file; nothing appears after the signal")
    func still() throws {
        let scratch = try TemporaryDirectory.cli()
        let running = try Tool.start(["still", "confetti", "-o", scratch.path("s.png"), "--size", "2000x4000"],
                                     in: scratch.url)
        #expect(waitForSignalHandlers(of: running.process))
        running.process.interrupt()
        let run = running.finish()
        #expect(running.process.terminationReason == .exit)
        #expect(run.status == 130, "\(run.error)")
        #expect(scratch.partialFiles.isEmpty)
        // Whichever moment the signal met: a still finished before it is kept, anything later is not.
        if scratch.contents == ["s.png"] {
            #expect(run.error.hasSuffix("interrupted by SIGINT: kept s.png\n"), "\(run.error)")
        } else {
            #expect(scratch.contents.isEmpty)
            #expect(run.error.hasSuffix("interrupted by SIGINT: nothing was written\n")
                || run.error.hasSuffix("interrupted by SIGINT: removed the unfinished s.png\n"), "\(run.error)")
        }
    }
}
