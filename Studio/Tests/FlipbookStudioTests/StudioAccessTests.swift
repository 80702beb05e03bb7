import Flipbook
@testable import FlipbookStudio
import Foundation
import Testing

@Suite("Studio access")
struct StudioAccessTests {
    @Test("With a token, a request without it gets 401; with it (query or bearer) it is served")
    func token() async throws {
        let studio = try await StudioHarness.start(scene: "ripples", token: "s3cret")
        #expect(studio.base.query == "token=s3cret")
        for path in ["/", "/api/info", "/api/frame", "/api/events", "/api/scenes"] {
            let refused = try await studio.get(path, [("frame", "0")], withToken: false)
            #expect(refused.status == 401, "\(path)")
            #expect((refused.json?["error"] as? String)?.contains("token") == true)
        }
        // The page's own scripts and style hold nothing of the scene, and its tags cannot carry the token.
        for path in ["/studio.js", "/controls.js", "/studio.css"] {
            #expect(try await studio.get(path, withToken: false).status == 200, "\(path)")
        }
        #expect(try await studio.get("/api/info", withToken: false, headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(try await studio.get("/api/info", withToken: false, headers: ["Authorization": "Bearer s3cret"]).status == 200)
        #expect(try await studio.get("/api/frame", [("frame", "0"), ("scale", "0.25")]).status == 200)
        await studio.stop()
    }

    @Test("A host other than loopback without a token is refused before anything listens")
    func nonLoopbackNeedsToken() throws {
        #expect(throws: FlipbookError.self) { try StudioServer(options: StudioOptions(scene: "confetti", host: "0.0.0.0")) }
        let error = try #require(throws: FlipbookError.self) {
            try StudioServer(options: StudioOptions(scene: "confetti", host: "192.0.2.1"))
        }
        #expect(error.description.contains("--token"))
        _ = try StudioServer(options: StudioOptions(scene: "confetti", host: "0.0.0.0", token: "t"))
        _ = try StudioServer(options: StudioOptions(scene: "confetti", host: "127.0.0.2"))
        _ = try StudioServer(options: StudioOptions(scene: "confetti", host: "localhost"))
        #expect(throws: FlipbookError.self) { try StudioServer(options: StudioOptions(scene: "confetti", port: 70000)) }
        #expect(StudioOptions.isLoopback("::1"))
        #expect(!StudioOptions.isLoopback("127.0.0.1.example.com"))
    }

    @Test("Unknown renders and bad render orders get 4xx JSON")
    func badRenderRequests() async throws {
        let studio = try await StudioHarness.start(scene: "confetti")
        #expect(try await studio.get("/api/render/42").status == 404)
        #expect(try await studio.get("/api/render/42/file").status == 404)
        let escape = try await studio.post("/api/render", json: ["output": "../escape.mp4", "values": [String: String]()])
        #expect(escape.status == 400)
        #expect((escape.json?["error"] as? String)?.contains("without a folder") == true)
        let codec = try await studio.post("/api/render", json: ["output": "x.mp4", "values": [String: String](), "codec": "divx"])
        #expect(codec.status == 400)
        await studio.stop()
    }
}
