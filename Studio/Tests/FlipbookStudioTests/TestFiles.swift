import Foundation

// The two helpers of the root's Tests/FlipbookTestSupport these tests use, kept here: that target is
// not a product of the root package, and making it one would offer every user of `Flipbook` a test
// library they have no use for.

/// A fresh directory for one test's files, removed when the value goes away.
final class TemporaryDirectory: @unchecked Sendable {
    // @unchecked: `url` never changes after init; the directory itself is the test's own.

    /// The directory.
    let url: URL

    /// Makes `<tmp>/flipbook-<prefix>-<random>`.
    init(_ prefix: String = "test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` inside the directory.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { file(name).path }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: file(name))
        return path(name)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The repository's root (the root package's folder, which holds `Fixtures/`), found from this
/// file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // FlipbookStudioTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // Studio
    .deletingLastPathComponent()

/// The file or directory at `path`, relative to the repository's root.
func packageFile(_ path: String) -> URL { repositoryRoot.appendingPathComponent(path) }
