import Foundation
import Logging
import MCP

/// MCP's stdio transport with a bound: messages are lines of standard input (``MessageFramer``),
/// replies lines of standard output; a line past the limit is answered with a JSON-RPC error here,
/// as it never reaches the server.
public actor BoundedStdioTransport: Transport {
    public nonisolated let logger = Logger(label: "flipbook-mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    private let input: FileHandle
    private let output: FileHandle
    private let limit: Int
    /// The ids of requests read and not yet answered (nor cancelled): at the end of the input, the
    /// transport finishes only when each has its answer, so a client that writes its requests and
    /// closes its end still gets every reply.
    private var unanswered: Set<String> = []

    public init(input: FileHandle = .standardInput, output: FileHandle = .standardOutput, limit: Int = MessageFramer.defaultLimit) {
        self.input = input
        self.output = output
        self.limit = limit
    }

    public func connect() async throws {}

    public func disconnect() async {}

    public func send(_ data: Data) async throws {
        if let message = Self.fields(data), message["method"] == nil, let id = message["id"] { unanswered.remove(id) }
        var line = data
        line.append(UInt8(ascii: "\n"))
        try output.write(contentsOf: line)
    }

    public nonisolated func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let input = self.input, limit = self.limit
        return AsyncThrowingStream { continuation in
            let thread = Thread {
                var framer = MessageFramer(limit: limit)
                while true {
                    let chunk = input.availableData
                    if chunk.isEmpty { break }
                    for event in framer.add(chunk) {
                        switch event {
                        case .message(let message):
                            let semaphore = DispatchSemaphore(value: 0)
                            Task {
                                await self.note(received: message)
                                semaphore.signal()
                            }
                            semaphore.wait()
                            continuation.yield(message)
                        case .tooLong(let count):
                            let reply = #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"The message of \#(count) bytes is longer than the \#(limit) bytes a message may be; it is ignored."}}"#
                            Task { try? await self.send(Data(reply.utf8)) }
                        }
                    }
                }
                // The end of the input: wait for the answers still owed, ten minutes at most.
                let deadline = Date().addingTimeInterval(600)
                while Date() < deadline {
                    let semaphore = DispatchSemaphore(value: 0)
                    let owed = OwedAnswers()
                    Task {
                        owed.any = await !self.unanswered.isEmpty
                        semaphore.signal()
                    }
                    semaphore.wait()
                    if !owed.any { break }
                    Thread.sleep(forTimeInterval: 0.05)
                }
                continuation.finish()
            }
            thread.start()
        }
    }

    /// Keeps count of a request read, or forgets one the client cancelled.
    private func note(received data: Data) {
        guard let message = Self.fields(data) else { return }
        if message["method"] != nil, let id = message["id"] { unanswered.insert(id) }
        if message["method"] == "notifications/cancelled", let id = message["requestId"] { unanswered.remove(id) }
    }

    /// A message's `id` and `method`, and a cancellation's `requestId`, as text; `nil` when it is not
    /// a JSON object.
    private static func fields(_ data: Data) -> [String: String]? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        var fields: [String: String] = [:]
        if let id = object["id"], !(id is NSNull) { fields["id"] = "\(id)" }
        if let method = object["method"] as? String { fields["method"] = method }
        if let params = object["params"] as? [String: Any], let id = params["requestId"] { fields["requestId"] = "\(id)" }
        return fields
    }
}

/// Whether answers are still owed, as one look found.
private final class OwedAnswers: @unchecked Sendable {
    // @unchecked: written by one task before the semaphore it signals, read after waiting on it.
    var any = false
}
