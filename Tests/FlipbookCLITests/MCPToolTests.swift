import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook mcp`: it runs the Studio package's `flipbook-mcp`, or says how to build it.
@Suite("flipbook mcp")
struct MCPToolTests {
    @Test("a server FLIPBOOK_MCP names that is not a program: exit 1, the variable named")
    func notAProgram() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["FLIPBOOK_MCP"] = "/nonexistent/flipbook-mcp"
        let run = try Tool.run(["mcp"], environment: environment)
        #expect(run.status == 1)
        #expect(run.error == "error: FLIPBOOK_MCP names /nonexistent/flipbook-mcp, which is not an executable file: "
                + "set it to the flipbook-mcp program, or unset it.\n")
    }

    @Test("the server it runs answers initialize on standard input and output, before ending with its input", .enabled(
        if: FileManager.default.isExecutableFile(atPath: packageFile("Studio/.build/debug/flipbook-mcp").path),
        "make mcp builds Studio/.build/debug/flipbook-mcp"))
    func runsTheServer() throws {
        let scratch = try TemporaryDirectory.cli()
        let request = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        let input = try scratch.write("input.jsonl", request + "\n")
        let run = try runProcess(URL(fileURLWithPath: "/bin/sh"),
                                 ["-c", "\"$0\" mcp --root \"$1\" < \"$2\"", Tool.executable.path, scratch.url.path, input])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains(#""serverInfo":{"name":"flipbook","version":"0.1.0"}"#), "\(run.output)")
    }
}
