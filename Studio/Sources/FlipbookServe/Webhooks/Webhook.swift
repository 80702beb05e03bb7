import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a job's JSON is POSTed when it ends, and the secret its HMAC-SHA256 signature is made with.
struct Webhook: Codable, Sendable, Equatable {
    var url: String
    var secret: String

    /// Reads `{"url", "secret"}`.
    ///
    /// - Throws: ``ServeError`` 400 naming the pointer.
    init(json: Any) throws {
        guard let object = json as? [String: Any] else { throw ServeError(status: 400, "webhook must be an object {\"url\", \"secret\"}.", pointer: "/webhook") }
        try RenderOrder.rejectUnknownKeys(object, known: ["url", "secret"], what: "a webhook", at: "/webhook")
        guard let url = object["url"] as? String, let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = parsed.host, !host.isEmpty else {
            throw ServeError(status: 400, "webhook.url must be an http or https URL with a host.", pointer: "/webhook/url")
        }
        guard let secret = object["secret"] as? String, !secret.isEmpty else {
            throw ServeError(status: 400, "webhook.secret must be a non-empty string: the key of the HMAC-SHA256 signature.",
                             pointer: "/webhook/secret")
        }
        self.url = url
        self.secret = secret
    }

    /// The URL's host.
    var host: String { URLComponents(string: url)?.host?.lowercased() ?? "" }

    /// `sha256=<hex HMAC-SHA256 of body with secret>`, the X-Flipbook-Signature header's value.
    static func signature(of body: Data, secret: String) -> String {
        "sha256=" + hmacSHA256(key: Array(secret.utf8), message: Array(body)).map { String(format: "%02x", $0) }.joined()
    }

    /// Refuses a host that is, or resolves to, a loopback, private, link-local or unspecified
    /// address, unless `allowed` names it.
    ///
    /// - Throws: ``ServeError`` 400 at `/webhook/url`.
    func checkHost(allowed: Set<String>) throws {
        let host = self.host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if allowed.contains(host) { return }
        for address in Self.addresses(of: host) where Self.isInternal(address) {
            throw ServeError(status: 400, "webhook.url's host \(host) is \(address == host ? "" : "at \(address), ")a loopback or private address, "
                             + "which webhooks may not reach unless the service is started with --allow-webhook-host \(host).",
                             pointer: "/webhook/url")
        }
    }

    /// The numeric addresses `host` stands for: itself when it is one, else what the resolver says.
    static func addresses(of host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0, let first = result else { return [host] }
        defer { freeaddrinfo(first) }
        var found: [String] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let current = node {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(current.pointee.ai_addr, current.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 {
                found.append(String(cString: buffer))
            }
            node = current.pointee.ai_next
        }
        return found.isEmpty ? [host] : found
    }

    /// Whether the numeric `address` is loopback, private, link-local, unique-local or unspecified.
    static func isInternal(_ address: String) -> Bool {
        let lower = address.lowercased()
        if lower.contains(":") {
            return lower == "::1" || lower == "::" || lower.hasPrefix("fe80:") || lower.hasPrefix("fc") || lower.hasPrefix("fd")
                || lower.hasPrefix("::ffff:") && isInternal(String(lower.dropFirst(7)))
        }
        let parts = lower.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 4 else { return lower == "localhost" }
        switch (parts[0], parts[1]) {
        case (127, _), (10, _), (0, _), (192, 168), (169, 254): return true
        case (172, 16...31): return true
        case (100, 64...127): return true
        default: return false
        }
    }
}
