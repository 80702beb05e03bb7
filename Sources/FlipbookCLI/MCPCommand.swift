import ArgumentParser
import Flipbook
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FlipbookTool {
    /// `flipbook mcp [--root DIR]`: runs `flipbook-mcp` (``StudioProgram/Program/mcp``) in its place, so the MCP
    /// client talks to it on this process's standard input and output.
    struct MCP: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mcp",
            abstract: "Serve Flipbook's tools to an AI agent over the Model Context Protocol (stdio): schema, check, render_still, render_sheet, render, compare.",
            discussion: """
                A scene is given inline as a JSON object or as a path inside --root; no file outside it is \
                read or written. Long renders report progress and can be cancelled.

                The server is the flipbook-mcp program, in the Studio package of Flipbook's repository (make \
                mcp builds it). flipbook runs the one FLIPBOOK_MCP names, else the one in the repository's \
                Studio/.build of its own configuration, else the one beside it.

                Register it with an MCP client, for example:
                  claude mcp add flipbook -- flipbook mcp --root /path/to/scenes
                """)

        @Option(help: ArgumentHelp("The folder scenes are read from and outputs written to. Default: the current folder.",
                                   valueName: "DIR"))
        var root: String?

        func run() throws {
            let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
            let server = try StudioProgram.find(.mcp, toolFolder: own.resolvingSymlinksInPath().deletingLastPathComponent(),
                                             environment: ProcessInfo.processInfo.environment)
            let argv = [server.path] + (root.map { ["--root", $0] } ?? [])
            var cArguments = argv.map { strdup($0) }
            cArguments.append(nil)
            defer { for pointer in cArguments { free(pointer) } }
            fflush(nil)
            // Only returns on failure.
            execv(server.path, cArguments)
            throw FlipbookError.file("Cannot start \(server.path): \(String(cString: strerror(errno))).", path: server.path)
        }
    }
}
