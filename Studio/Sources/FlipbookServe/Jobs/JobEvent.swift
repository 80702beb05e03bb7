import Foundation

/// What a job's event stream says: progress with frame counts and ETA, then `done` or `failed`
/// (`cancelled` ends a cancelled job's stream).
struct JobEvent: Sendable {
    enum Kind: String, Sendable { case progress, done, failed, cancelled }
    var kind: Kind
    var framesEncoded: Int
    var totalFrames: Int
    var eta: Double?
    var error: String?

    var isLast: Bool { kind != .progress }

    /// The event as Server-Sent Events text.
    var sse: String {
        var object: [String: Any] = ["framesEncoded": framesEncoded, "totalFrames": totalFrames]
        // Milliseconds are all a client can use of an estimate.
        if let eta { object["eta"] = (eta * 1000).rounded() / 1000 }
        if let error { object["error"] = error }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return "event: \(kind.rawValue)\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
    }
}
