import Flipbook
@testable import FlipbookServe
import Foundation
import Testing

/// Requests the service refuses: each answered 400, 404 or 413 with its message at once, nothing queued.
@Suite("flipbook serve refuses bad input")
struct BadInputTests {
    @Test("malformed JSON, unknown keys, out-of-range values, files outside, big bodies, bad names, refused hooks, huge stills")
    func refusals() async throws {
        try await ServeHarness.running(bodyLimit: 64 << 10) { serve in
            func post(_ body: Data) async throws -> ServeHarness.Reply {
                try await serve.send("POST", "/v1/renders", body: body, headers: ["Content-Type": "application/json"])
            }
            let malformed = try await post(Data("{\"scene\": ".utf8))
            #expect(malformed.status == 400 && (malformed.json?["error"] as? String ?? "").hasPrefix("The request body is not valid JSON"))
            let unknown = try await serve.post(["scene": smallScene(), "colour": "red"])
            #expect(unknown.status == 400 && unknown.json?["pointer"] as? String == "/colour", "\(unknown.text)")
            let unknownSetting = try await serve.post(["scene": smallScene(), "settings": ["crff": 3]])
            #expect(unknownSetting.status == 400 && unknownSetting.json?["pointer"] as? String == "/settings/crff", "\(unknownSetting.text)")

            // Out of range: the same message as flipbook render's, at the value's pointer.
            let crf = try await serve.post(["scene": smallScene(), "settings": ["crf": 99]])
            let expected = try #require(planError(settings: ["crf": "99"], serve: serve))
            #expect(crf.status == 400 && crf.json?["error"] as? String == expected.description && crf.json?["pointer"] as? String == "/settings/crf",
                    "\(crf.text) vs \(expected)")
            var badScene = smallScene()
            badScene["fps"] = 5000
            let fps = try await serve.post(["scene": badScene])
            #expect(fps.status == 400 && fps.json?["pointer"] as? String == "/scene/fps" && (fps.json?["error"] as? String ?? "").contains("fps"),
                    "\(fps.text)")

            var outside = smallScene()
            outside["layers"] = [["scene": "image", "src": "/etc/hostname"]]
            let file = try await serve.post(["scene": outside])
            #expect(file.status == 400 && (file.json?["error"] as? String ?? "").contains("/layers/0/src names /etc/hostname, which is outside the request"),
                    "\(file.text)")
            let big = try await post(Data(repeating: 0x20, count: 70 << 10))
            #expect(big.status == 413, "\(big.text)")
            let climbing = try await serve.send("PUT", "/v1/templates/..%2Fescape", body: Data("x".utf8))
            #expect([400, 404].contains(climbing.status) && climbing.json?["error"] != nil, "\(climbing.status) \(climbing.text)")
            let noTemplate = try await serve.post(["template": "nothing"])
            #expect(noTemplate.status == 404 && noTemplate.json?["pointer"] as? String == "/template")
            let dotted = try await serve.post(["template": "../card"])
            #expect(dotted.status == 400 && dotted.json?["pointer"] as? String == "/template")
            let hook = try await serve.post(["scene": smallScene(), "webhook": ["url": "http://127.0.0.1:9/hook", "secret": "s"]])
            #expect(hook.status == 400 && hook.json?["pointer"] as? String == "/webhook/url"
                    && (hook.json?["error"] as? String ?? "").contains("--allow-webhook-host 127.0.0.1"), "\(hook.text)")
            let privateHook = try await serve.post(["scene": smallScene(), "webhook": ["url": "https://10.1.2.3/hook", "secret": "s"]])
            #expect(privateHook.status == 400, "\(privateHook.text)")
            let still = try await serve.send("GET", "/v1/stills/card.png?size=20000x630")
            #expect([400, 404].contains(still.status) && still.json?["error"] != nil, "\(still.text)")
            let health = try await serve.send("GET", "/v1/health")
            #expect(health.json?["running"] as? Int == 0 && health.json?["waiting"] as? Int == 0)
            #expect(serve.files.isEmpty)
            let service = try #require(serve.service)
            #expect(await service.startedCount == 0)
        }
    }

    @Test("a full queue answers 429 with Retry-After")
    func fullQueue() async throws {
        try await ServeHarness.running(jobs: 1, queueLimit: 1) { serve in
            var statuses: [Int] = []
            var retry: String?
            for seed in 0..<4 {
                let scene = smallScene(seconds: 600 + Double(seed) / 10)
                let reply = try await serve.post(["scene": scene, "settings": ["size": "640x480"]])
                statuses.append(reply.status)
                if reply.status == 429 { retry = reply.headers["retry-after"] }
            }
            #expect(statuses.filter { $0 == 202 }.count == 2 && statuses.filter { $0 == 429 }.count == 2, "\(statuses)")
            #expect(retry == "5")
        }
    }

    /// The error `flipbook render` gives for the small scene with `settings`.
    func planError(settings: [String: String], serve: ServeHarness) -> FlipbookError? {
        do {
            _ = try serve.cliRender(scene: smallScene(), settings: settings, output: "never.mp4")
            return nil
        } catch {
            return error as? FlipbookError
        }
    }
}
