import Flipbook
import FlipbookMCP
import Foundation
import Testing

/// `flipbook-mcp` driven by a scripted JSON-RPC client over its standard input and output: the
/// handshake, every tool, a cancelled render, and bad input answered with errors.
@Suite("flipbook-mcp, scripted", .serialized)
struct ScriptedClientTests {
    /// A small scene: a third of a second, 64×48 points.
    nonisolated(unsafe) static let scene: [String: Any] = [
        "size": [64, 48], "scale": 1, "fps": 30, "duration": 0.34, "background": "white",
        "layers": [["scene": "text", "text": "Hi", "color": "black", "font": ["size": 20]]],
    ]

    @Test("initialize, tools/list, every tool, and bad input each answered")
    func everyTool() throws {
        let folder = try Scratch()
        let server = try ServerProcess(root: folder.url)
        defer { server.stop() }
        let initialize = try server.request("initialize", [
            "protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "script", "version": "1"],
        ])
        #expect((initialize["result"] as? [String: Any])?["serverInfo"] != nil, "\(initialize)")
        try server.notify("notifications/initialized")
        let list = try server.request("tools/list")
        let names = ((list["result"] as? [String: Any])?["tools"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["schema", "check", "render_still", "render_sheet", "render", "compare"])

        let schema = try server.call("schema")
        let schemaText = try #require(schema.content.first?["text"] as? String)
        #expect(schemaText.contains("\"const\" : \"captions\"") && schemaText.contains("draft/2020-12"))

        let check = try server.call("check", ["scene": ["size": [64, 48], "colour": "red"]])
        #expect(check.isError && (check.content.first?["text"] as? String)?.contains("/colour") == true, "\(check.content)")

        try JSONSerialization.data(withJSONObject: Self.scene).write(to: folder.url.appendingPathComponent("scene.json"))
        let still = try server.call("render_still", ["scene": "scene.json", "time": 0.1])
        let image = try #require(still.content.first)
        #expect(image["type"] as? String == "image" && image["mimeType"] as? String == "image/png")
        let bytes = try #require(Data(base64Encoded: image["data"] as? String ?? ""))
        // The bytes `flipbook still scene.json --time 0.1` writes: the same request, planned and run.
        var request = RenderRequest(scene: SceneRequest(scene: folder.url.appendingPathComponent("scene.json").path),
                                    output: folder.url.appendingPathComponent("still.png").path)
        try request.set(Setting.time, to: .parsed(0.1))
        try request.plan(expecting: .still).run()
        #expect(bytes == (try Data(contentsOf: folder.url.appendingPathComponent("still.png"))))

        let sheet = try server.call("render_sheet", ["scene": Self.scene])
        #expect(sheet.content.first?["type"] as? String == "image")

        let render = try server.call("render", ["scene": "scene.json", "output": "clip.mp4"])
        let structured = try #require(render.structured)
        let path = try #require(structured["path"] as? String)
        #expect(path.hasSuffix("/clip.mp4") && FileManager.default.fileExists(atPath: path))
        #expect((structured["sha256"] as? String)?.count == 64)

        let compare = try server.call("compare", ["expected": "still.png", "actual": "still.png"])
        #expect((compare.content.first?["text"] as? String)?.contains("PSNR") == true, "\(compare.content)")

        // Bad input: a path outside the root, an unknown tool, an unknown method, malformed JSON, a huge line.
        let outside = try server.request("tools/call", ["name": "render", "arguments": ["scene": "scene.json", "output": "../escape.mp4"]])
        #expect(((outside["error"] as? [String: Any])?["message"] as? String)?.contains("outside the allowed folder") == true)
        let elsewhere = try Scratch()
        let outsidePicture = elsewhere.url.appendingPathComponent("picture.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#.utf8).write(to: outsidePicture)
        let picture = try server.request("tools/call", ["name": "render_still", "arguments": ["scene": [
            "size": [64, 48], "layers": [["scene": "image", "src": outsidePicture.path]]]]])
        #expect(((picture["error"] as? [String: Any])?["message"] as? String)?.contains("outside the allowed folder") == true,
                "\(picture)")
        let unknownTool = try server.request("tools/call", ["name": "explode"])
        #expect((unknownTool["error"] as? [String: Any])?["code"] as? Int == -32602)
        let unknownMethod = try server.request("frobnicate")
        #expect((unknownMethod["error"] as? [String: Any])?["code"] as? Int == -32601)
        try server.send(Data("{not json\n".utf8))
        let malformed = try server.nextMessage()
        #expect((malformed["error"] as? [String: Any])?["code"] as? Int == -32700, "\(malformed)")
        var huge = Data(#"{"jsonrpc":"2.0","id":99,"method":"x","params":{"p":""#.utf8)
        huge.append(Data(repeating: UInt8(ascii: "a"), count: MessageFramer.defaultLimit))
        huge.append(Data("\"}}\n".utf8))
        try server.send(huge)
        let tooLong = try server.nextMessage()
        #expect((tooLong["error"] as? [String: Any])?["code"] as? Int == -32600, "\(tooLong)")
        // Still serving.
        #expect(try server.request("tools/list")["result"] != nil)
    }

    @Test("a long render reports progress, refuses a second render meanwhile, and stops when cancelled, leaving no file")
    func cancelledRender() throws {
        let folder = try Scratch()
        let server = try ServerProcess(root: folder.url)
        defer { server.stop() }
        _ = try server.request("initialize", [
            "protocolVersion": "2025-06-18", "capabilities": [:], "clientInfo": ["name": "script", "version": "1"],
        ])
        try server.notify("notifications/initialized")
        let long: [String: Any] = ["size": [640, 360], "fps": 30, "duration": 60, "background": "white",
                                   "layers": [["scene": "confetti", "seed": 1]]]
        let id = server.nextID()
        try server.send(id: id, "tools/call", ["name": "render", "arguments": ["scene": long, "output": "long.mp4"],
                                               "_meta": ["progressToken": "p1"]])
        let progress = try server.nextMessage { $0["method"] as? String == "notifications/progress" }
        #expect((progress["params"] as? [String: Any])?["progressToken"] as? String == "p1")
        let second = try server.request("tools/call", ["name": "render_still", "arguments": ["scene": long]])
        #expect(((second["error"] as? [String: Any])?["message"] as? String)?.contains("A render is running") == true, "\(second)")
        try server.notify("notifications/cancelled", ["requestId": id, "reason": "test"])
        // The render stops; its partial file is removed.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path))?.isEmpty == false {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        #expect(try server.request("tools/list")["result"] != nil)
    }
}
