import Foundation
import Hummingbird

/// A finished file's bytes: the whole, or one `Range: bytes=A-B`, with its ETag (the job's digest);
/// `If-None-Match` with that ETag is answered 304.
enum FileResponse {
    static func response(for url: URL, etag: String, type: String, request: Request) throws -> Response {
        let quoted = "\"\(etag)\""
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == quoted }) {
            return Response(status: .notModified, headers: [.eTag: quoted])
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ServeError(status: 404, "The file of render \(etag) is gone: POST the request again to render it.")
        }
        var headers: HTTPFields = [.contentType: type, .eTag: quoted, .acceptRanges: "bytes"]
        guard let range = request.headers[.range] else {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        guard let (start, end) = parse(range, size: data.count) else {
            headers[.contentRange] = "bytes */\(data.count)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
        headers[.contentRange] = "bytes \(start)-\(end)/\(data.count)"
        return Response(status: .partialContent, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data[start...end])))
    }

    /// `bytes=A-B`, `bytes=A-` or `bytes=-N` within `size`; `nil` for anything else.
    static func parse(_ header: String, size: Int) -> (Int, Int)? {
        guard header.hasPrefix("bytes="), size > 0 else { return nil }
        let spec = header.dropFirst(6)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let count = Int(last), count > 0 else { return nil }
            return (max(0, size - count), size - 1)
        }
        guard let start = Int(first), start < size else { return nil }
        guard !last.isEmpty else { return (start, size - 1) }
        guard let end = Int(last), end >= start else { return nil }
        return (start, min(end, size - 1))
    }
}
