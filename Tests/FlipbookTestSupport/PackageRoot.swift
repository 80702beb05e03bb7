import Foundation

/// The package's root directory, found from this file's place in it, for the tests that read its
/// fixtures, documents and build products.
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // FlipbookTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

/// The file or directory at `path`, relative to the package's root.
public func packageFile(_ path: String) -> URL { packageRoot.appendingPathComponent(path) }
