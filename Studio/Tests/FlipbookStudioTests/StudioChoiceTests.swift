import Flipbook
@testable import FlipbookStudio
import Foundation
import Testing

@Suite("Studio without a file: the scenes offered")
struct StudioChoiceTests {
    /// A folder with two scene files, a Lottie animation, and what must not be offered: a text
    /// file, a hidden file, a file in a folder inside it, and a link to a file outside it.
    static func folder() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("studio-choices")
        // The card with its logo beside it rather than in ../Images.
        let card = try String(contentsOf: packageFile("Fixtures/Templates/card.json"), encoding: .utf8)
        _ = try directory.write("card.json", card.replacingOccurrences(of: "../Images/logo.svg", with: "logo.svg"))
        try FileManager.default.copyItem(at: packageFile("Fixtures/Images/logo.svg"), to: directory.file("logo.svg"))
        try FileManager.default.copyItem(at: packageFile("Fixtures/Templates/customers.csv"), to: directory.file("customers.csv"))
        try FileManager.default.copyItem(at: packageFile("Fixtures/Lottie/moving-box.json"), to: directory.file("box.json"))
        _ = try directory.write("notes.txt", "not a scene")
        _ = try directory.write(".hidden.json", StudioReloadTests.scene(color: "red"))
        try FileManager.default.createDirectory(at: directory.file("inner"), withIntermediateDirectories: true)
        _ = try directory.write("inner/deep.json", StudioReloadTests.scene(color: "red"))
        try FileManager.default.createSymbolicLink(atPath: directory.path("link.json"),
                                                   withDestinationPath: packageFile("Fixtures/Scenes/text-title.json").path)
        return directory
    }

    @Test("Without a file the page is offered the built-in scenes and the folder's scene files, and no frame yet")
    func offered() async throws {
        let directory = try Self.folder()
        let studio = try await StudioHarness.start(scene: nil, folder: directory.url)
        let reply = try await studio.get("/api/scenes")
        #expect(reply.status == 200)
        let body = try #require(reply.json)
        #expect(body["current"] == nil)
        let choices = try #require(body["choices"] as? [[String: String]])
        #expect(choices.map { $0["name"] ?? "" } == SceneRequest.builtInScenes + ["box.json", "card.json"])
        #expect(choices.map { $0["kind"] ?? "" } == SceneRequest.builtInScenes.map { _ in "built-in" } + ["file", "file"])
        #expect(SceneRequest.builtInScenes == ["confetti", "ripples"])
        let frame = try await studio.get("/api/frame", [("frame", "0")])
        #expect(frame.status == 409)
        #expect((frame.json?["error"] as? String)?.hasPrefix("No scene is open") == true)
        let info = try #require(try await studio.get("/api/info").json)
        #expect(info["scene"] as? String == "")
        #expect(info["frameCount"] as? Int == 0)
        await studio.stop()
    }

    @Test("Choosing a folder's file serves its frames, the pixels of flipbook still; choosing a built-in scene switches again")
    func choosing() async throws {
        let directory = try Self.folder()
        let studio = try await StudioHarness.start(scene: nil, folder: directory.url)
        let opened = try await studio.post("/api/open", json: ["scene": "card.json"])
        #expect(opened.status == 200, "\(opened.text)")
        #expect(opened.json?["current"] as? String == "card.json")
        let info = try #require(try await studio.get("/api/info").json)
        #expect(info["sceneName"] as? String == "card.json")
        #expect(info["frameCount"] as? Int == 60)
        #expect(info["dataFiles"] as? [String] == ["customers.csv"])
        #expect(info["folderImages"] as? [String] == ["logo.svg"])
        let frameTests = StudioFrameTests()
        for (frame, values) in [(12, [:]), (40, ["name": "Ada", "count": "200"])] as [(Int, [String: String])] {
            let reply = try await studio.get("/api/frame", [("frame", String(frame))] + values.sorted { $0.key < $1.key }.map { ("set", "\($0.key)=\($0.value)") })
            #expect(reply.status == 200, "\(reply.text)")
            let served = try frameTests.bitmap(reply.body, in: directory)
            let expected = try frameTests.still(directory.path("card.json"), frame: frame, values: values, in: directory)
            #expect(frameTests.samePixels(served, expected), "frame \(frame) of the chosen file differs from the still")
        }
        let version = try #require(info["version"] as? Int)
        #expect(try await studio.post("/api/open", json: ["scene": "ripples"]).status == 200)
        let ripples = try #require(try await studio.get("/api/info").json)
        #expect(ripples["scene"] as? String == "ripples")
        #expect(try #require(ripples["version"] as? Int) > version)
        let builtIn = try SceneRequest(scene: "ripples").makeTimeline()
        #expect(ripples["pixelWidth"] as? Int == builtIn.pixelWidth)
        #expect(ripples["frameCount"] as? Int == builtIn.frameCount)
        let small = try await studio.get("/api/frame", [("frame", "0"), ("scale", "0.25")])
        #expect(small.status == 200)
        #expect(try frameTests.bitmap(small.body, in: directory).width == builtIn.pixelWidth / 4)
        await studio.stop()
    }

    @Test("Saving the chosen file shows its new version")
    func chosenFileReloads() async throws {
        let directory = try TemporaryDirectory("studio-choice-reload")
        _ = try directory.write("scene.json", StudioReloadTests.scene(color: "#102030"))
        let studio = try await StudioHarness.start(scene: nil, folder: directory.url)
        #expect(try await studio.post("/api/open", json: ["scene": "scene.json"]).status == 200)
        let first = try await studio.get("/api/frame", [("frame", "0")])
        #expect(first.status == 200)
        let version = try #require(try await studio.get("/api/info").json?["version"] as? Int)
        try StudioReloadTests.save("scene.json", StudioReloadTests.scene(color: "#f0e0d0"), in: directory)
        let reloaded = try await studio.poll("/api/info") { ($0.json?["version"] as? Int ?? 0) > version }
        #expect((reloaded.json?["version"] as? Int ?? 0) > version)
        let second = try await studio.get("/api/frame", [("frame", "0")])
        let corner = try StudioFrameTests().bitmap(second.body, in: directory).withUnsafeBytes { bytes, _ in
            bytes.load(as: UInt32.self)
        }
        #expect(corner == 0xFFF0_E0D0, "the new background, #f0e0d0, opaque: \(String(corner, radix: 16))")
        await studio.stop()
    }

    @Test("A scene outside the folder, a link out of it, a folder inside it or another kind of file is a 404 with a message")
    func outside() async throws {
        let directory = try Self.folder()
        let studio = try await StudioHarness.start(scene: nil, folder: directory.url)
        for name in ["../card.json", "/etc/hosts", "link.json", "inner/deep.json", ".hidden.json", "notes.txt",
                     "./card.json", directory.path("card.json"), "Confetti "] {
            let reply = try await studio.post("/api/open", json: ["scene": name])
            #expect(reply.status == 404, "\(name): \(reply.status)")
            #expect(reply.contentType?.hasPrefix("application/json") == true)
            let message = reply.json?["error"] as? String ?? ""
            #expect(message.hasPrefix("'\(name)' is not a scene the studio offers: choose a built-in scene (confetti, ripples) or a .json or .lottie file in \(directory.url.path)."),
                    "\(message)")
        }
        let garbled = try await studio.post("/api/open", body: Data("scene=card.json".utf8), type: "text/plain")
        #expect(garbled.status == 400)
        #expect(garbled.json?["error"] as? String == "The body must be JSON: {\"scene\": NAME}, a name GET /api/scenes lists.")
        #expect(try await studio.get("/api/scenes").json?["current"] == nil, "a refused name opens nothing")
        await studio.stop()
    }
}
