import FlipbookCore
import Foundation
import Testing

@Suite("FlipbookError")
struct FlipbookErrorTests {
    @Test("a value's error is named by its flag, else its key path, else its noun")
    func valueNames() {
        let error = FlipbookError(invalid: "The frame rate", "must be positive; it is 0.")
        #expect(error.message == "The frame rate must be positive; it is 0.")
        #expect(error.at(keyPath: "fps").message == "fps must be positive; it is 0.")
        #expect(error.at(keyPath: "fps").at(flag: "--fps").message == "--fps must be positive; it is 0.")
        #expect(error.at(keyPath: "count").nested(in: "layers[1].bursts[3]").location.keyPath
                == "layers[1].bursts[3].count")
    }

    @Test("the description puts file:line:column first, as compilers do")
    func description() {
        let error = FlipbookError(invalid: "count", "must be between 1 and 100000; it is 0.",
                                  at: .init(keyPath: "layers[0].bursts[0].count"))
            .at(file: "party.json", line: 12, column: 7)
        #expect(error.description == "party.json:12:7: layers[0].bursts[0].count must be between 1 and 100000; it is 0.")
        #expect(error.kind == .invalidInput)
        // A message that already names its file is not prefixed twice.
        let file = FlipbookError.file("Cannot read /tmp/a.json: it is a directory.", path: "/tmp/a.json")
        #expect(file.description == "Cannot read /tmp/a.json: it is a directory.")
    }

    @Test("a full disk is its own kind")
    func diskFull() {
        let error = FlipbookError.writeFailed("PNG", path: "/out/a.png", errno: ENOSPC)
        #expect(error.kind == .diskFull)
        #expect(error.message == "Cannot write PNG to /out/a.png: the disk is full (No space left on device).")
        #expect(FlipbookError.writeFailed("PNG", path: "/out/a.png", errno: EACCES).kind == .file)
    }
}

@Suite("FlipbookError: earlier names")
struct FlipbookErrorEarlierNameTests {
    @available(*, deprecated)
    @Test("code written against the earlier kinds still compiles and means the new ones")
    func earlierNames() {
        #expect(FlipbookError.invalidArgument("x").kind == .invalidInput)
        #expect(FlipbookError.io("x").kind == .file)
        #expect(FlipbookError.Kind.malformedInput == .invalidInput)
        #expect(FlipbookError.Kind.video == .codec)
        switch FlipbookError.Kind.internal {
        case .cairo: break
        default: Issue.record("`case .cairo` should match .internal")
        }
    }
}
