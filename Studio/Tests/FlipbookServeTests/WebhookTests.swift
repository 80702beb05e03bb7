@testable import FlipbookServe
import Foundation
import Hummingbird
import Testing

/// Webhooks: a finished job's JSON POSTed with a signature the receiver can check.
@Suite("flipbook serve's webhooks")
struct WebhookTests {
    /// What a receiver got: the body and the signature header.
    actor Received {
        var deliveries: [(body: Data, signature: String?)] = []
        func add(_ body: Data, _ signature: String?) { deliveries.append((body, signature)) }
    }

    /// RFC 4231's test cases 1, 2 and 6: a short key, a key shorter than the data, and a key longer
    /// than SHA-256's block, which is hashed first.
    @Test("the signature's HMAC-SHA256 gives RFC 4231's figures")
    func hmacMatchesRFC4231() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(hmacSHA256(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
                    == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(hex(hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                    == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(hex(hmacSHA256(key: [UInt8](repeating: 0xaa, count: 131),
                               message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                    == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test("the webhook's X-Flipbook-Signature is the HMAC-SHA256 of its body with the secret; each delivery is logged")
    func signatureVerifies() async throws {
        let received = Received()
        let router = Router()
        // The first attempt is answered 500, so the delivery is retried.
        let attempts = Received()
        router.post("/hook") { request, _ -> Response in
            let body = Data(try await request.body.collect(upTo: 1 << 20).readableBytesView)
            await attempts.add(body, nil)
            guard await attempts.deliveries.count > 1 else { return Response(status: .internalServerError) }
            await received.add(body, request.headers.first { $0.name.canonicalName == "x-flipbook-signature" }?.value)
            return Response(status: .ok)
        }
        let (listening, continuation) = AsyncStream.makeStream(of: Int.self)
        let receiver = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                                   onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) })
        let receiverTask = Task { try await receiver.run() }
        defer { receiverTask.cancel() }
        var port = 0
        for await value in listening { port = value; break }

        try await ServeHarness.running(allowedWebhookHosts: ["127.0.0.1"]) { serve in
            let secret = "hook-secret"
            let posted = try await serve.post(["scene": smallScene(), "webhook": ["url": "http://127.0.0.1:\(port)/hook", "secret": secret]])
            let id = try #require(posted.json?["id"] as? String, "\(posted.text)")
            #expect(try await serve.events(id).last?.0 == "done")
            for _ in 0..<100 where await received.deliveries.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
            let delivery = try #require(await received.deliveries.first)
            let expected = hmacSHA256(key: Array(secret.utf8), message: Array(delivery.body))
            #expect(delivery.signature == "sha256=" + expected.map { String(format: "%02x", $0) }.joined())
            #expect(delivery.signature != Webhook.signature(of: delivery.body, secret: "another"))
            let job = try #require(try JSONSerialization.jsonObject(with: delivery.body) as? [String: Any])
            #expect(job["id"] as? String == id && job["status"] as? String == "done")
            let service = try #require(serve.service)
            var log = try service.journal.deliveries(of: id)
            for _ in 0..<100 where log.count < 2 {
                try await Task.sleep(for: .milliseconds(50))
                log = try service.journal.deliveries(of: id)
            }
            #expect(log.map(\.status) == [500, 200], "\(log)")
        }
    }
}
