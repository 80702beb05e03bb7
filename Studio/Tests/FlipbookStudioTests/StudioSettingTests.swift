import Flipbook
@testable import FlipbookStudio
import Foundation
import Testing

@Suite("Studio live settings and uploaded images")
struct StudioSettingTests {
    static let card = StudioFrameTests.card

    @Test("The live settings are the settings table's rows, with their flags, and the page is told them")
    func offered() async throws {
        #expect(LiveSetting.all.map(\.setting) == [.fps, .duration, .seed, .background, .colorScheme, .motionBlur])
        #expect(LiveSetting.all.allSatisfy { Setting.timelineSettings.contains($0.setting) && $0.setting.places.contains(.render) })
        let studio = try await StudioHarness.start(scene: Self.card)
        let info = try #require(try await studio.get("/api/info").json)
        let settings = try #require(info["settings"] as? [[String: Any]])
        #expect(settings.map { $0["flag"] as? String } == ["--fps", "--duration", "--seed", "--background", "--color-scheme", "--motion-blur"])
        let scheme = try #require(settings.first { $0["key"] as? String == "colorScheme" })
        #expect(scheme["control"] as? String == "choice")
        #expect(scheme["choices"] as? [String] == ["light", "dark"])
        #expect(scheme["help"] as? String == Setting.colorScheme.help)
        let slower = try #require(try await studio.get("/api/info", [("setting", "fps=10"), ("setting", "duration=3")]).json)
        #expect(slower["frameCount"] as? Int == 30)
        #expect(slower["fpsText"] as? String == "10")
        await studio.stop()
    }

    @Test("A frame with live settings has the pixels of flipbook still with the same flags")
    func frameWithSettings() async throws {
        let directory = try TemporaryDirectory("studio-settings")
        let studio = try await StudioHarness.start(scene: Self.card)
        let reply = try await studio.get("/api/frame", [
            ("frame", "30"), ("setting", "background=#204060"), ("setting", "colorScheme=dark"), ("setting", "seed=7"),
            ("setting", "motionBlur=180/3"),
        ])
        #expect(reply.status == 200, "\(reply.text)")
        var sceneRequest = SceneRequest(scene: Self.card, seed: 7, background: Color(named: "#204060"), colorScheme: .dark)
        sceneRequest.motionBlur = MotionBlur(shutter: 180, samples: 3)
        var request = RenderRequest(scene: sceneRequest, output: directory.path("still.png"))
        request.frame = 30
        try request.plan(expecting: .still).run()
        let expected = try Bitmap(contentsOfPNG: directory.file("still.png"))
        let frames = StudioFrameTests()
        let served = try frames.bitmap(reply.body, in: directory)
        #expect(frames.samePixels(served, expected))
        let plain = try frames.bitmap(try await studio.get("/api/frame", [("frame", "30")]).body, in: directory)
        #expect(!frames.samePixels(plain, expected), "the settings change the picture")
        await studio.stop()
    }

    @Test("A bad live setting is a 400 with the command line's message")
    func badSettings() async throws {
        let studio = try await StudioHarness.start(scene: Self.card)
        let cases: [(String, String)] = [
            ("background=nocolour", ##"background must be a colour name (white, black, ...), a hex string like "#1c1c1e" or transparent; it is 'nocolour'."##),
            ("colorScheme=dim", "colorScheme must be one of light, dark; it is 'dim'."),
            ("seed=-3", "seed must be a whole number in \(Setting.seed.range ?? ""); it is '-3'."),
            ("motionBlur=wide", "motionBlur must be SHUTTER/SAMPLES, such as 180/8; it is 'wide'."),
            ("size=10x10", "'size' is not a setting the studio changes live; it changes fps, duration, seed, background, colorScheme, motionBlur."),
            ("background", "setting must be NAME=VALUE, such as background=black; it is 'background'."),
        ]
        for (assignment, message) in cases {
            let reply = try await studio.get("/api/frame", [("frame", "0"), ("setting", assignment)])
            #expect(reply.status == 400, "\(assignment)")
            #expect(reply.json?["error"] as? String == message)
        }
        let tooLong = try await studio.get("/api/frame", [("frame", "0"), ("setting", "duration=-1")])
        #expect(tooLong.status == 400)
        #expect((tooLong.json?["error"] as? String)?.contains("duration") == true)
        await studio.stop()
    }

    @Test("A render's command line carries the live settings as their flags")
    func command() {
        let order = RenderOrder(values: ["name": "Ada"], settings: ["colorScheme": "dark", "background": "#204060", "fps": "24"],
                                container: nil, codec: nil, quality: nil, output: "card.mp4")
        #expect(order.command(scene: "card.json")
            == "flipbook render card.json --set name=Ada --background '#204060' --color-scheme dark --fps 24 -o card.mp4")
    }

