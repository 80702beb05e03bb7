import Flipbook
@testable import FlipbookStudio
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A studio server running in this process on a free port, and a small HTTP client for it.
final class StudioHarness: @unchecked Sendable {
    // @unchecked: `task` and `base` are set once in `start` before any other use.
    private var task: Task<Void, any Error>?
    /// The page's URL, with the token when the server has one.
    private(set) var base: URL = URL(fileURLWithPath: "/")
    let options: StudioOptions

    init(scene: String?, token: String? = nil) {
        options = StudioOptions(scene: scene, port: 0, token: token)
    }

    /// Starts the server and waits until it listens; without a scene, `folder` stands for the
    /// current folder the page lists scene files from.
    static func start(scene: String?, token: String? = nil, folder: URL? = nil) async throws -> StudioHarness {
        let harness = StudioHarness(scene: scene, token: token)
        var server = try StudioServer(options: harness.options)
        server.folder = folder
        let (listening, continuation) = AsyncStream.makeStream(of: URL.self)
        harness.task = Task { try await server.run { url in continuation.yield(url) } }
        for await url in listening {
            harness.base = url
            break
        }
        return harness
    }

    func stop() async {
        task?.cancel()
        _ = await task?.result
    }

    /// The URL of `path` with `query`, the token added when the server has one and `withToken`.
    func url(_ path: String, _ query: [(String, String)] = [], withToken: Bool = true) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.path = path
        var items = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        if withToken, let token = options.token { items.append(URLQueryItem(name: "token", value: token)) }
        components.queryItems = items.isEmpty ? nil : items
        // `+` is a space to some servers; say it as %2B.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    struct Reply {
        var status: Int
        var body: Data
        var contentType: String?
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    func get(_ path: String, _ query: [(String, String)] = [], withToken: Bool = true, headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: url(path, query, withToken: withToken))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    func post(_ path: String, json: Any) async throws -> Reply {
        try await post(path, body: try JSONSerialization.data(withJSONObject: json), type: "application/json")
    }

    func post(_ path: String, _ query: [(String, String)] = [], body: Data, type: String) async throws -> Reply {
        var request = URLRequest(url: url(path, query))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue(type, forHTTPHeaderField: "Content-Type")
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> Reply {
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return Reply(status: http.statusCode, body: data, contentType: http.value(forHTTPHeaderField: "Content-Type"))
    }

    /// Asks `path` until `done` holds for the reply, for at most `seconds`.
    func poll(_ path: String, _ query: [(String, String)] = [], seconds: Double = 10,
              until done: (Reply) -> Bool) async throws -> Reply {
        let deadline = Date().addingTimeInterval(seconds)
        var reply = try await get(path, query)
        while !done(reply), Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            reply = try await get(path, query)
        }
        return reply
    }
}
