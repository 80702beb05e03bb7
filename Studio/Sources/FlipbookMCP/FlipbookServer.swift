import Flipbook
import Foundation
import MCP

/// `flipbook mcp`'s server: the tools of ``FlipbookTools`` over MCP, on standard input and output
/// until the client closes them.
public enum FlipbookServer {
    public static func run(folder: AllowedFolder, transport: any Transport = BoundedStdioTransport()) async throws {
        let server = Server(
            name: "flipbook", version: "0.1.0",
            instructions: "Write Flipbook scene files, check them with the check tool (fix every finding), look with render_still or render_sheet, then render.",
            capabilities: .init(tools: .init(listChanged: false)))
        let tools = FlipbookTools(folder: folder)
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: FlipbookTools.list) }
        await server.withMethodHandler(CallTool.self) { parameters in
            let progress = parameters._meta?.progressToken.map { token in
                ProgressReporter(server: server, token: token).report
            }
            return try await tools.call(parameters.name, arguments: parameters.arguments ?? [:], progress: progress)
        }
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
    }
}

/// Sends a render's progress as `notifications/progress`, in order, at most one per whole percent.
final class ProgressReporter: @unchecked Sendable {
    // @unchecked: `last` is touched only with `lock` held.
    private let lock = NSLock()
    private var last = -1
    private let continuation: AsyncStream<RenderProgress>.Continuation

    init(server: Server, token: ProgressToken) {
        let (stream, continuation) = AsyncStream<RenderProgress>.makeStream()
        self.continuation = continuation
        Task {
            for await progress in stream {
                try? await server.notify(ProgressNotification.message(.init(
                    progressToken: token, progress: Double(progress.framesEncoded), total: Double(progress.totalFrames),
                    message: "\(progress.framesEncoded) of \(progress.totalFrames) frames")))
            }
        }
    }

    deinit { continuation.finish() }

    var report: @Sendable (RenderProgress) -> Void {
        { [self] progress in
            let percent = Int(progress.fractionCompleted * 100)
            lock.lock()
            let isNew = percent > last
            if isNew { last = percent }
            lock.unlock()
            if isNew { continuation.yield(progress) }
        }
    }
}
