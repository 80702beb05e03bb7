import Flipbook
@testable import FlipbookServe
import Foundation
import Testing

/// `flipbook serve --cache`: every job's segments go through the operator's segment cache.
@Suite("flipbook serve's segment cache")
struct SegmentCacheServeTests {
    /// 64×36 at 5 fps for 8 s with a keyframe every second and no lookahead: four segments of ten
    /// frames (as the library's own cache tests cut it); the caption shows in the last one only.
    static func scene(caption: String) -> [String: Any] {
        [
            "size": [64, 36], "scale": 1, "fps": 5, "duration": 8, "background": "white",
            "layers": [
                ["scene": "shape", "shape": "rect", "size": [20, 10], "fill": "red", "end": 1],
                ["scene": "text", "text": caption, "font": ["size": 10], "color": "black", "start": 6.8],
            ] as [Any],
        ]
    }

    static var settings: [String: Any] { ["keyframeInterval": 1, "lookahead": 0] }

    /// Posts `caption`'s scene, waits for its end, and returns the job and the file's bytes.
    static func render(_ serve: ServeHarness, caption: String) async throws -> (job: [String: Any], file: Data) {
        let posted = try await serve.post(["scene": scene(caption: caption), "settings": settings])
        #expect(posted.status == 202, "\(posted.text)")
        let id = try #require(posted.json?["id"] as? String)
        #expect(try await serve.events(id).last?.0 == "done")
        let job = try #require(try await serve.send("GET", "/v1/renders/\(id)").json)
        return (job, try await serve.send("GET", "/v1/renders/\(id)/file").body)
    }

    @Test("an edit late in the clip renders one of four segments again; the file is flipbook render's bytes")
    func lateEditReusesTheRest() async throws {
        try await ServeHarness.running(jobs: 1, cached: true) { serve in
            let first = try await Self.render(serve, caption: "Hello")
            #expect(first.job["cache"] as? [String: Int] == ["segments": 4, "reused": 0], "\(first.job)")
            let edited = try await Self.render(serve, caption: "Hallo")
            #expect(edited.job["cache"] as? [String: Int] == ["segments": 4, "reused": 3], "\(edited.job)")
            let expected = try serve.cliRender(scene: Self.scene(caption: "Hallo"),
                                               settings: ["keyframeInterval": "1", "lookahead": "0"], output: "cli.mp4")
            #expect(edited.file == expected)
            let entries = try FileManager.default.contentsOfDirectory(atPath: serve.folder.file("cache").path)
            #expect(entries.filter { $0.hasSuffix(".segment") }.count == 5, "\(entries)")
        }
    }

    @Test("without --cache a job says nothing of segments, and a client cannot name a cache")
    func noCacheNoCount() async throws {
        try await ServeHarness.running(jobs: 1) { serve in
            let refused = try await serve.post(["scene": smallScene(), "settings": ["cache": "/tmp/x"]])
            #expect(refused.status == 400 && refused.text.contains("/settings/cache"), "\(refused.text)")
            let posted = try await serve.post(["scene": smallScene()])
            let id = try #require(posted.json?["id"] as? String)
            #expect(try await serve.events(id).last?.0 == "done")
            #expect(try await serve.send("GET", "/v1/renders/\(id)").json?["cache"] == nil)
        }
    }

    @Test("--cache naming a file and a --cache-limit of 0 are refused before anything listens")
    func badOptions() throws {
        let folder = try ScratchFolder("serve-cache-options")
        let file = folder.file("plain")
        try Data("x".utf8).write(to: file)
        let onFile = try #require(throws: FlipbookError.self) {
            try ServeOptions(data: folder.file("data"), cache: file).validate()
        }
        #expect(onFile.description == "--cache must be a folder; \(file.path) is a file.")
        let zero = try #require(throws: FlipbookError.self) {
            try ServeOptions(data: folder.file("data"), cache: folder.file("cache"), cacheLimit: 0).validate()
        }
        #expect(zero.description == "--cache-limit must be more than 0 bytes; it is 0.")
    }
}
