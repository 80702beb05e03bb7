import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

@Suite("Text scenes drawn from several threads")
struct TextSceneThreadTests {
    @Test func framesDrawnAtOnceOnManyThreadsMatchFramesDrawnOneByOne() throws {
        let file = try decodeScene(#"""
            {"size": [240, 160], "scale": 1, "background": "white", "layers": [
              {"scene": "text", "text": "Same on every thread", "font": {"size": 30}, "size": [220, 120],
               "minimumScaleFactor": 0.5, "color": [{"time": 0, "value": "red"}, {"time": 1, "value": "blue"}]},
              {"scene": "text", "text": "Grows", "font": {"size": [{"time": 0, "value": 10}, {"time": 1, "value": 40}]}}]}
            """#)
        let timeline = try file.makeTimeline()
        let times = (0..<16).map { Double($0) / 15 }
        let alone = try times.map { time -> Data in
            var bitmap = try Bitmap(width: 240, height: 160)
            timeline.draw(at: time, into: &bitmap)
            return try bitmap.pngData()
        }
        let together = ConcurrentResults(count: times.count)
        DispatchQueue.concurrentPerform(iterations: times.count) { index in
            guard var bitmap = try? Bitmap(width: 240, height: 160) else { return }
            timeline.draw(at: times[index], into: &bitmap)
            together.set(index, try? bitmap.pngData())
        }
        #expect(together.values == alone.map(Optional.some))
    }

    @Test func aRegisteredFontFileChangesNoOtherText() throws {
        let string = "Hello, wörld — 123 ★ مرحبا"
        func system() throws -> Data {
            try picture(CGSize(width: 360, height: 80)) { context, _ in
                context.draw(Text(string).font(.system(size: 24)), at: .zero, anchor: .topLeading)
            }.pngData()
        }
        let before = try system()
        let folder = try TemporaryDirectory("text-font")
        try FileManager.default.copyItem(at: packageFile("Fixtures/Text/Fonts/DejaVuSansMono.ttf"), to: folder.file("Other.ttf"))
        let scene = try TextScene("x", font: .init(file: folder.file("Other.ttf")))
        #expect(scene.fit(at: 0) != nil)
        #expect(try system() == before)
    }
}

/// Results written by concurrent iterations, each to its own index.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Data?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Data?) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Data?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
