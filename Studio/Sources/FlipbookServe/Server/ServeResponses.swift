import Flipbook
import Foundation
import Hummingbird

/// The service's responses: JSON, bytes, errors as `{"error", "status", "pointer"}`.
enum ServeResponses {
    static let jsonType = "application/json; charset=utf-8"

    static func json(_ object: Any, status: Int = 200, extra: HTTPFields = [:]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return bytes(data, type: jsonType, status: status, extra: extra)
    }

    static func bytes(_ data: Data, type: String, status: Int = 200, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type]
        headers.append(contentsOf: extra)
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func error(_ error: ServeError) -> Response {
        var object: [String: Any] = ["error": error.message, "status": error.status]
        if let pointer = error.pointer { object["pointer"] = pointer }
        var extra: HTTPFields = [:]
        if let retryAfter = error.retryAfter { extra[.retryAfter] = String(retryAfter) }
        return json(object, status: error.status, extra: extra)
    }

    /// Runs `handler`, answering whatever it throws as an error response: no request ends in a crash.
    static func guarded(_ handler: () async throws -> Response) async -> Response {
        do {
            return try await handler()
        } catch let error as ServeError {
            return self.error(error)
        } catch let error as FlipbookError {
            return self.error(ServeError(error))
        } catch {
            return self.error(ServeError(status: 500, "\(error)"))
        }
    }

    /// A body of at most `limit` bytes.
    ///
    /// - Throws: ``ServeError`` 413 for a larger one.
    static func body(of request: Request, limit: Int) async throws -> Data {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw ServeError(status: 413, "The body is \(length) bytes; at most \(limit) are taken.")
        }
        do {
            return Data(try await request.body.collect(upTo: limit).readableBytesView)
        } catch {
            throw ServeError(status: 413, "The body is larger than \(limit) bytes, the most taken.")
        }
    }
}

