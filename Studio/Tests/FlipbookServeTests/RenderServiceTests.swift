import Flipbook
@testable import FlipbookServe
import Foundation
import Testing

/// `POST /v1/renders` and what follows: the file, its events, identical requests, cancel.
@Suite("flipbook serve's renders")
struct RenderServiceTests {
    @Test("the served file equals flipbook render's bytes, with ETag and ranges; asking again is answered at once")
    func servedFileEqualsRender() async throws {
        try await ServeHarness.running { serve in
            let scene = smallScene()
            let posted = try await serve.post(["scene": scene, "settings": ["crf": 30]])
            #expect(posted.status == 202, "\(posted.text)")
            let id = try #require(posted.json?["id"] as? String)
            #expect(id.count == 64 && posted.json?["digest"] as? String == id)
            let events = try await serve.events(id)
            let counts = events.compactMap { $0.1["framesEncoded"] as? Int }
            #expect(events.last?.0 == "done", "\(events.map(\.0))")
            #expect(counts == counts.sorted() && counts.last == 5, "\(counts)")
            #expect(events.dropLast().allSatisfy { $0.0 == "progress" })
            let file = try await serve.send("GET", "/v1/renders/\(id)/file")
            #expect(file.status == 200 && file.headers["etag"] == "\"\(id)\"" && file.headers["content-type"] == "video/mp4")
            let expected = try serve.cliRender(scene: scene, settings: ["crf": "30"], output: "cli.mp4")
            #expect(file.body == expected)
            let range = try await serve.send("GET", "/v1/renders/\(id)/file", headers: ["Range": "bytes=10-19"])
            #expect(range.status == 206 && range.body == expected[10...19] && range.headers["content-range"] == "bytes 10-19/\(expected.count)")
            let cached = try await serve.send("GET", "/v1/renders/\(id)/file", headers: ["If-None-Match": "\"\(id)\""])
            #expect(cached.status == 304)
            let again = try await serve.post(["scene": scene, "settings": ["crf": 30]])
            #expect(again.status == 200 && again.json?["id"] as? String == id && again.json?["status"] as? String == "done")
            let status = try await serve.send("GET", "/v1/renders/\(id)")
            #expect(status.json?["status"] as? String == "done" && status.json?["progress"] as? Double == 1)
            let plan = status.json?["plan"] as? [String: Any]
            #expect(plan?["width"] as? Int == 64 && plan?["height"] as? Int == 48 && plan?["frames"] as? Int == 5, "\(status.text)")
        }
    }

    @Test("ten identical requests at once are one job")
    func identicalRequestsAreOneJob() async throws {
        try await ServeHarness.running { serve in
            let body = try JSONSerialization.data(withJSONObject: ["scene": smallScene(seconds: 1), "output": "webm"])
            let replies = try await withThrowingTaskGroup(of: ServeHarness.Reply.self) { group in
                for _ in 0..<10 { group.addTask { try await serve.send("POST", "/v1/renders", body: body) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let ids = Set(replies.compactMap { $0.json?["id"] as? String })
            #expect(ids.count == 1 && replies.allSatisfy { [200, 202].contains($0.status) }, "\(replies.map(\.text))")
            let id = try #require(ids.first)
            #expect(try await serve.events(id).last?.0 == "done")
            let service = try #require(serve.service)
            #expect(await service.startedCount == 1)
            #expect(serve.files == ["\(id).webm"])
        }
    }

    @Test("cancelling a running render leaves no file and forgets it")
    func cancelLeavesNothing() async throws {
        try await ServeHarness.running { serve in
            let posted = try await serve.post(["scene": smallScene(seconds: 600), "settings": ["size": "640x480"]])
            let id = try #require(posted.json?["id"] as? String)
            // Until it has drawn something, so the cancel reaches a running render.
            for _ in 0..<200 {
                if let frames = try await serve.send("GET", "/v1/renders/\(id)").json?["framesEncoded"] as? Int, frames > 0 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            let cancelled = try await serve.send("DELETE", "/v1/renders/\(id)")
            #expect(cancelled.status == 200 && cancelled.json?["status"] as? String == "cancelled", "\(cancelled.text)")
            // Its stream ends `cancelled`, or it is forgotten already (404).
            let stream = try await serve.send("GET", "/v1/renders/\(id)/events")
            #expect(stream.status == 404 || stream.text.contains("event: cancelled"), "\(stream.text)")
            var gone = false
            for _ in 0..<100 where !gone {
                gone = try await serve.send("GET", "/v1/renders/\(id)").status == 404
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(gone)
            #expect(serve.files.isEmpty, "\(serve.files)")
        }
    }
}
