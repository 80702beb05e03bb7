import Foundation
import Testing

/// A temporary folder of a test's own, removed when the value goes.
final class Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-mcp-test-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// `flipbook-mcp` as a child process, spoken to in JSON-RPC lines.
final class ServerProcess: @unchecked Sendable {
    // @unchecked: `lines` and `buffer` are touched only with `lock` held.
    static let executable = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/flipbook-mcp")

    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let lock = NSCondition()
    private var buffer = Data()
    private var lines: [Data] = []
    private var id = 0

    init(root: URL) throws {
        process.executableURL = Self.executable
        process.arguments = ["--root", root.path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.buffer.append(data)
            while let newline = self.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                self.lines.append(self.buffer[..<newline])
                self.buffer = Data(self.buffer[self.buffer.index(after: newline)...])
            }
            self.lock.broadcast()
            self.lock.unlock()
        }
        try process.run()
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
    }

    func nextID() -> Int {
        id += 1
        return id
    }

    func send(_ data: Data) throws { try input.fileHandleForWriting.write(contentsOf: data) }

    func send(id: Int?, _ method: String, _ params: [String: Any]? = nil) throws {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let id { message["id"] = id }
        if let params { message["params"] = params }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(UInt8(ascii: "\n"))
        try send(data)
    }

    func notify(_ method: String, _ params: [String: Any]? = nil) throws { try send(id: nil, method, params) }

    /// The next message `matching`, waiting at most 30 seconds; others before it are dropped.
    func nextMessage(matching: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(30)
        lock.lock()
        defer { lock.unlock() }
        while true {
            while !lines.isEmpty {
                let line = lines.removeFirst()
                if let message = try? JSONSerialization.jsonObject(with: line) as? [String: Any], matching(message) { return message }
            }
            guard lock.wait(until: deadline) else { throw ScriptError.timedOut }
        }
    }

    /// Sends a request and returns its response.
    func request(_ method: String, _ params: [String: Any]? = nil) throws -> [String: Any] {
        let id = nextID()
        try send(id: id, method, params)
        return try nextMessage { ($0["id"] as? Int) == id }
    }

    struct ToolResult {
        var content: [[String: Any]]
        var structured: [String: Any]?
        var isError: Bool
    }

    func call(_ name: String, _ arguments: [String: Any] = [:]) throws -> ToolResult {
        let response = try request("tools/call", ["name": name, "arguments": arguments])
        let result = try #require(response["result"] as? [String: Any], "\(response)")
        return ToolResult(content: result["content"] as? [[String: Any]] ?? [],
                          structured: result["structuredContent"] as? [String: Any], isError: result["isError"] as? Bool ?? false)
    }

    enum ScriptError: Error { case timedOut }
}
