import ArgumentParser
import Flipbook
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FlipbookTool {
    /// `flipbook studio`: starts the preview server, `flipbook-studio`, a package of its own
    /// (`Studio/`) so that the tool and the library never resolve the server's dependencies.
    struct Studio: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Preview a scene in the browser while you edit it: scrub, play, tune its parameters, render.",
            discussion: """
                Serves a local page that shows the renderer's own frames; saving the scene file (or a file \
                it names) shows the new frame, and an edit that does not read shows its error with \
                file:line:column while the last good frame stays. Listens on 127.0.0.1 unless --host \
                says otherwise; a host reachable from other machines needs --token, which every request \
                must then carry (the printed URL has it). Without a scene, the page offers the built-in \
                scenes and the scene files (JSON and Lottie) of the current folder, and opens the one chosen.

                The server is the flipbook-studio program, the Studio package of Flipbook's repository \
                (make studio builds it). flipbook runs the one FLIPBOOK_STUDIO names, else the one in the \
                repository's Studio/.build of its own configuration (debug or release), else the one beside it.

                Examples:
                  flipbook studio Fixtures/Templates/card.json
                  flipbook studio
                  flipbook studio party.json --port 0
                  flipbook studio party.json --host 0.0.0.0 --token s3cret
                """)

        @Argument(help: ArgumentHelp("The scene to preview; without one, the page offers the built-in scenes and the folder's scene files.",
                                     valueName: "confetti|ripples|FILE.json"))
        var scene: String?
        @Option(help: "The port to listen on; 0 picks a free one. Default 7780.")
        var port: Int?
        @Option(help: "The address to listen on. Default 127.0.0.1 (this machine only).")
        var host: String?
        @Option(help: "A secret every request must carry; required with a --host other than loopback.")
        var token: String?

        /// The server's arguments: the same as this command's.
        var serverArguments: [String] {
            var arguments = scene.map { [$0] } ?? []
            if let port { arguments += ["--port", String(port)] }
            if let host { arguments += ["--host", host] }
            if let token { arguments += ["--token", token] }
            return arguments
        }

        func run() throws {
            let server = try Self.serverExecutable()
            let argv = [server.path] + serverArguments
            var cArguments = argv.map { strdup($0) }
            cArguments.append(nil)
            defer { for pointer in cArguments { free(pointer) } }
            fflush(nil)
            // Only returns on failure.
            execv(server.path, cArguments)
            let reason = String(cString: strerror(errno))
            throw FlipbookError.file("Cannot start \(server.path): \(reason).", path: server.path)
        }

        /// The server for this `flipbook` (``StudioProgram/find(toolFolder:environment:)``).
        ///
        /// - Throws: ``FlipbookError`` saying how to build it when it is not found.
        static func serverExecutable() throws -> URL {
            let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
            return try StudioProgram.find(toolFolder: own.resolvingSymlinksInPath().deletingLastPathComponent(),
                                          environment: ProcessInfo.processInfo.environment)
        }
    }
}
