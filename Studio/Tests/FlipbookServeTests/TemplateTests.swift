import Flipbook
@testable import FlipbookServe
import Foundation
import Testing

/// Templates PUT as bundles, rendered by name, and stills of them.
@Suite("flipbook serve's templates and stills")
struct TemplateTests {
    @Test("a bundle PUT as a template renders and draws stills the same as its scene file")
    func templateRendersAndStills() async throws {
        try await ServeHarness.running { serve in
            let card = repositoryRoot.appendingPathComponent("Fixtures/Templates/card.json")
            let bundle = serve.folder.file("card.fbz")
            try SceneBundle.write(scene: card, to: bundle)
            let put = try await serve.send("PUT", "/v1/templates/card", body: try Data(contentsOf: bundle))
            #expect(put.status == 201, "\(put.text)")
            #expect(try await serve.send("GET", "/v1/templates").json?["templates"] as? [String] == ["card"])
            var tampered = try Data(contentsOf: bundle)
            tampered[tampered.count / 2] ^= 0xFF
            let refused = try await serve.send("PUT", "/v1/templates/broken", body: tampered)
            #expect(refused.status == 400 && (refused.json?["error"] as? String ?? "").contains("broken"), "\(refused.text)")

            let settings: [String: Any] = ["size": "160x90", "fps": 10, "duration": 0.4]
            let posted = try await serve.post(["template": "card", "set": ["name": "Ada"], "settings": settings])
            let id = try #require(posted.json?["id"] as? String, "\(posted.text)")
            #expect(try await serve.events(id).last?.0 == "done")
            let file = try await serve.send("GET", "/v1/renders/\(id)/file")
            let expected = try serve.cliRender(scenePath: card.path, values: ["name": "Ada"],
                                               settings: ["size": "160x90", "fps": "10", "duration": "0.4"], output: "card.mp4")
            #expect(file.body == expected)

            let still = try await serve.send("GET", "/v1/stills/card.png?time=1&size=320x180&name=Ada")
            #expect(still.status == 200 && still.headers["content-type"] == "image/png", "\(still.text)")
            var request = RenderRequest(scene: { var s = SceneRequest(scene: card.path); s.parameterValues = ["name": "Ada"]
                                                 s.size = PixelSize(width: 320, height: 180); return s }(),
                                        output: serve.folder.file("still.png").path)
            request.time = 1
            try request.plan(expecting: .still).run()
            #expect(still.body == (try Data(contentsOf: serve.folder.file("still.png"))))
            let etag = try #require(still.headers["etag"])
            let again = try await serve.send("GET", "/v1/stills/card.png?time=1&size=320x180&name=Ada", headers: ["If-None-Match": etag])
            #expect(again.status == 304)
            let late = try await serve.send("GET", "/v1/stills/card.png?time=99999")
            #expect(late.status == 400 && late.json?["pointer"] as? String == "/time")
        }
    }
}
