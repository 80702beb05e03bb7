import Flipbook
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `flipbook studio`'s web server: the preview page, the clip's info, its frames drawn by the
/// library, the scene's changes as server-sent events, and renders with their progress.
///
/// ```swift
/// let server = try StudioServer(options: StudioOptions(scene: "card.json", port: 0))
/// try await server.run { url in print("Studio at \(url)") }
/// ```
public struct StudioServer: Sendable {
    /// The options it was made with, checked.
    public let options: StudioOptions
    /// The folder whose scene files the page offers when no scene is given; `nil` is the current
    /// folder (tests give their own).
    var folder: URL?

    /// A server for `options`.
    ///
    /// - Throws: ``FlipbookError`` when the options are not valid (``StudioOptions/validate()``).
    public init(options: StudioOptions) throws {
        try options.validate()
        self.options = options
    }

    /// The page's address for a server listening on `port`, with the token when there is one.
    public func url(port: Int) -> URL {
        let host = options.host.contains(":") && !options.host.hasPrefix("[") ? "[\(options.host)]" : options.host
        var text = "http://\(host):\(port)/"
        if let token = options.token {
            text += "?token=" + (token.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))) ?? token)
        }
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    /// Reads the scene, listens, calls `onListening` with the page's URL (the port the system gave
    /// when ``StudioOptions/port`` is 0), and serves until the task is cancelled or, with
    /// `handleSignals`, until SIGINT or SIGTERM.
    ///
    /// - Throws: the server's error when it cannot listen (the port is taken, the host is not an
    ///   address of this machine).
    public func run(handleSignals: Bool = false, onListening: @escaping @Sendable (URL) -> Void) async throws {
        let studio = try Studio(scene: options.scene, folder: folder)
        defer { studio.uploads.removeAll() }
        await studio.document?.reload()
        let router = Router()
        if let token = options.token { router.add(middleware: TokenMiddleware(token: token)) }
        StudioRoutes(studio: studio).add(to: router)
        var logger = Logger(label: "flipbook-studio")
        logger.logLevel = .critical
        let address = self
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "flipbook-studio"),
            onServerRunning: { channel in
                onListening(address.url(port: channel.localAddress?.port ?? address.options.port))
            },
            logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            group.addTask { await studio.watch() }
            if handleSignals { group.addTask { await StopSignals.wait() } }
            // The first to end (a signal, the server's error) stops the rest: the watcher closes the
            // pages' event streams, so the server's graceful shutdown does not wait for them.
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
