// libFuzzer target: flipbook-mcp's message reader (Studio/Sources/FlipbookMCP/MessageFramer.swift,
// compiled in) must split any bytes, arriving in any chunks, into exactly the lines a plain split
// finds: each line up to the limit a message (a trailing CR dropped, blank lines skipped), each
// longer one reported with its length and never kept. The first byte picks the chunk size and the
// limit, so lines cross chunk boundaries and the limit at every offset.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func mcpMessagesFuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, count > 0 else { return 0 }
    let selector = Int(bytes[0])
    let data = Data(bytes: bytes + 1, count: count - 1)
    let chunk = 1 + selector % 17, limit = 1 + (selector / 17) % 40
    var framer = MessageFramer(limit: limit)
    var events: [MessageFramer.Event] = []
    var offset = 0
    while offset < data.count {
        events += framer.add(data[offset..<min(offset + chunk, data.count)])
        offset += chunk
    }
    // The same bytes split in one piece, the way the protocol frames them.
    var expected: [MessageFramer.Event] = []
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    lines.removeLast()  // no newline after it: not a message yet
    for line in lines {
        if line.count > limit {
            expected.append(.tooLong(line.count))
        } else {
            var message = Data(line)
            if message.last == UInt8(ascii: "\r") { message.removeLast() }
            if !message.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { expected.append(.message(message)) }
        }
    }
    precondition(events == expected, "the framer's messages differ from the lines: \(events) != \(expected)")
    return 0
}
