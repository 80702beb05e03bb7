import ArgumentParser
import Flipbook
import FlipbookServe
import Foundation

/// `flipbook-serve`, which `flipbook serve` starts: the render service in a program of its own, so
/// that the `flipbook` tool and the library never build the server's dependencies.
struct ServeTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook-serve",
        abstract: "Serve renders over HTTP (started by `flipbook serve`).")

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = ServeOptions.defaultPort
    @Option(help: "The folder for the journal, finished files and templates.")
    var data: String = "flipbook-data"
    @Option(help: "How many renders run at once.")
    var jobs: Int = ServeOptions.defaultJobs
    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"
    @Option(help: "A bearer token every request must carry; required with a --host other than loopback.")
    var token: String?
    @Option(help: "A loopback or private webhook host to allow (repeatable).")
    var allowWebhookHost: [String] = []
    @Option(help: ArgumentHelp("The memory the running renders may hold together (8G, 512M); a render starts when its "
                               + "estimate fits. Default: three quarters of the machine's memory."))
    var memory: String?
    @Option(help: ArgumentHelp(Setting.cache.help, valueName: "dir"))
    var cache: String?
    @Option(help: ArgumentHelp(Setting.cacheLimit.help, valueName: "bytes"))
    var cacheLimit: String?

    /// `text` as bytes (8G, 512M), or exit 2 naming `flag`.
    func bytes(_ text: String?, flag: String) throws -> Int? {
        guard let text else { return nil }
        guard let bytes = MemoryAmount.bytes(text) else {
            FileHandle.standardError.write(Data("error: \(flag) must be an amount of memory such as 8G or 512M; it is \(text).\n".utf8))
            throw ExitCode(2)
        }
        return bytes
    }

    func run() async throws {
        let options = ServeOptions(data: URL(fileURLWithPath: data), host: host, port: port, token: token, jobs: jobs,
                                   allowedWebhookHosts: Set(allowWebhookHost.map { $0.lowercased() }),
                                   memoryBudget: try bytes(memory, flag: "--memory"),
                                   cache: cache.map { URL(fileURLWithPath: $0) }, cacheLimit: try bytes(cacheLimit, flag: "--cache-limit"))
        let server: ServeServer
        do {
            server = try ServeServer(options: options)
        } catch let error as FlipbookError {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        do {
            try await server.run(handleSignals: true) { url in
                print("flipbook serve: \(url.absoluteString)/v1  (data in \(options.data.path); Ctrl-C stops)")
                fflush(nil)
            }
        } catch {
            FileHandle.standardError.write(Data("error: cannot serve on \(host):\(port): \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

do {
    let command = try ServeTool.parse()
    try await command.run()
} catch {
    ServeTool.exit(withError: error)
}
