import Flipbook
@testable import FlipbookServe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A test's own folder, removed when the value goes away (the Studio tests keep the same helper:
/// the root's test-support target is not a product).
final class ScratchFolder: @unchecked Sendable {
    let url: URL
    init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The repository's root, found from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A small scene that renders quickly: 64×48, 10 fps, `seconds` long.
func smallScene(seconds: Double = 0.5) -> [String: Any] {
    [
        "size": [64, 48], "scale": 1, "fps": 10, "duration": seconds, "background": "white",
        "layers": [
            ["scene": "ripples", "ripples": [["center": [32, 24], "start": 0, "color": "blue"]], "speed": 60],
            ["scene": "confetti", "seed": 3, "bursts": [["count": 20]]],
        ] as [Any],
    ]
}

/// A render service running in this process on a free port, and a small HTTP client for it.
final class ServeHarness: @unchecked Sendable {
    // @unchecked: `task` and `base` are set once in `start` before any other use.
    private var task: Task<Void, any Error>?
    private(set) var base = URL(fileURLWithPath: "/")
    /// The service behind the routes, for what the API does not show (how many renders started).
    fileprivate(set) var service: RenderService?
    let options: ServeOptions
    let folder: ScratchFolder

    private init(options: ServeOptions, folder: ScratchFolder) {
        self.options = options
        self.folder = folder
    }

    static func start(jobs: Int = 2, queueLimit: Int = 64, bodyLimit: Int = 64 << 20, keepBytes: Int64 = 1 << 30,
                      allowedWebhookHosts: Set<String> = [], memoryBudget: Int? = nil, cached: Bool = false) async throws -> ServeHarness {
        let folder = try ScratchFolder("serve")
        let options = ServeOptions(data: folder.file("data"), port: 0, jobs: jobs, queueLimit: queueLimit, keepBytes: keepBytes,
                                   bodyLimit: bodyLimit, allowedWebhookHosts: allowedWebhookHosts, memoryBudget: memoryBudget,
                                   cache: cached ? folder.file("cache") : nil)
        let harness = ServeHarness(options: options, folder: folder)
        let server = try ServeServer(options: options)
        let (listening, continuation) = AsyncStream.makeStream(of: URL.self)
        harness.task = Task { try await server.run(serviceReady: { harness.service = $0 }) { url in continuation.yield(url) } }
        for await url in listening {
            harness.base = url
            break
        }
        return harness
    }

    /// Runs `body` with a service started with the given settings, then stops it (when `body`
    /// throws too) and removes its folder, before the test ends.
    static func running(jobs: Int = 2, queueLimit: Int = 64, bodyLimit: Int = 64 << 20, keepBytes: Int64 = 1 << 30,
                        allowedWebhookHosts: Set<String> = [], memoryBudget: Int? = nil, cached: Bool = false,
                        _ body: (ServeHarness) async throws -> Void) async throws {
        let serve = try await start(jobs: jobs, queueLimit: queueLimit, bodyLimit: bodyLimit, keepBytes: keepBytes,
                                    allowedWebhookHosts: allowedWebhookHosts, memoryBudget: memoryBudget, cached: cached)
        do {
            try await body(serve)
        } catch {
            await serve.stop()
            throw error
        }
        await serve.stop()
    }

    /// Stops the server and removes its folder: the server's task holds the harness, so the folder
    /// would otherwise outlive the test.
    func stop() async {
        task?.cancel()
        _ = await task?.result
        task = nil
        try? FileManager.default.removeItem(at: folder.url)
    }

    struct Reply {
        var status: Int
        var body: Data
        var headers: [String: String]
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// A client that keeps up to 200 connections to the server (URLSession's default is 6 a host,
    /// which would queue a load test's clients in the client).
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.httpMaximumConnectionsPerHost = 200
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }()

    func url(_ path: String) -> URL { URL(string: base.absoluteString + path)! }

    func send(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: url(path), timeoutInterval: 60)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return Reply(status: http.statusCode, body: data, headers: fields)
    }

    func post(_ object: Any) async throws -> Reply {
        try await send("POST", "/v1/renders", body: try JSONSerialization.data(withJSONObject: object),
                       headers: ["Content-Type": "application/json"])
    }

    /// The events of render `id`, read to the end of the stream: (name, data object) pairs.
    func events(_ id: String) async throws -> [(String, [String: Any])] {
        let reply = try await send("GET", "/v1/renders/\(id)/events")
        var events: [(String, [String: Any])] = []
        for block in reply.text.components(separatedBy: "\n\n") where !block.isEmpty {
            var name = "", data: [String: Any] = [:]
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") {
                    data = (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any]) ?? [:]
                }
            }
            events.append((name, data))
        }
        return events
    }

    /// Renders `scene` with `settings` through the library as `flipbook render` does, into `name`.
    func cliRender(scene: [String: Any], settings: [String: String] = [:], output: String) throws -> Data {
        let sceneFile = folder.file("cli-\(UUID().uuidString.prefix(6)).json")
        try JSONSerialization.data(withJSONObject: scene, options: [.sortedKeys]).write(to: sceneFile)
        return try cliRender(scenePath: sceneFile.path, settings: settings, output: output)
    }

    func cliRender(scenePath: String, values: [String: String] = [:], settings: [String: String] = [:], output: String) throws -> Data {
        var sceneRequest = SceneRequest(scene: scenePath)
        sceneRequest.parameterValues = values
        var request = RenderRequest(scene: sceneRequest, output: folder.file(output).path)
        for (key, value) in settings { try request.set(Settings.setting(forKey: key)!, to: .text(value)) }
        try request.plan(expecting: .clip).run()
        return try Data(contentsOf: folder.file(output))
    }

    /// Files left in the service's files folder.
    var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: options.data.appendingPathComponent("files").path)) ?? []).sorted()
    }
}
