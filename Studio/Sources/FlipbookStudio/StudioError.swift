import Flipbook
import Foundation

/// A request the studio refuses or cannot answer: an HTTP status and a message a person can act on,
/// sent as `{"error": …}`, with the file, line and column when the problem is in a file.
struct StudioError: Error, Sendable {
    /// The HTTP status: 400 for a bad request, 401 without the token, 404, 409 while the scene has
    /// no good version, 500 for a failure on the server.
    var status: Int
    var message: String
    var location: FlipbookError.Location?

    init(status: Int, _ message: String, location: FlipbookError.Location? = nil) {
        self.status = status
        self.message = message
        self.location = location
    }

    /// A library error as a response: a user's mistake is the request's (400), anything else the server's (500).
    init(_ error: FlipbookError) {
        let status = error.kind == .invalidInput ? 400 : error.kind == .interrupted ? 503 : 500
        self.init(status: status, error.description, location: error.location)
    }

    /// Any error as a response.
    init(any error: any Error) {
        if let error = error as? StudioError {
            self = error
        } else if let error = error as? FlipbookError {
            self.init(error)
        } else {
            self.init(status: 500, "\(error)")
        }
    }

    /// The JSON object sent: `error`, and `file`, `line`, `column`, `keyPath` when known.
    var json: [String: any Sendable] {
        var object: [String: any Sendable] = ["error": message, "status": status]
        if let location {
            if let file = location.file { object["file"] = file }
            if let line = location.line { object["line"] = line }
            if let column = location.column { object["column"] = column }
            if let keyPath = location.keyPath { object["keyPath"] = keyPath }
        }
        return object
    }
}
