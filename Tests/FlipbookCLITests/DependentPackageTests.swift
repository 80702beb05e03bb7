import FlipbookTestSupport
import Foundation
import Testing

/// What a package depending on the `Flipbook` library resolves. SwiftPM resolves the dependencies of
/// every product of a package it depends on, not only of the products used, so whatever any root
/// product needs reaches every user: the studio's web server lives in `Studio/` for that reason.
@Suite("A package depending on Flipbook")
struct DependentPackageTests {
    /// `swift` on PATH, which the test runs.
    static let swift: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// The packages the root's products need (Package.swift): SwiftCSV for the library, the argument
    /// parser for the `flipbook` tool. swift-docc-plugin, which no product uses, is not resolved. A
    /// package a root product comes to need reaches every user, so it is added here by hand, on purpose.
    static let expected: Set<String> = ["swift-argument-parser", "swiftcsv"]

    /// Names of the web-server stack Hummingbird stands on, which the root must never resolve.
    static func isWebServer(_ identity: String) -> Bool {
        ["hummingbird", "swift-nio", "async-http-client", "swift-http-", "swift-service-lifecycle", "swift-certificates",
         "swift-crypto", "swift-asn1"].contains { identity.hasPrefix($0) }
    }

    @Test("resolves the root's few dependencies and no web-server package",
          .enabled(if: swift != nil, "swift is not on PATH"))
    func resolvesNoWebServer() throws {
        let directory = try TemporaryDirectory("dependent-package")
        try FileManager.default.createDirectory(at: directory.file("Sources/Dependent"), withIntermediateDirectories: true)
        try directory.write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Dependent",
                platforms: [.macOS(.v13)],
                dependencies: [.package(name: "Flipbook", path: \(String(reflecting: packageRoot.path)))],
                targets: [.executableTarget(name: "Dependent", dependencies: [.product(name: "Flipbook", package: "Flipbook")])]
            )
            """)
        try directory.write("Sources/Dependent/main.swift", "import Flipbook\n")
        // Every cache, record and lock SwiftPM keeps goes into the test's folder, none into the user's
        // (its locks go to TMPDIR).
        try FileManager.default.createDirectory(at: directory.file("tmp"), withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = directory.path("tmp")
        let run = try runProcess(try #require(Self.swift), [
            "package", "--package-path", directory.url.path,
            "--scratch-path", directory.path(".build"), "--cache-path", directory.path("cache"),
            "--config-path", directory.path("configuration"), "--security-path", directory.path("security"),
            "--manifest-cache", "local", "show-dependencies", "--format", "json",
        ], environment: environment)
        try #require(run.status == 0, "swift package show-dependencies failed:\n\(run.error)")
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let flipbook = try #require((graph["dependencies"] as? [[String: Any]])?.first)
        #expect((flipbook["path"] as? String).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                == packageRoot.standardizedFileURL.path)
        let resolved = Self.identities(below: flipbook)
        #expect(resolved.filter(Self.isWebServer).isEmpty, "web-server packages: \(resolved.filter(Self.isWebServer).sorted())")
        #expect(resolved == Self.expected, "resolved: \(resolved.sorted())")
        let lock = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.file("Package.resolved")))
                                as? [String: Any])
        let pins = (lock["pins"] as? [[String: Any]] ?? []).compactMap { $0["identity"] as? String }
        #expect(Set(pins) == Self.expected, "pinned: \(pins.sorted())")
    }

    /// The identities of every package `node` depends on, directly or not.
    static func identities(below node: [String: Any]) -> Set<String> {
        let children = node["dependencies"] as? [[String: Any]] ?? []
        return children.reduce(into: Set<String>()) { found, child in
            if let identity = child["identity"] as? String { found.insert(identity) }
            found.formUnion(identities(below: child))
        }
    }
}
