import Flipbook
@testable import FlipbookStudio
import Foundation
import Testing

@Suite("Studio frames and info")
struct StudioFrameTests {
    static let card = packageFile("Fixtures/Templates/card.json").path

    /// What `flipbook still SCENE --frame N [--set …] -o x.png` writes: the command's own path through the library.
    func still(_ scene: String, frame: Int, values: [String: String] = [:], in directory: TemporaryDirectory) throws -> Bitmap {
        var sceneRequest = SceneRequest(scene: scene)
        sceneRequest.parameterValues = values
        var request = RenderRequest(scene: sceneRequest, output: directory.path("still-\(frame).png"))
        request.frame = frame
        try request.plan(expecting: .still).run()
        return try Bitmap(contentsOfPNG: directory.file("still-\(frame).png"))
    }

    func bitmap(_ png: Data, in directory: TemporaryDirectory) throws -> Bitmap {
        let url = directory.file("served-\(UUID().uuidString.prefix(6)).png")
        try png.write(to: url)
        return try Bitmap(contentsOfPNG: url)
    }

    func samePixels(_ a: Bitmap, _ b: Bitmap) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        return a.withUnsafeBytes { first, firstRow in
            b.withUnsafeBytes { second, secondRow in
                (0..<a.height).allSatisfy { y in
                    memcmp(first.baseAddress! + y * firstRow, second.baseAddress! + y * secondRow, a.width * 4) == 0
                }
            }
        }
    }

    @Test("A served frame has the pixels of flipbook still --frame N, with and without --set")
    func frameEqualsStill() async throws {
        let directory = try TemporaryDirectory("studio-frames")
        let studio = try await StudioHarness.start(scene: Self.card)
        for (frame, values) in [(12, [:]), (40, ["accent": "teal", "count": "200", "name": "Ada"])] as [(Int, [String: String])] {
            let reply = try await studio.get("/api/frame", [("frame", String(frame))] + values.sorted { $0.key < $1.key }.map { ("set", "\($0.key)=\($0.value)") })
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.contentType == "image/png")
            let served = try bitmap(reply.body, in: directory)
            let expected = try still(Self.card, frame: frame, values: values, in: directory)
            #expect(served.width == 640 && served.height == 360)
            #expect(samePixels(served, expected), "frame \(frame) differs from the still")
        }
        await studio.stop()
    }

    @Test("½ and ¼ preview scales give frames of half and a quarter the pixels")
    func previewScales() async throws {
        let directory = try TemporaryDirectory("studio-scales")
        let studio = try await StudioHarness.start(scene: Self.card)
        for (scale, width, height) in [("0.5", 320, 180), ("0.25", 160, 90)] {
            let reply = try await studio.get("/api/frame", [("frame", "30"), ("scale", scale)])
            #expect(reply.status == 200)
            let served = try bitmap(reply.body, in: directory)
            #expect(served.width == width && served.height == height)
        }
        await studio.stop()
    }

    @Test("Bad frame requests get 400 with a message, never a crash")
    func badFrames() async throws {
        let studio = try await StudioHarness.start(scene: Self.card)
        let cases: [([(String, String)], String)] = [
            ([("frame", "60")], "between 0 and 59"),
            ([("frame", "-1")], "whole number from 0"),
            ([("frame", "abc")], "whole number from 0"),
            ([("frame", "99999999999999999999999")], "whole number from 0"),
            ([], "frame is missing"),
            ([("frame", "1"), ("scale", "0.3")], "scale must be 1, 0.5 or 0.25"),
            ([("frame", "1"), ("set", "count=9000")], "count"),
            ([("frame", "1"), ("set", "nmae=Ada")], "Did you mean 'name'"),
            ([("frame", "1"), ("set", "oops")], "NAME=VALUE"),
        ]
        for (query, words) in cases {
            let reply = try await studio.get("/api/frame", query)
            #expect(reply.status == 400, "\(query): \(reply.status) \(reply.text)")
            let message = reply.json?["error"] as? String ?? ""
            #expect(message.contains(words), "\(query): \(message)")
        }
        await studio.stop()
    }

    @Test("The info has the clip's size, rate, length, layers, events and the parameter table")
    func info() async throws {
        let studio = try await StudioHarness.start(scene: Self.card)
        let reply = try await studio.get("/api/info")
        #expect(reply.status == 200)
        let info = try #require(reply.json)
        #expect(info["pixelWidth"] as? Int == 640)
        #expect(info["pixelHeight"] as? Int == 360)
        #expect(info["fps"] as? Double == 30)
        #expect(info["duration"] as? Double == 2)
        #expect(info["frameCount"] as? Int == 60)
        let layers = try #require(info["layers"] as? [[String: Any]])
        #expect(layers.map { $0["scene"] as? String } == ["ripples", "image", "text", "confetti"])
        #expect(layers[3]["start"] as? Double == 0.35)
        #expect(layers[3]["end"] as? Double == 2)
        let events = try #require(info["events"] as? [[String: Any]])
        #expect(events.contains { $0["kind"] as? String == "ripples" && $0["time"] as? Double == 0.5 })
        #expect(events.contains { $0["kind"] as? String == "opacity" && $0["layer"] as? Int == 2 })
        let parameters = try #require(info["parameters"] as? [[String: Any]])
        let count = try #require(parameters.first { $0["name"] as? String == "count" })
        #expect(count["kind"] as? String == "number")
        #expect(count["minimum"] as? Double == 10)
        #expect(count["maximum"] as? Double == 500)
        #expect(count["defaultValue"] as? String == "80")
        #expect(parameters.map { $0["kind"] as? String } == ["string", "color", "number", "image"])
        #expect(info["dataFiles"] as? [String] == ["customers.csv", "promo.jsonl", "shop.jsonl"])
        #expect(info["problem"] == nil)
        let rows = try await studio.get("/api/data", [("file", "customers.csv")])
        #expect(rows.status == 200)
        #expect((rows.json?["rows"] as? [Any])?.count == 50)
        #expect(try await studio.get("/api/data", [("file", "../Scenes/x.csv")]).status == 404)
        await studio.stop()
    }

    @Test("The page and its script and style are served from the binary")
    func page() async throws {
        let studio = try await StudioHarness.start(scene: "confetti")
        let page = try await studio.get("/")
        #expect(page.status == 200)
        #expect(page.contentType?.hasPrefix("text/html") == true)
        #expect(page.text.contains("<canvas id=\"frame\""))
        #expect(!page.text.contains("http://") && !page.text.contains("https://"))
        let script = try await studio.get("/studio.js")
        #expect(script.status == 200 && script.text.contains("AbortController"))
        let controls = try await studio.get("/controls.js")
        #expect(controls.status == 200 && controls.text.contains("function buildControls()"))
        #expect(try await studio.get("/studio.css").status == 200)
        #expect(try await studio.get("/api/frame", [("frame", "0"), ("scale", "0.25")]).status == 200)
        await studio.stop()
    }
}
