import Flipbook
import FlipbookStudio
import Foundation
import Hummingbird
import Logging

/// `flipbook serve`'s HTTP server: the render service's routes over Hummingbird.
///
/// ```swift
/// let server = try ServeServer(options: ServeOptions(data: URL(fileURLWithPath: "data"), port: 0))
/// try await server.run { url in print("Serving at \(url)") }
/// ```
public struct ServeServer: Sendable {
    public let options: ServeOptions

    /// A server for `options`, checked.
    ///
    /// - Throws: ``FlipbookError`` for options that are not valid (``ServeOptions/validate()``).
    public init(options: ServeOptions) throws {
        try options.validate()
        self.options = options
    }

    /// Opens the journal (re-queuing the jobs a stopped service left), listens, calls `onListening`
    /// with the base URL, and serves until the task is cancelled or, with `handleSignals`, SIGINT or SIGTERM.
    public func run(handleSignals: Bool = false, onListening: @escaping @Sendable (URL) -> Void) async throws {
        try await run(handleSignals: handleSignals, serviceReady: { _ in }, onListening: onListening)
    }

    func run(handleSignals: Bool = false, serviceReady: (RenderService) -> Void,
             onListening: @escaping @Sendable (URL) -> Void) async throws {
        let service = try RenderService(options: options)
        try await service.recover()
        serviceReady(service)
        let router = Router()
        if let token = options.token { router.add(middleware: BearerMiddleware(token: token)) }
        ServeRoutes(service: service, stills: StillRenderer(templates: service.templates, folder: options.data.appendingPathComponent("stills")),
                    options: options).add(to: router)
        var logger = Logger(label: "flipbook-serve")
        logger.logLevel = .critical
        let host = options.host.contains(":") && !options.host.hasPrefix("[") ? "[\(options.host)]" : options.host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "flipbook-serve"),
            onServerRunning: { channel in
                onListening(URL(string: "http://\(host):\(channel.localAddress?.port ?? 0)") ?? URL(fileURLWithPath: "/"))
            },
            logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            if handleSignals { group.addTask { await StopSignals.wait() } }
            defer { Task { await service.shutdown() } }
            do {
                try await group.next()
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }
}

/// Refuses, with 401, a request without `Authorization: Bearer TOKEN`.
struct BearerMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let given = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let given, Self.equal(given, token) else {
            return ServeResponses.error(ServeError(status: 401, "This service needs its token: send Authorization: Bearer TOKEN."))
        }
        return try await next(request, context)
    }

    /// Compares every byte, so the time taken does not tell how much of a guess was right.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) { difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0) }
        return difference == 0
    }
}
