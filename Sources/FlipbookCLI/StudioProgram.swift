import Flipbook
import Foundation

/// Where `flipbook studio` finds the server it starts, `flipbook-studio`. The server is a package of
/// its own (`Studio/` in Flipbook's repository) so that neither the library nor this tool resolves a
/// web-server package; `make studio` builds it into `Studio/.build/debug`.
/// `flipbook serve`'s program, `flipbook-serve`, and `flipbook mcp`'s, `flipbook-mcp`, live in the same
/// package and are found the same way.
enum StudioProgram {
    /// The server's executable name.
    static let name = "flipbook-studio"
    /// The environment variable naming the server's executable; it wins over every other place.
    static let environmentVariable = "FLIPBOOK_STUDIO"

    /// A program of the Studio package: its executable name, the variable naming it, the command starting it.
    struct Program {
        var name: String
        var environmentVariable: String
        var command: String

        /// `flipbook-studio`, for `flipbook studio`.
        static let studio = Program(name: StudioProgram.name, environmentVariable: StudioProgram.environmentVariable, command: "studio")
        /// `flipbook-serve`, for `flipbook serve`.
        static let serve = Program(name: "flipbook-serve", environmentVariable: "FLIPBOOK_SERVE", command: "serve")
        /// `flipbook-mcp`, for `flipbook mcp`.
        static let mcp = Program(name: "flipbook-mcp", environmentVariable: "FLIPBOOK_MCP", command: "mcp")

        /// The command that builds the program's debug build: `make studio`, `make serve`, `make mcp`.
        var makeCommand: String { "make \(command)" }
    }

    /// The server for a `flipbook` in `toolFolder`: the file ``environmentVariable`` names; else, when
    /// `toolFolder` lies inside Flipbook's repository, the Studio package's build of the same
    /// configuration (`Studio/.build/<debug|release>/flipbook-studio`); else `flipbook-studio` beside
    /// `flipbook` (an installed pair). In a repository the Studio build comes first: the root package
    /// does not build the server, so one beside `flipbook` there is a leftover of an older layout.
    ///
    /// - Throws: ``FlipbookError`` (`.file`) naming the places looked in and the command that
    ///   builds the server, or the file ``environmentVariable`` names when it is not a program.
    static func find(_ program: Program = .studio, toolFolder: URL, environment: [String: String]) throws -> URL {
        let name = program.name, environmentVariable = program.environmentVariable
        if let named = environment[environmentVariable], !named.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: named) else {
                throw FlipbookError.file(
                    "\(environmentVariable) names \(named), which is not an executable file: "
                        + "set it to the \(name) program, or unset it.", path: named)
            }
            return URL(fileURLWithPath: named)
        }
        let configuration = toolFolder.lastPathComponent
        let repository = repository(containing: toolFolder)
        let places = (repository.map { [studioBuild(in: $0, configuration: configuration, program: name)] } ?? [])
            + [toolFolder.appendingPathComponent(name)]
        if let found = places.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) { return found }
        let build = configuration == "release"
            ? "swift build -c release --package-path Studio --product \(name)" : program.makeCommand
        throw FlipbookError.file(
            "flipbook \(program.command) runs the \(name) program, which is not built: there is no "
                + places.map(\.path).joined(separator: " nor ") + ". "
                + (repository.map { "Build it in \($0.path) with: \(build)" }
                    ?? "Build it in Flipbook's repository with: \(build)")
                + " (or name it with \(environmentVariable)=PATH).",
            path: places[0].path)
    }

    /// Where the Studio package's build of `configuration` puts the server.
    static func studioBuild(in repository: URL, configuration: String, program: String = name) -> URL {
        repository.appendingPathComponent("Studio/.build").appendingPathComponent(configuration).appendingPathComponent(program)
    }

    /// The nearest folder at or above `folder` holding `Studio/Package.swift`: Flipbook's repository.
    static func repository(containing folder: URL) -> URL? {
        var candidate = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Studio/Package.swift").path) {
                return candidate
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return nil }
            candidate = parent
        }
    }
}
