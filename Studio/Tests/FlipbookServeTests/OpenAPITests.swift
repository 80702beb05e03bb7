@testable import FlipbookServe
import Foundation
import Testing

/// The OpenAPI file documents exactly the routes the server has, and each answers.
@Suite("flipbook serve's OpenAPI file")
struct OpenAPITests {
    /// The (method, path) pairs under `paths:` in the YAML text.
    static func documented(_ yaml: String) -> Set<String> {
        var found: Set<String> = []
        var path: String?
        var inPaths = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, !line.hasPrefix(" "), !line.isEmpty { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") { path = String(line.dropFirst(2).dropLast()) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("    "), !line.hasPrefix("     "), let path,
               ["get:", "post:", "put:", "delete:"].contains(trimmed) {
                found.insert("\(trimmed.dropLast()) \(path)")
            }
        }
        return found
    }

    @Test("every route is documented and every documented route is served")
    func documentMatchesRoutes() async throws {
        let yaml = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)
        let routes = Set(ServeRoutes.routes.map { "\($0.method) \($0.path)" })
        #expect(Self.documented(yaml) == routes, "documented: \(Self.documented(yaml).sorted()); routes: \(routes.sorted())")
        try await ServeHarness.running { serve in
            let id = String(repeating: "a", count: 64)
            for route in ServeRoutes.routes {
                let path = route.path.replacingOccurrences(of: "{id}", with: id).replacingOccurrences(of: "{name}", with: "none")
                let reply = try await serve.send(route.method.uppercased(), path, body: route.method == "get" || route.method == "delete" ? nil : Data("{}".utf8))
                // A route the router lacks answers 404 with an empty body; every route here answers in JSON or its content.
                #expect(!(reply.status == 404 && reply.json?["error"] == nil), "\(route) \(reply.status) \(reply.text)")
            }
            let served = try await serve.send("GET", "/v1/openapi.yaml")
            #expect(served.body == Data(PackageResources.openapi_yaml))
        }
    }
}
