import Foundation
import FlipbookTestSupport

enum Tool {
    /// The `flipbook` of the build that made these tests, beside their program (`.build/debug`, or
    /// `.build/release` when make test builds the tests optimised); else the debug build's.
    static let executable: URL = {
        if let beside = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("flipbook"),
           FileManager.default.isExecutableFile(atPath: beside.path) {
            return beside
        }
        return packageFile(".build/debug/flipbook")
    }()

    /// Starts `flipbook` with `arguments` in `directory`.
    static func start(_ arguments: [String], in directory: URL? = nil) throws -> RunningProcess {
        try RunningProcess(executable, arguments, in: directory)
    }

    /// Runs `flipbook` with `arguments` in `directory` to its end; `environment` is its whole
    /// environment (default: this process's).
    static func run(_ arguments: [String], in directory: URL? = nil,
                    environment: [String: String]? = nil) throws -> ToolRun {
        try runProcess(executable, arguments, in: directory, environment: environment)
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
