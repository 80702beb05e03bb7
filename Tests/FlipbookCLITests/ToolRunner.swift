import Foundation
import FlipbookTestSupport

enum Tool {
    /// The `flipbook` binary `swift build` made: `.build/debug/flipbook` in the package.
    static var executable: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // FlipbookCLITests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .appendingPathComponent(".build/debug/flipbook")
    }

    /// A `flipbook` process, started, its output going to pipes.
    final class Running {
        let process = Process()
        private let out = Pipe(), err = Pipe()

        init(_ arguments: [String], in directory: URL? = nil, executable: URL = Tool.executable) throws {
            process.executableURL = executable
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = directory }
            process.standardOutput = out
            process.standardError = err
            try process.run()
        }

        /// Waits for the process to end and returns what it printed.
        func finish() -> ToolRun {
            // Read before waiting so a chatty child never blocks on a full pipe.
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            let errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return ToolRun(
                status: process.terminationStatus,
                output: String(decoding: outData, as: UTF8.self),
                error: String(decoding: errData, as: UTF8.self))
        }
    }

    static func run(_ arguments: [String], in directory: URL? = nil, executable: URL = Tool.executable) throws -> ToolRun {
        try Running(arguments, in: directory, executable: executable).finish()
    }
}

extension TemporaryDirectory {
    /// A tool test's scratch directory.
    static func cli() throws -> TemporaryDirectory { try TemporaryDirectory("cli") }
}

/// A small scene file that renders quickly: 64×48 points, 10 fps, half a second.
let smallScene = """
    {
      "size": [64, 48], "scale": 1, "fps": 10, "duration": 0.5, "background": "white",
      "layers": [
        {"scene": "ripples", "ripples": [{"center": [32, 24], "start": 0, "color": "blue"}], "speed": 60},
        {"scene": "confetti", "seed": 3, "bursts": [{"count": 20}]}
      ]
    }
    """
