import Foundation

/// Splits the bytes a client writes into JSON-RPC messages, one per line, as MCP's stdio transport
/// frames them; a message longer than ``limit`` is dropped whole (up to its newline) and reported,
/// so a huge or endless payload never grows the server's memory past the limit.
public struct MessageFramer: Sendable {
    /// What the bytes held.
    public enum Event: Equatable, Sendable {
        case message(Data)
        /// A line longer than the limit, of this many bytes (counted up to the limit's end when it
        /// has not ended yet).
        case tooLong(Int)
    }

    /// The longest message taken, in bytes: 16 MiB holds any scene file with room to spare.
    public static let defaultLimit = 16 << 20

    public let limit: Int
    private var pending = Data()
    /// Bytes of a too-long line skipped so far; `nil` while reading a line normally.
    private var skipping: Int?

    public init(limit: Int = MessageFramer.defaultLimit) { self.limit = max(1, limit) }

    /// The messages completed by `bytes`; blank lines are skipped.
    public mutating func add(_ bytes: Data) -> [Event] {
        var events: [Event] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
            let line = rest[..<(newline ?? rest.endIndex)]
            if let skipped = skipping {
                skipping = skipped + line.count
                if newline != nil {
                    events.append(.tooLong(skipping!))
                    skipping = nil
                }
            } else if pending.count + line.count > limit {
                skipping = pending.count + line.count
                pending = Data()
                if newline != nil {
                    events.append(.tooLong(skipping!))
                    skipping = nil
                }
            } else {
                pending.append(contentsOf: line)
                if newline != nil {
                    var message = pending
                    pending = Data()
                    if message.last == UInt8(ascii: "\r") { message.removeLast() }
                    if !message.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { events.append(.message(message)) }
                }
            }
            guard let newline else { break }
            rest = rest[rest.index(after: newline)...]
        }
        return events
    }
}
