import Flipbook
@testable import FlipbookStudio
import Foundation
import Testing

@Suite("Studio hot reload")
struct StudioReloadTests {
    static func scene(color: String) -> String {
        """
        {
          "size": [80, 60], "scale": 1, "fps": 10, "duration": 1, "background": "\(color)",
          "layers": [{"scene": "shape", "shape": "circle", "size": [20, 20], "fill": "white"}]
        }
        """
    }

    /// Replaces `name` in `directory` whole (written beside it, then renamed), as an editor's save
    /// does: the watcher never sees half of it. Returns its path.
    @discardableResult
    static func save(_ name: String, _ text: String, in directory: TemporaryDirectory) throws -> String {
        try Data(text.utf8).write(to: directory.file(name), options: .atomic)
        return directory.path(name)
    }

    /// A broken file's last good frame stays, with the error placed at its line and column; fixing
    /// it brings the frames of the fixed file, without restarting anything.
    @Test("A broken save reports file:line:col and keeps the last good frame; fixing it recovers")
    func brokenThenFixed() async throws {
        let directory = try TemporaryDirectory("studio-reload")
        let path = try directory.write("scene.json", Self.scene(color: "#102030"))
        let studio = try await StudioHarness.start(scene: path)
        let first = try await studio.get("/api/frame", [("frame", "0")])
        #expect(first.status == 200)
        let firstVersion = try #require(try await studio.get("/api/info").json?["version"] as? Int)

        // Line 2 lacks a comma between two keys: the reader stops at line 2.
        try Self.save("scene.json", Self.scene(color: "#102030").replacingOccurrences(of: "\"scale\": 1,", with: "\"scale\": 1"), in: directory)
        let broken = try await studio.poll("/api/info") { $0.json?["problem"] != nil }
        let problem = try #require(broken.json?["problem"] as? [String: Any])
        #expect(problem["line"] as? Int == 2, "\(problem)")
        #expect(problem["column"] as? Int != nil)
        #expect(problem["file"] as? String == path)
        #expect((problem["message"] as? String)?.hasPrefix("\(path):2:") == true, "\(problem)")
        let kept = try await studio.get("/api/frame", [("frame", "0")])
        #expect(kept.status == 200)
        #expect(kept.body == first.body, "the last good frame stays while the file is broken")

        // A value out of range reads but does not validate: also an error, also placed.
        try Self.save("scene.json", Self.scene(color: "#102030").replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": -3"), in: directory)
        let invalid = try await studio.poll("/api/info") {
            (($0.json?["problem"] as? [String: Any])?["message"] as? String)?.contains("fps") == true
        }
        #expect((invalid.json?["problem"] as? [String: Any])?["line"] as? Int == 2)

        try Self.save("scene.json", Self.scene(color: "#f0e0d0"), in: directory)
        let fixed = try await studio.poll("/api/info") { $0.json?["problem"] == nil }
        #expect(fixed.json?["problem"] == nil)
        #expect((fixed.json?["version"] as? Int ?? 0) > firstVersion)
        let changed = try await studio.get("/api/frame", [("frame", "0")])
        #expect(changed.status == 200)
        #expect(changed.body != first.body, "the fixed file's frame is drawn, not the cached one")
        await studio.stop()
    }

    @Test("A change to a file the scene names (an image) reloads too")
    func referencedFileWatched() async throws {
        let directory = try TemporaryDirectory("studio-referenced")
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>"#
        try directory.write("logo.svg", svg)
        let path = try directory.write("scene.json", """
            {"size": [40, 40], "scale": 1, "fps": 10, "duration": 1,
             "layers": [{"scene": "image", "src": "logo.svg", "size": [40, 40]}]}
            """)
        let studio = try await StudioHarness.start(scene: path)
        let info = try await studio.get("/api/info")
        #expect((info.json?["watched"] as? [String])?.contains(directory.path("logo.svg")) == true)
        let before = try #require(info.json?["version"] as? Int)
        let red = try await studio.get("/api/frame", [("frame", "0")])
        try await Task.sleep(for: .milliseconds(20))
        try Self.save("logo.svg", svg.replacingOccurrences(of: "red", with: "blue") + "\n", in: directory)
        let after = try await studio.poll("/api/info") { ($0.json?["version"] as? Int ?? 0) > before }
        #expect((after.json?["version"] as? Int ?? 0) > before)
        let blue = try await studio.get("/api/frame", [("frame", "0")])
        #expect(blue.status == 200 && blue.body != red.body)
        await studio.stop()
    }
}
