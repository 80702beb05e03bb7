import Flipbook
import Foundation
import MCP

/// The tools `flipbook mcp` offers, each the library call the command line makes for the same job.
public struct FlipbookTools: Sendable {
    public let folder: AllowedFolder
    let renders = RenderGate()

    public init(folder: AllowedFolder) { self.folder = folder }

    private static let sceneArguments: [String: Value] = [
        "scene": ["description": "A scene file's JSON object, or the path of one inside the allowed folder."],
        "set": ["type": "object", "description": "Template parameter values by name, as --set NAME=VALUE gives them."],
    ]

    private static func schema(_ extra: [String: Value] = [:], required: [String] = ["scene"]) -> Value {
        .object(["type": "object", "properties": .object(sceneArguments.merging(extra) { $1 }),
                 "required": .array(required.map { .string($0) })])
    }

    /// The tools, as `tools/list` lists them.
    public static let list: [Tool] = [
        Tool(name: "schema", description: "The scene file as a JSON Schema, generated from the tables Flipbook reads scene files with.",
             inputSchema: ["type": "object", "properties": [:]]),
        Tool(name: "check", description: "Check a scene without rendering it: every problem once with severity, JSON pointer, message and fix (flipbook check --json).",
             inputSchema: schema()),
        Tool(name: "render_still", description: "One moment of a scene as a PNG image (the bytes flipbook still writes).",
             inputSchema: schema(["time": ["type": "number", "description": "Seconds from the start. Default 0."]])),
        Tool(name: "render_sheet", description: "A contact sheet of a scene: evenly spaced moments in a labelled grid, as a PNG image.",
             inputSchema: schema()),
        Tool(name: "render", description: "Render a scene to a file inside the allowed folder; returns its path, SHA-256 and a summary. Reports progress and can be cancelled.",
             inputSchema: schema(["output": ["type": "string", "description": "The file to write: clip.mp4, clip.webm, anim.gif, …"]],
                                 required: ["scene", "output"])),
        Tool(name: "compare", description: "Compare two PNGs inside the allowed folder: PSNR and SSIM.",
             inputSchema: ["type": "object", "properties": ["expected": ["type": "string"], "actual": ["type": "string"]],
                           "required": ["expected", "actual"]]),
    ]

    /// Runs tool `name`. A scene the library refuses is the tool's error result (its message, with
    /// file, line and key); a bad argument, an unknown tool or a path outside the folder is a
    /// JSON-RPC error.
    public func call(_ name: String, arguments: [String: Value], progress: (@Sendable (RenderProgress) -> Void)? = nil)
        async throws -> CallTool.Result {
        do {
            switch name {
            case "schema": return .init(content: [.text(try SceneReference.jsonSchema())])
            case "check": return try check(arguments)
            case "render_still": return try await renders.one { try await still(arguments) }
            case "render_sheet": return try await renders.one { try await sheet(arguments) }
            case "render": return try await renders.one { try await render(arguments, progress: progress) }
            case "compare": return try compare(arguments)
            default:
                throw MCPError.invalidParams("Unknown tool '\(name)'. Tools: \(Self.list.map(\.name).joined(separator: ", ")).")
            }
        } catch let error as FlipbookError where error.kind != .interrupted {
            return .init(content: [.text(error.description)], isError: true)
        }
    }

    private func check(_ arguments: [String: Value]) throws -> CallTool.Result {
        let check: SceneCheck
        do {
            check = checkScene(try SceneArguments(folder: folder).request(arguments), relativeTo: folder.root)
        } catch let error as FlipbookError {
            check = .refused(error)
        }
        return .init(content: [.text(try check.json())], isError: check.hasErrors)
    }

    private func still(_ arguments: [String: Value]) async throws -> CallTool.Result {
        let request = try SceneArguments(folder: folder).request(arguments)
        let time = arguments["time"].flatMap { $0.doubleValue ?? $0.intValue.map(Double.init) } ?? 0
        return try await scratchPNG { url in
            var render = RenderRequest(scene: request, output: url.path)
            try render.set(Setting.time, to: .parsed(time))
            let plan = try render.plan(relativeTo: folder.root, expecting: .still)
            try await cancellable { cancellation in try plan.run(cancellation: cancellation) }
        }
    }

