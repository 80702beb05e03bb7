import ArgumentParser
import Flipbook
import FlipbookStudio
import Foundation

/// `flipbook-studio`, which `flipbook studio` starts: the studio's server in a program of its own,
/// so that the `flipbook` tool and the library never build the server's dependencies.
struct StudioTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook-studio",
        abstract: "Serve Flipbook Studio, the live preview page of a scene (started by `flipbook studio`).")

    @Argument(help: ArgumentHelp("The scene to preview; without one, the page offers the built-in scenes and the folder's scene files.",
                                 valueName: "confetti|ripples|FILE.json"))
    var scene: String?
    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = StudioOptions.defaultPort
    @Option(help: "The address to listen on.")
    var host: String = StudioOptions.defaultHost
    @Option(help: "A secret every request must carry; required with a --host other than loopback.")
    var token: String?

    func run() async throws {
        let options = StudioOptions(scene: scene, host: host, port: port, token: token)
        let server: StudioServer
        do {
            server = try StudioServer(options: options)
        } catch let error as FlipbookError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        do {
            try await server.run(handleSignals: true) { url in
                print("Flipbook Studio: \(url.absoluteString)  (\(options.scene ?? "choose a scene in the page"); Ctrl-C stops)")
                fflush(nil)
            }
        } catch {
            FileHandle.standardError.write(Data("error: cannot serve on \(host):\(port): \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

// Parsed and run by hand: ArgumentParser's `main()` cannot run an async root command from main.swift.
do {
    let command = try StudioTool.parse()
    try await command.run()
} catch {
    StudioTool.exit(withError: error)
}
