import Foundation

/// Runs the built `flipbook` executable and captures what it prints.
struct ToolRun {
    var status: Int32
    var output: String
    var error: String
}

enum Tool {
    /// The `flipbook` binary built next to this test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flipbook")
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> ToolRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
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

/// A fresh directory for one test's files, removed when the test ends.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The names of the files in the directory, sorted.
    var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    deinit { try? FileManager.default.removeItem(at: url) }
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