    private func sheet(_ arguments: [String: Value]) async throws -> CallTool.Result {
        let request = try SceneArguments(folder: folder).request(arguments)
        return try await scratchPNG { url in
            let timeline = try request.makeTimeline(relativeTo: folder.root)
            // Up to twelve moments, four to a row, fewer for a clip of fewer frames.
            let count = max(1, min(12, timeline.frameCount)), columns = min(4, count)
            let sheet = ContactSheet(spacing: .grid(columns: columns, rows: count / columns))
            try await cancellable { _ in try renderContactSheet(timeline, sheet: sheet, to: url) }
        }
    }

    private func render(_ arguments: [String: Value], progress: (@Sendable (RenderProgress) -> Void)?) async throws
        -> CallTool.Result {
        let request = try SceneArguments(folder: folder).request(arguments)
        guard let output = arguments["output"]?.stringValue else {
            throw MCPError.invalidParams("output is required: the file to write, inside \(folder.root.path).")
        }
        let url = try folder.file(output, argument: "output")
        let plan = try RenderRequest(scene: request, output: url.path).plan(relativeTo: folder.root, expecting: .either)
        let report = try await cancellable { cancellation in try plan.run(cancellation: cancellation, progress: progress) }
        let digest = try sha256Hex(ofFileAt: plan.destination)
        let summary = "\(report.frameCount) frames, \(report.pixelWidth)×"
            + "\(report.pixelHeight), \(String(format: "%.2f", report.wallTime)) s"
        let result: Value = ["path": .string(plan.destination.path), "sha256": .string(digest), "summary": .string(summary)]
        return .init(content: [.text("Wrote \(plan.destination.path) (\(summary)); SHA-256 \(digest)")], structuredContent: Optional.some(result))
    }

    private func compare(_ arguments: [String: Value]) throws -> CallTool.Result {
        guard let expected = arguments["expected"]?.stringValue, let actual = arguments["actual"]?.stringValue else {
            throw MCPError.invalidParams("expected and actual are required: two PNGs inside \(folder.root.path).")
        }
        let comparison = try ImageComparison(
            actual: try Bitmap(contentsOfPNG: try folder.file(actual, argument: "actual")),
            expected: try Bitmap(contentsOfPNG: try folder.file(expected, argument: "expected")))
        return .init(content: [.text(comparison.summary)],
                     structuredContent: Optional.some(["psnr": .double(comparison.psnr.isFinite ? comparison.psnr : 999)]))
    }

    /// A PNG written by `write` into a scratch folder of the server's own, returned inline.
    private func scratchPNG(_ write: (URL) async throws -> Void) async throws -> CallTool.Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-mcp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let url = scratch.appendingPathComponent("picture.png")
        try await write(url)
        return .init(content: [.image(data: try Data(contentsOf: url).base64EncodedString(), mimeType: "image/png")])
    }
}

/// Runs `work` off the caller's thread with a cancellation that the calling task's cancellation
/// (the client's `notifications/cancelled`) sets, so a render stops between frames and removes its
/// partial file.
func cancellable<T: Sendable>(_ work: @escaping @Sendable (RenderCancellation) throws -> T) async throws -> T {
    let cancellation = RenderCancellation()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try work(cancellation) })
            }
        }
    } onCancel: {
        cancellation.cancel()
    }
}

/// One render at a time: a render asked for while one runs is refused at once rather than queued
/// behind it, so a client is never left waiting without an answer.
actor RenderGate {
    private var busy = false

    func one<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        guard !busy else {
            throw MCPError.serverError(code: -32000, message: "A render is running: wait for its result, or cancel it, before asking for another.")
        }
        busy = true
        defer { busy = false }
        return try await work()
    }
}
