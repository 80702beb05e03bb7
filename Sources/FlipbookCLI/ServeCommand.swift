import ArgumentParser
import Flipbook
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FlipbookTool {
    /// `flipbook serve`: starts the render service, `flipbook-serve`, which lives in the Studio
    /// package beside `flipbook-studio` and is found the same way (``StudioProgram``).
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve renders over HTTP: POST a scene, follow its progress, fetch the file.",
            discussion: """
                The API lives under /v1 (renders, their events and files, templates as bundles, stills, \
                health); Studio/Sources/FlipbookServe/API/openapi.yaml documents it. A render's id is the \
                SHA-256 of what it draws, so a request whose file exists is answered at once and identical \
                requests in flight are one job. Jobs are journaled in DIR/journal.sqlite: after a crash, a \
                restart finishes the unfinished ones with the same bytes. Listens on 127.0.0.1 unless \
                --host says otherwise; a host reachable from other machines needs --token (a bearer token). \
                With --cache, every clip's segments are kept, and a request that differs from an earlier \
                one in part renders only the segments the difference reaches (the job's "cache" counts them).

                The server is the flipbook-serve program, in the Studio package of Flipbook's repository \
                (make serve builds it). flipbook runs the one FLIPBOOK_SERVE names, else the one in the \
                repository's Studio/.build of its own configuration, else the one beside it.

                Examples:
                  flipbook serve --data /var/lib/flipbook --jobs 2 --memory 8G
                  flipbook serve --host 0.0.0.0 --token s3cret --port 8080
                  flipbook serve --data /var/lib/flipbook --cache /var/cache/flipbook --cache-limit 20G
                """)

        @Option(help: "The port to listen on; 0 picks a free one. Default 7781.")
        var port: Int?
        @Option(help: ArgumentHelp("The folder for the journal, finished files and templates. Default ./flipbook-data.", valueName: "DIR"))
        var data: String?
        @Option(help: ArgumentHelp("How many renders run at once. Default 2.", valueName: "N"))
        var jobs: Int?
        @Option(help: "The address to listen on. Default 127.0.0.1 (this machine only).")
        var host: String?
        @Option(help: "A bearer token every request must carry; required with a --host other than loopback.")
        var token: String?
        @Option(help: ArgumentHelp("A loopback or private webhook host to allow (repeatable).", valueName: "H"))
        var allowWebhookHost: [String] = []
        @Option(help: ArgumentHelp("The memory the running renders may hold together: a render starts when its estimated "
                                       + "peak fits beside the others'. Default three quarters of the machine's memory.",
                                   valueName: "BYTES"))
        var memory: MemoryBudgetArgument?
        @Option(name: Setting.cache.name, help: Setting.cache.argumentHelp(valueName: "dir"))
        var cache: String?
        @Option(name: Setting.cacheLimit.name, help: Setting.cacheLimit.argumentHelp(valueName: "bytes"))
        var cacheLimit: MemoryBudgetArgument?

        /// The server's arguments: the same as this command's.
        var serverArguments: [String] {
            var arguments: [String] = []
            if let port { arguments += ["--port", String(port)] }
            if let data { arguments += ["--data", data] }
            if let jobs { arguments += ["--jobs", String(jobs)] }
            if let host { arguments += ["--host", host] }
            if let token { arguments += ["--token", token] }
            for name in allowWebhookHost { arguments += ["--allow-webhook-host", name] }
            if let memory { arguments += ["--memory", String(memory.bytes)] }
            if let cache { arguments += ["--cache", cache] }
            if let cacheLimit { arguments += ["--cache-limit", String(cacheLimit.bytes)] }
            return arguments
        }

        func run() throws {
            let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
            let server = try StudioProgram.find(.serve, toolFolder: own.resolvingSymlinksInPath().deletingLastPathComponent(),
                                                environment: ProcessInfo.processInfo.environment)
            var cArguments = ([server.path] + serverArguments).map { strdup($0) }
            cArguments.append(nil)
            defer { for pointer in cArguments { free(pointer) } }
            fflush(nil)
            // Only returns on failure.
            execv(server.path, cArguments)
            let reason = String(cString: strerror(errno))
            throw FlipbookError.file("Cannot start \(server.path): \(reason).", path: server.path)
        }
    }
}
