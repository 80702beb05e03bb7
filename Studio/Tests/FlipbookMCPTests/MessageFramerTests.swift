import FlipbookMCP
import Foundation
import Testing

@Suite("The message reader")
struct MessageFramerTests {
    @Test("lines split across chunks are whole messages; CR and blank lines are dropped; a line past the limit is reported, not kept")
    func framing() {
        var framer = MessageFramer(limit: 8)
        #expect(framer.add(Data("{\"a\"".utf8)) == [])
        #expect(framer.add(Data(":1}\r\n\n  \n{}\n0123456789".utf8)) == [.message(Data("{\"a\":1}".utf8)), .message(Data("{}".utf8))])
        #expect(framer.add(Data("abc\n{}\n".utf8)) == [.tooLong(13), .message(Data("{}".utf8))])
    }
}
