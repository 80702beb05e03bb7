import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `--watch`: a command that runs again on every save, survives broken ones, and stops on Ctrl-C.
@Suite("--watch")
struct WatchToolTests {
    static let good = #"{"size": [64, 48], "fps": 10, "duration": 0.5, "background": "white", "layers": []}"#
    static let broken = #"{"size": [64, 48], "fps": 10, "duration": 0.5, "colour": "white"}"#

    @Test("check --watch follows twenty alternating broken and fixed saves, then stops on SIGINT with status 130")
    func twentySaves() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", Self.good)
        let watching = try WatchedProcess(Tool.executable, ["check", scene, "--watch"])
        defer { watching.stop() }
        try watching.waitFor { $0.components(separatedBy: "no problems").count - 1 == 1 }
        for save in 1...20 {
            let isBroken = save % 2 == 1
            // As editors save: a new file renamed over the old.
            try Data((isBroken ? Self.broken : Self.good).utf8).write(to: URL(fileURLWithPath: scene), options: .atomic)
            let errors = (save + 1) / 2, fixes = save / 2 + 1
            try watching.waitFor {
                $0.components(separatedBy: "error: /colour").count - 1 == errors
                    && $0.components(separatedBy: "no problems").count - 1 == fixes
            }
        }
        kill(watching.process.processIdentifier, SIGINT)
        watching.process.waitUntilExit()
        #expect(watching.process.terminationStatus == 130)
        #expect(watching.output.contains("error: /colour: \(scene):1:48: colour is not a key of a scene file."), "\(watching.output)")
    }

    @Test("still --watch: a broken save keeps the last still; Ctrl-C leaves no partial file")
    func stillKeepsLastGood() throws {
        let scratch = try TemporaryDirectory.cli()
        let scene = try scratch.write("scene.json", Self.good)
        let still = scratch.path("still.png")
        let watching = try WatchedProcess(Tool.executable, ["still", scene, "-o", still, "--watch"])
        defer { watching.stop() }
        try watching.waitFor { $0.contains("Wrote \(still)") }
        let first = try Data(contentsOf: URL(fileURLWithPath: still))
        try Data(Self.broken.utf8).write(to: URL(fileURLWithPath: scene), options: .atomic)
        try watching.waitFor { $0.contains("colour is not a key") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: still)) == first)
        kill(watching.process.processIdentifier, SIGINT)
        watching.process.waitUntilExit()
        #expect(watching.process.terminationStatus == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["scene.json", "still.png"])
    }
}

/// A child whose standard output and error are read as they come, into one text.
final class WatchedProcess: @unchecked Sendable {
    // @unchecked: `text` is touched only with `lock` held.
    let process = Process()
    private let lock = NSCondition()
    private var text = ""

    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.text += String(decoding: data, as: UTF8.self)
            self.lock.broadcast()
            self.lock.unlock()
        }
        try process.run()
    }

    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return text
    }

    /// Waits until what was printed satisfies `done`, at most 20 seconds.
    func waitFor(_ done: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(20)
        lock.lock()
        defer { lock.unlock() }
        while !done(text) {
            guard lock.wait(until: deadline) else { throw Timeout(output: text) }
        }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    struct Timeout: Error, CustomStringConvertible {
        var output: String
        var description: String { "timed out; printed so far:\n\(output)" }
    }
}
