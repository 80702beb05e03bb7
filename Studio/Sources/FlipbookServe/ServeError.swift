import Flipbook
import Foundation

/// A refusal the service answers with: its HTTP status, the message, and the JSON pointer of the
/// value at fault when there is one.
struct ServeError: Error, Sendable {
    var status: Int
    var message: String
    var pointer: String?
    /// Seconds a client should wait before trying again (429).
    var retryAfter: Int?

    init(status: Int, _ message: String, pointer: String? = nil, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.pointer = pointer
        self.retryAfter = retryAfter
    }

    /// A 400 carrying the library's message (`flipbook render`'s own words) and its value's pointer.
    init(_ error: FlipbookError, prefix: String = "") {
        let keyPath = error.location.keyPath
        self.init(status: error.kind == .invalidInput ? 400 : 500, error.description,
                  pointer: keyPath.map { prefix + Self.pointer(fromKeyPath: $0) })
    }

    /// `layers[0].font.size` as a JSON pointer: `/layers/0/font/size`.
    static func pointer(fromKeyPath keyPath: String) -> String {
        guard !keyPath.isEmpty else { return "" }
        var parts: [String] = []
        for segment in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(segment)
            if let bracket = rest.firstIndex(of: "[") {
                parts.append(String(rest[..<bracket]))
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    parts.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                parts.append(String(rest))
            }
        }
        return parts.filter { !$0.isEmpty }
            .map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }
}
