import Foundation
import Hummingbird

/// The responses the studio sends: JSON, PNG, the page's text, errors as JSON.
enum Responses {
    static let jsonType = "application/json; charset=utf-8"

    /// `value` encoded as JSON.
    static func json(_ value: some Encodable, status: Int = 200) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return bytes(try encoder.encode(value), type: jsonType, status: status)
    }

    /// `error` as `{"error": …, "status": …, "file"…}` with its status.
    static func error(_ error: StudioError) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: error.json, options: [.sortedKeys])) ?? Data("{}".utf8)
        return bytes(data, type: jsonType, status: error.status)
    }

    /// Bytes of the given type, never cached by the browser (frames carry their version instead).
    static func bytes(_ data: Data, type: String, status: Int = 200, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Runs `handler`, turning anything it throws into an error response, so no request ends in a
    /// crash or a bare 500.
    static func guarded(_ handler: () async throws -> Response) async -> Response {
        do {
            return try await handler()
        } catch {
            return self.error(StudioError(any: error))
        }
    }
}
