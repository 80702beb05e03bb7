import Flipbook
import Foundation
import Hummingbird

/// The service's URLs (documented in API/openapi.yaml, which a test checks against ``routes``):
///
/// - `POST /v1/renders`, `GET /v1/renders/{id}`, `GET /v1/renders/{id}/events`,
///   `GET /v1/renders/{id}/file`, `DELETE /v1/renders/{id}`
/// - `PUT /v1/templates/{name}`, `GET /v1/templates`, `GET /v1/stills/{name}.png`
/// - `GET /v1/health`, `GET /v1/openapi.yaml`
struct ServeRoutes: Sendable {
    let service: RenderService
    let stills: StillRenderer
    let options: ServeOptions

    /// Every route, as method and path with `{parameters}`: what the OpenAPI file must document.
    static let routes: [(method: String, path: String)] = [
        ("post", "/v1/renders"), ("get", "/v1/renders/{id}"), ("get", "/v1/renders/{id}/events"),
        ("get", "/v1/renders/{id}/file"), ("delete", "/v1/renders/{id}"), ("put", "/v1/templates/{name}"),
        ("get", "/v1/templates"), ("get", "/v1/stills/{name}.png"), ("get", "/v1/health"), ("get", "/v1/openapi.yaml"),
    ]

    func add(to router: Router<BasicRequestContext>) {
        router.post("/v1/renders") { request, _ in
            await ServeResponses.guarded {
                let body = try await ServeResponses.body(of: request, limit: options.bodyLimit)
                let record = try await service.submit(body)
                let status = record.status == .done ? 200 : 202
                return ServeResponses.json(JobJSON.object(record), status: status,
                                           extra: [.location: "/v1/renders/\(record.id)"])
            }
        }
        router.get("/v1/renders/:id") { _, context in
            await ServeResponses.guarded { ServeResponses.json(JobJSON.object(try await service.job(try Self.id(context)))) }
        }
        router.delete("/v1/renders/:id") { _, context in
            await ServeResponses.guarded { ServeResponses.json(JobJSON.object(try await service.cancel(try Self.id(context)))) }
        }
        router.get("/v1/renders/:id/events") { _, context in
            await ServeResponses.guarded {
                let stream = try await service.events(try Self.id(context))
                return Response(
                    status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                    body: ResponseBody { writer in
                        for await event in stream { try await writer.write(ByteBuffer(string: event.sse)) }
                        try await writer.finish(nil)
                    })
            }
        }
        router.get("/v1/renders/:id/file") { request, context in
            await ServeResponses.guarded {
                let record = try await service.job(try Self.id(context))
                guard record.status == .done else {
                    throw ServeError(status: 409, "Render \(record.id) is \(record.status.rawValue), not done.")
                }
                return try FileResponse.response(for: await service.fileURL(record.id, output: record.output), etag: record.id,
                                                 type: Self.contentType(record.output), request: request)
            }
        }
        router.put("/v1/templates/:name") { request, context in
            await ServeResponses.guarded {
                let name = try Self.name(context)
                try TemplateStore.check(name: name)
                let body = try await ServeResponses.body(of: request, limit: options.bodyLimit)
                let manifest = try service.templates.put(name, bundle: body)
                return ServeResponses.json(["name": name, "flipbook": manifest.flipbook, "files": manifest.files.count], status: 201)
            }
        }
        router.get("/v1/templates") { _, _ in
            await ServeResponses.guarded { ServeResponses.json(["templates": service.templates.names()]) }
        }
        router.get("/v1/stills/:file") { request, context in
            await ServeResponses.guarded {
                let file = try Self.name(context)
                guard file.hasSuffix(".png") else { throw ServeError(status: 404, "A still is /v1/stills/NAME.png.") }
                let query = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
                let (data, etag) = try await Task.detached { try stills.still(name: String(file.dropLast(4)), query: query) }.value
                if request.headers[.ifNoneMatch] == "\"\(etag)\"" { return Response(status: .notModified, headers: [.eTag: "\"\(etag)\""]) }
                return ServeResponses.bytes(data, type: "image/png", extra: [.eTag: "\"\(etag)\"", .cacheControl: "public, max-age=86400"])
            }
        }
        router.get("/v1/health") { _, _ in
            let (running, waiting) = service.counts()
            return ServeResponses.json(["status": "ok", "flipbook": FlipbookVersion.current, "running": running, "waiting": waiting,
                                        "jobs": options.jobs, "queueLimit": options.queueLimit])
        }
        router.get("/v1/openapi.yaml") { _, _ in
            ServeResponses.bytes(Data(PackageResources.openapi_yaml), type: "application/yaml")
        }
    }

    /// A render's id: 64 lowercase hexadecimal digits.
    static func id(_ context: BasicRequestContext) throws -> String {
        let id = context.parameters.get("id") ?? ""
        guard id.count == 64, id.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw ServeError(status: 404, "There is no render '\(id.prefix(80))': an id is 64 hexadecimal digits.")
        }
        return id
    }

    /// A path parameter as sent, refusing encoded slashes and `..` before anything looks it up.
    static func name(_ context: BasicRequestContext) throws -> String {
        let raw = context.parameters.get("name") ?? context.parameters.get("file") ?? ""
        guard !raw.contains("%"), !raw.contains("/"), !raw.contains("\\"), !raw.contains("..") else {
            throw ServeError(status: 400, "A template's name may not hold '..', slashes or percent escapes; it is '\(raw.prefix(80))'.")
        }
        return raw
    }

    static func contentType(_ output: String) -> String {
        switch output {
        case "mp4": "video/mp4"
        case "mov": "video/quicktime"
        case "webm": "video/webm"
        case "mkv": "video/x-matroska"
        case "gif": "image/gif"
        case "apng": "image/apng"
        case "webp": "image/webp"
        default: "application/octet-stream"
        }
    }
}
