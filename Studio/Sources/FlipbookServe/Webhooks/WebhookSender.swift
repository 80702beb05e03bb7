import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Delivers a finished job's JSON to its webhook, signed (`X-Flipbook-Signature: sha256=…`),
/// retried with doubling waits until an answer in 2xx or the attempts run out; every attempt is
/// logged in the journal.
struct WebhookSender: Sendable {
    let journal: Journal
    /// Attempts in all.
    var attempts = 4
    /// The wait before the second attempt; it doubles after each.
    var firstWait: Double = 0.5

    func deliver(_ record: JobRecord, to webhook: Webhook) {
        let body = JobJSON.data(record)
        Task.detached {
            var wait = firstWait
            for attempt in 1...attempts {
                var request = URLRequest(url: URL(string: webhook.url)!, timeoutInterval: 10)
                request.httpMethod = "POST"
                request.httpBody = body
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue(Webhook.signature(of: body, secret: webhook.secret), forHTTPHeaderField: "X-Flipbook-Signature")
                var status: Int?
                var failure: String?
                do {
                    let (_, response) = try await URLSession.shared.data(for: request)
                    status = (response as? HTTPURLResponse)?.statusCode
                } catch {
                    failure = error.localizedDescription
                }
                try? journal.log(DeliveryRecord(job: record.id, attempt: attempt, time: Date().timeIntervalSince1970,
                                                status: status, error: failure))
                if let status, (200..<300).contains(status) { return }
                try? await Task.sleep(nanoseconds: UInt64(wait * 1e9))
                wait *= 2
            }
        }
    }
}
