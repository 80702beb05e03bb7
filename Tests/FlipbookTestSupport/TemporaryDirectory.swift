import Foundation

/// A fresh directory for one test's files, removed when the value goes away. The one helper every
/// test uses for scratch files.
public final class TemporaryDirectory: @unchecked Sendable {
    // @unchecked: `url` never changes after init; the directory itself is the test's own.

    /// The directory.
    public let url: URL

    /// Makes `<tmp>/flipbook-<prefix>-<random>`.
    public init(_ prefix: String = "test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` inside the directory.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { file(name).path }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: file(name))
        return path(name)
    }

    /// The names of the files in the directory, hidden ones included, sorted.
    public var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// The hidden `.partial` files left in the directory.
    public var partialFiles: [String] { contents.filter { $0.hasSuffix(".partial") } }

    deinit { try? FileManager.default.removeItem(at: url) }
}
