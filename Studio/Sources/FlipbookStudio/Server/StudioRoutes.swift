import Flipbook
import Foundation
import Hummingbird

/// The studio's URLs:
///
/// - `GET /`: the page; `/studio.js`, `/controls.js`, `/studio.css`: its files (``StudioPage/assets``,
///   served without the token).
/// - `GET /api/info?set=NAME=VALUE…&setting=KEY=VALUE…`: the clip (``ClipInfo``).
/// - `GET /api/frame?frame=N&scale=1|0.5|0.25&set=…&setting=…&lane=L`: a frame as PNG.
/// - `GET /api/scenes`: the scenes the page can open (``SceneChoices``); `POST /api/open`
///   `{"scene": NAME}` opens one of them.
/// - `POST /api/upload?name=FILE`: an image for an image parameter, its bytes as the body; answers
///   `{"path": …, "name": …}`, the path to give as the parameter's value.
/// - `GET /api/events`: server-sent events: `scene` (a new version, or its problem), `render`.
/// - `GET /api/data?file=NAME`: the rows of a data file beside the template.
/// - `POST /api/render` (a ``RenderOrder``), `GET /api/render/ID`, `POST /api/render/ID/cancel`,
///   `GET /api/render/ID/file`: renders.
struct StudioRoutes {
    let studio: Studio

    /// The largest request body read (a render order, a scene's name).
    static let maximumBodySize = 1 << 20

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in Responses.bytes(StudioPage.html, type: "text/html; charset=utf-8") }
        for asset in StudioPage.assets {
            router.get(RouterPath(asset.path)) { _, _ in Responses.bytes(asset.bytes, type: asset.type) }
        }
        router.get("/api/info") { request, _ in
            await Responses.guarded {
                let parameters = request.uri.queryParameters
                let values = try FrameQuery.values(parameters[values: "set"].map(String.init))
                let settings = try FrameQuery.settings(parameters[values: "setting"].map(String.init))
                return try Responses.json(await ClipInfo.make(document: studio.document, folder: studio.folder, values: values,
                                                              settings: settings))
            }
        }
        router.get("/api/frame") { request, _ in
            await Responses.guarded {
                let parameters = request.uri.queryParameters
                let query = try FrameQuery(frame: parameters["frame"].map(String.init), scale: parameters["scale"].map(String.init),
                                           set: parameters[values: "set"].map(String.init),
                                           setting: parameters[values: "setting"].map(String.init))
                let data = try await studio.frame(query, lane: parameters["lane"].map(String.init))
                return Responses.bytes(data, type: "image/png")
            }
        }
        router.get("/api/events") { _, _ in
            let stream = studio.hub.subscribe()
            let first = "retry: 1000\n\nevent: scene\ndata: \(String(decoding: await studio.sceneEvent(), as: UTF8.self))\n\n"
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: first))
                    for await text in stream { try await writer.write(ByteBuffer(string: text)) }
                    try await writer.finish(nil)
                })
        }
        router.get("/api/data") { request, _ in
            await Responses.guarded {
                guard let name = request.uri.queryParameters["file"].map(String.init) else {
                    throw StudioError(status: 400, "file is missing: ask for ?file=NAME, a data file beside the template.")
                }
                guard let sceneFile = studio.document?.fileURL else {
                    throw StudioError(status: 404, "A built-in scene has no data files.")
                }
                let (columns, rows) = try DataFiles.rows(named: name, beside: sceneFile)
                return try Responses.json(DataRows(file: name, columns: columns, rows: rows))
            }
        }
        addSceneRoutes(to: router)
        addRenderRoutes(to: router)
    }

    private func addSceneRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/scenes") { _, _ in
            await Responses.guarded { try Responses.json(studio.choices) }
        }
        router.post("/api/open") { request, _ in
            await Responses.guarded {
                let body = try await request.body.collect(upTo: Self.maximumBodySize)
                guard let order = try? JSONDecoder().decode(OpenOrder.self, from: Data(body.readableBytesView)) else {
                    throw StudioError(status: 400, "The body must be JSON: {\"scene\": NAME}, a name GET /api/scenes lists.")
                }
                try await studio.open(order.scene)
                return try Responses.json(studio.choices)
            }
        }
        router.post("/api/upload") { request, _ in
            await Responses.guarded {
                guard let name = request.uri.queryParameters["name"].map(String.init), !name.isEmpty else {
                    throw StudioError(status: 400, "name is missing: send the image as the body of /api/upload?name=FILE.png.")
                }
                let body: ByteBuffer
                do {
                    body = try await request.body.collect(upTo: ImageUploads.maximumBytes)
                } catch {
                    throw StudioError(status: 413, "An uploaded image must be at most \(ImageUploads.maximumBytes) bytes; "
                                      + "'\(ImageUploads.safeName(name))' is larger.")
                }
                let url = try studio.uploads.store(Data(body.readableBytesView), name: name)
                return try Responses.json(UploadedImage(path: url.path, name: url.lastPathComponent))
            }
        }
    }

    private func addRenderRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/render") { request, _ in
            await Responses.guarded {
                let body = try await request.body.collect(upTo: Self.maximumBodySize)
                let order: RenderOrder
                do {
                    order = try JSONDecoder().decode(RenderOrder.self, from: Data(body.readableBytesView))
                } catch {
                    throw StudioError(status: 400, "The render order must be JSON: {\"output\": \"clip.mp4\", \"values\": {…}, "
                                      + "\"container\", \"codec\", \"quality\"}.")
                }
                guard let document = studio.document, let file = await document.state.file else {
                    throw StudioError(status: 409, "The scene has not read yet (or none is open); fix or choose it first.")
                }
                return try Responses.json(try studio.renders.start(order, scene: document.scene, file: file))
            }
        }
        router.get("/api/render/:id") { _, context in
            await Responses.guarded {
                guard let job = studio.renders.job(try Self.jobID(context)) else { throw StudioError(status: 404, "There is no such render.") }
                return try Responses.json(job)
            }
        }
        router.post("/api/render/:id/cancel") { _, context in
            await Responses.guarded { try Responses.json(try studio.renders.cancel(try Self.jobID(context))) }
        }
        router.get("/api/render/:id/file") { _, context in
            await Responses.guarded {
                let url = try studio.renders.finishedFile(try Self.jobID(context))
                let data: Data
                do {
                    data = try Data(contentsOf: url)
                } catch {
                    throw StudioError(status: 404, "The render's file \(url.lastPathComponent) is gone.")
                }
                let name = url.lastPathComponent.replacingOccurrences(of: "\"", with: "")
                return Responses.bytes(data, type: "application/octet-stream",
                                       extra: [.contentDisposition: "attachment; filename=\"\(name)\""])
            }
        }
    }

    private static func jobID(_ context: BasicRequestContext) throws -> Int {
        guard let id = context.parameters.get("id", as: Int.self) else {
            throw StudioError(status: 400, "A render's id is a whole number.")
        }
        return id
    }
}

/// A data file's rows, as `GET /api/data` sends them.
struct DataRows: Codable, Sendable {
    var file: String
    var columns: [String]
    var rows: [[String: String]]
}

/// What `POST /api/open` asks for: a scene's name as `GET /api/scenes` lists it.
struct OpenOrder: Codable, Sendable {
    var scene: String
}

/// An uploaded image: the path to give as an image parameter's value, and its file's name.
struct UploadedImage: Codable, Sendable {
    var path: String
    var name: String
}
