import Flipbook
import Foundation

/// How `flipbook studio` serves a scene: the scene, the address it listens on, and the token every
/// request must carry when the address is reachable from other machines.
public struct StudioOptions: Sendable, Equatable {
    /// A built-in scene's name or the path of a scene file; `nil` opens none, and the page offers the
    /// built-in scenes and the scene files of the current folder.
    public var scene: String?
    /// The address to listen on. Default `127.0.0.1`: only this machine.
    public var host: String
    /// The port; 0 picks any free port (the server prints the one it got).
    public var port: Int
    /// The secret every request must carry (`?token=` or `Authorization: Bearer`); required for a
    /// host other than loopback, optional otherwise.
    public var token: String?

    /// The address used when none is given.
    public static let defaultHost = "127.0.0.1"
    /// The port used when none is given.
    public static let defaultPort = 7780
    /// The ports a server may listen on; 0 asks the system for a free one.
    public static let portRange = 0...65535

    /// Options for `scene` (`nil`: choose one in the page); the address defaults to this machine only.
    public init(scene: String? = nil, host: String = defaultHost, port: Int = defaultPort, token: String? = nil) {
        self.scene = scene
        self.host = host
        self.port = port
        self.token = token
    }

    /// Checks the options before anything listens.
    ///
    /// - Throws: ``FlipbookError`` of kind `.invalidInput`: a port outside ``portRange``, an empty
    ///   host or token, or a host other than loopback without a token.
    public func validate() throws {
        guard Self.portRange.contains(port) else {
            throw FlipbookError(invalid: "port", "must be between 0 and 65535 (0 picks a free port); it is \(port).",
                                at: .init(flag: "--port"))
        }
        guard !host.isEmpty else {
            throw FlipbookError(invalid: "host", "must be an address such as 127.0.0.1; it is empty.", at: .init(flag: "--host"))
        }
        if let token, token.isEmpty {
            throw FlipbookError(invalid: "token", "must not be empty.", at: .init(flag: "--token"))
        }
        if token == nil, !Self.isLoopback(host) {
            throw FlipbookError(
                invalid: "host", "'\(host)' is reachable from other machines, so --token T is required: every request "
                    + "must then carry the token.", at: .init(flag: "--host"))
        }
    }

    /// Whether `host` names this machine only: `localhost`, `127.0.0.0/8` or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in UInt8(part).map { _ in true } ?? false }
    }
}
