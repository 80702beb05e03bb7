import Flipbook
@testable import FlipbookStudio
import Foundation
import Testing

@Suite("Studio renders")
struct StudioRenderTests {
    @Test("The render button's endpoint writes the clip with the page's values, reports progress, offers the file")
    func render() async throws {
        let directory = try TemporaryDirectory("studio-render")
        let path = try directory.write("tiny.json", """
            {"parameters": {"tint": {"type": "color", "default": "red"}},
             "size": [64, 48], "scale": 1, "fps": 10, "duration": 1, "background": "{{tint}}",
             "layers": [{"scene": "shape", "shape": "circle", "size": [20, 20], "fill": "white"}]}
            """)
        let studio = try await StudioHarness.start(scene: path)
        let started = try await studio.post("/api/render", json: [
            "output": "tiny.webm", "values": ["tint": "teal"], "container": "webm", "quality": "draft",
        ])
        #expect(started.status == 200, "\(started.text)")
        let id = try #require(started.json?["id"] as? Int)
        #expect(started.json?["totalFrames"] as? Int == 10)
        #expect((started.json?["command"] as? String) == "flipbook render \(path) --set tint=teal --quality draft -o tiny.webm")
        let done = try await studio.poll("/api/render/\(id)", seconds: 60) {
            ["finished", "failed", "cancelled"].contains($0.json?["state"] as? String ?? "")
        }
        #expect(done.json?["state"] as? String == "finished", "\(done.text)")
        #expect(done.json?["framesEncoded"] as? Int == 10)
        let file = try await studio.get("/api/render/\(id)/file")
        #expect(file.status == 200)
        #expect(file.body == (try Data(contentsOf: directory.file("tiny.webm"))))
        #expect(file.body.prefix(4) == Data([0x1A, 0x45, 0xDF, 0xA3]), "a WebM (EBML) file")
        await studio.stop()
    }
}
