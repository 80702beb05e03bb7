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

    public init(input: FileHandle = .standardInput, output: FileHandle = .standardOutput, limit: Int = MessageFramer.defaultLimit) {
        self.input = input
        self.output = output
        self.limit = limit
    }

    public func connect() async throws {}

    public func disconnect() async {}

    public func send(_ data: Data) async throws {
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
                            continuation.yield(message)
                        case .tooLong(let count):
                            let reply = #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"The message of \#(count) bytes is longer than the \#(limit) bytes a message may be; it is ignored."}}"#
                            Task { try? await self.send(Data(reply.utf8)) }
                        }
                    }
                }
                continuation.finish()
            }
            thread.start()
        }
    }
}