    @Test("An uploaded image is kept outside the scene's folder, previews like a file named by --set, and is gone when the server stops")
    func upload() async throws {
        let directory = try TemporaryDirectory("studio-upload")
        let studio = try await StudioHarness.start(scene: Self.card)
        let jpeg = try Data(contentsOf: packageFile("Fixtures/Images/patches.jpg"))
        let reply = try await studio.post("/api/upload", [("name", "../../holiday photo.jpg")], body: jpeg, type: "image/jpeg")
        #expect(reply.status == 200, "\(reply.text)")
        let path = try #require(reply.json?["path"] as? String)
        #expect(reply.json?["name"] as? String == "holiday_photo.jpg")
        #expect(URL(fileURLWithPath: path).lastPathComponent == "holiday_photo.jpg")
        #expect(!path.hasPrefix(packageFile("Fixtures").path) && !path.contains(".."))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == jpeg)
        let frame = try await studio.get("/api/frame", [("frame", "45"), ("set", "logo=\(path)")])
        #expect(frame.status == 200, "\(frame.text)")
        let frames = StudioFrameTests()
        let served = try frames.bitmap(frame.body, in: directory)
        let expected = try frames.still(Self.card, frame: 45, values: ["logo": path], in: directory)
        #expect(frames.samePixels(served, expected))
        let folder = try await studio.get("/api/info")
        #expect((folder.json?["maximumUploadBytes"] as? Int) == LottieLimits().maximumFileSize)
        await studio.stop()
        #expect(!FileManager.default.fileExists(atPath: path), "the uploads are removed when the server stops")
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent().path))
    }

    @Test("An upload that is not a drawable image, or too large, is refused with a 4xx and a message")
    func badUploads() async throws {
        let studio = try await StudioHarness.start(scene: Self.card)
        let notImage = try Data(contentsOf: packageFile("Fixtures/Images/not-an-image.png"))
        let undecodable = try await studio.post("/api/upload", [("name", "bad.png")], body: notImage, type: "image/png")
        #expect(undecodable.status == 400)
        let message = undecodable.json?["error"] as? String ?? ""
        #expect(message.hasPrefix("The uploaded image 'bad.png' does not decode: "), "\(message)")
        #expect(!message.contains("/"), "the message names the upload, not the server's folder: \(message)")
        let gif = try Data(contentsOf: packageFile("Fixtures/Images/patches.gif"))
        let wrongKind = try await studio.post("/api/upload", [("name", "patches.gif")], body: gif, type: "image/gif")
        #expect(wrongKind.status == 400)
        #expect(wrongKind.json?["error"] as? String == "An uploaded image must be a jpeg, jpg, png, svg, webp file; 'patches.gif' is not.")
        let empty = try await studio.post("/api/upload", [("name", "empty.png")], body: Data(), type: "image/png")
        #expect(empty.status == 400)
        #expect(empty.json?["error"] as? String == "The uploaded image 'empty.png' is empty.")
        let huge = try await studio.post("/api/upload", [("name", "huge.png")], body: Data(count: ImageUploads.maximumBytes + 1), type: "image/png")
        #expect(huge.status == 413)
        #expect(huge.json?["error"] as? String == "An uploaded image must be at most \(ImageUploads.maximumBytes) bytes; 'huge.png' is larger.")
        let unnamed = try await studio.post("/api/upload", body: notImage, type: "image/png")
        #expect(unnamed.status == 400)
        await studio.stop()
    }
}
