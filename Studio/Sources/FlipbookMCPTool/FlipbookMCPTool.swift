import ArgumentParser
import Flipbook
import FlipbookMCP
import Foundation

/// `flipbook-mcp [--root DIR]`, which `flipbook mcp` runs: the MCP server on standard input and output.
@main
struct FlipbookMCPTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook-mcp",
        abstract: "Serve Flipbook's tools over the Model Context Protocol on standard input and output.")

    @Option(help: ArgumentHelp("The folder scenes are read from and outputs written to; nothing outside it is. Default: the current folder.",
                               valueName: "DIR"))
    var root: String = FileManager.default.currentDirectoryPath

    func run() async throws {
        let folder: AllowedFolder
        do {
            folder = try AllowedFolder(root)
        } catch let error as FlipbookError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        try await FlipbookServer.run(folder: folder)
    }
}

