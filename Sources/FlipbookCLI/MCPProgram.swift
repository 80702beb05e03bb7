import Flipbook
import Foundation

/// Where `flipbook mcp` finds the server it runs, `flipbook-mcp`: a package of its own (`MCP/` in
/// Flipbook's repository), so that neither the library nor this tool resolves the MCP SDK; `make mcp`
/// builds it into `MCP/.build/debug`. Found as the studio's server is (``StudioProgram``).
enum MCPProgram {
    /// The server's executable name.
    static let name = "flipbook-mcp"
    /// The environment variable naming the server's executable; it wins over every other place.
    static let environmentVariable = "FLIPBOOK_MCP"

    /// The file ``environmentVariable`` names; else, inside Flipbook's repository, the MCP package's
    /// build of the same configuration; else `flipbook-mcp` beside `flipbook`.
    ///
    /// - Throws: ``FlipbookError`` (`.file`) naming the places looked in and the command that builds it.
    static func find(toolFolder: URL, environment: [String: String]) throws -> URL {
        if let named = environment[environmentVariable], !named.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: named) else {
                throw FlipbookError.file(
                    "\(environmentVariable) names \(named), which is not an executable file: set it to the \(name) program, or unset it.",
                    path: named)
            }
            return URL(fileURLWithPath: named)
        }
        let configuration = toolFolder.lastPathComponent
        let repository = StudioProgram.repository(containing: toolFolder)
        let places = (repository.map {
            [$0.appendingPathComponent("MCP/.build").appendingPathComponent(configuration).appendingPathComponent(name)]
        } ?? []) + [toolFolder.appendingPathComponent(name)]
        if let found = places.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) { return found }
        let build = configuration == "release" ? "swift build -c release --package-path MCP --product \(name)" : "make mcp"
        throw FlipbookError.file(
            "flipbook mcp runs the \(name) program, which is not built: there is no "
                + places.map(\.path).joined(separator: " nor ") + ". "
                + (repository.map { "Build it in \($0.path) with: \(build)" } ?? "Build it in Flipbook's repository with: \(build)")
                + " (or name it with \(environmentVariable)=PATH).",
            path: places[0].path)
    }
}
