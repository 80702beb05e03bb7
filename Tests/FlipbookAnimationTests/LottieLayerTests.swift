import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// The Lottie layer of scene files, over `Fixtures/Lottie/moving-box.json` (a 40 × 40 red box whose
/// centre moves from x 40 to x 160 over 30 frames at 30 fps).
@Suite struct LottieLayerTests {
    static let folder = ReferenceImages.fixturesDirectory.appendingPathComponent("Lottie")

    static func timeline(_ layer: String, fps: Int = 60) throws -> Timeline {
        let json = #"{"size": [200, 100], "scale": 1, "fps": \#(fps), "duration": 2, "layers": [\#(layer)]}"#
        return try SceneFile.decode(Data(json.utf8), source: "scene.json", baseDirectory: folder).makeTimeline()
    }

    static func frame(_ timeline: Timeline, _ n: Int) throws -> Bitmap {
        var bitmap = try Bitmap(width: timeline.pixelWidth, height: timeline.pixelHeight)
        timeline.draw(frame: n, into: &bitmap)
        return bitmap
    }

    @Test func aThirtyFPSFileShowsEachFrameTwiceAtSixty() throws {
        let timeline = try Self.timeline(#"{"scene": "lottie", "src": "moving-box.json"}"#)
        for k in [0, 7, 20] {
            for n in [2 * k, 2 * k + 1] {
                let bitmap = try Self.frame(timeline, n)
                let left = 20 + 4 * k
                #expect(bitmap.pixel(x: left + 1, y: 50).red > 0.99, "output frame \(n)")
                #expect(bitmap.pixel(x: left - 2, y: 50) == .clear, "output frame \(n)")
            }
        }
    }

    @Test func speedLoopAndMarkerPickTheFrame() throws {
        let looping = try Self.timeline(#"{"scene": "lottie", "src": "moving-box.json", "loop": true, "speed": 2}"#, fps: 30)
        // At speed 2 the 30 frames take 0.5 s; output frame 16 is 16/30 s → Lottie frame 32 mod 30 = 2.
        #expect(try Self.frame(looping, 16).pixel(x: 29, y: 50).red > 0.99)
        let outro = try Self.timeline(#"{"scene": "lottie", "src": "moving-box.json", "marker": "outro"}"#, fps: 30)
        // The outro starts at frame 15 and holds its last frame, 29.
        #expect(try Self.frame(outro, 0).pixel(x: 81, y: 50).red > 0.99)
        #expect(try Self.frame(outro, 40).pixel(x: 137, y: 50).red > 0.99)
    }

    @Test func placementAndOverridesApply() throws {
        let timeline = try Self.timeline(#"""
            {"scene": "lottie", "src": "moving-box.json", "position": [150, 50], "scale": 0.5, "opacity": 0.5,
             "overrides": [{"keypath": "**.Fill 1", "fillColor": "#FFD60A"}]}
            """#)
        // Half size, centred at (150, 50): the box spans x 110 … 120 at frame 0.
        let pixel = try Self.frame(timeline, 0).pixel(x: 115, y: 50)
        #expect(abs(pixel.green - 0xD6 / 255.0) < 2 / 255.0 && abs(pixel.opacity - 0.5) < 2 / 255.0, "\(pixel)")
    }

    @Test func aTemplateParameterFillsASlot() throws {
        let json = #"""
            {"parameters": {"accent": {"type": "color", "default": "#0000FF"}}, "size": [200, 100], "scale": 1, "fps": 30,
             "duration": 1, "layers": [{"scene": "lottie", "src": "moving-box.json", "slots": {"accent": "{{accent}}"}}]}
            """#
        let file = try SceneFile.decode(Data(json.utf8), source: "scene.json", baseDirectory: Self.folder)
        let blue = try Self.frame(file.makeTimeline(), 0).pixel(x: 40, y: 50)
        #expect(blue.blue > 0.99 && blue.red < 0.01)
        let green = try Self.frame(file.with(["accent": "#00FF00"]).makeTimeline(), 0).pixel(x: 40, y: 50)
        #expect(green.green > 0.99 && green.red < 0.01)
    }

    @Test func aRefusedFileNamesTheLayerAndThePointer() throws {
        let error = expectFlipbookError(.invalidInput) {
            _ = try Self.timeline(#"{"scene": "lottie", "src": "repeater-bomb.json"}"#)
        }
        let path = Self.folder.appendingPathComponent("repeater-bomb.json").path
        #expect(error?.message == "layers[0].src names the Lottie animation \(path), which Flipbook refuses: "
                    + "\(path) /layers/0/shapes/1/c must be between 0 and 1000 repeater copies; it is 1000000.")
        let marker = expectFlipbookError(.invalidInput) {
            _ = try Self.timeline(#"{"scene": "lottie", "src": "moving-box.json", "marker": "intr"}"#)
        }
        #expect(marker?.message.hasPrefix("layers[0].marker must name a marker of") == true, "\(marker?.message ?? "")")
    }

    @Test func aLottieFileIsASceneOfItsOwn() throws {
        let url = Self.folder.appendingPathComponent("moving-box.json")
        #expect(SceneFile.isLottie(try Data(contentsOf: url)))
        let timeline = try SceneFile.lottie(contentsOf: url).makeTimeline()
        #expect(timeline.pixelWidth == 200 && timeline.pixelHeight == 100)
        #expect(timeline.fps == 30 && timeline.frameCount == 30)
        let bitmap = try Self.frame(timeline, 10)
        #expect(bitmap.pixel(x: 61, y: 50).red > 0.99)
        #expect(bitmap.pixel(x: 10, y: 10) == .clear)
    }

    /// Any positive frame rate plays: the timeline takes the nearest rate Flipbook renders at, and each
    /// output frame shows the Lottie frame of its time, counted at the file's own rate.
    @Test(arguments: [(29.9700012207031, FrameRate(30000, 1001)), (60.0333709716797, FrameRate(60)), (12.4, FrameRate(12)),
                      (0.2, FrameRate(1))])
    func aLottieFileOfAnyRateIsASceneOfItsOwn(fr: Double, fps: FrameRate) throws {
        let directory = try TemporaryDirectory("lottie-rate")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.folder.appendingPathComponent("moving-box.json")))
            as! [String: Any]
        json["fr"] = fr
        let url = directory.file("rate.json")
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        let timeline = try SceneFile.lottie(contentsOf: url).makeTimeline()
        #expect(timeline.fps == fps)
        let lottieRate = fps.isSupported && abs(fps.framesPerSecond - fr) < 0.005 ? fps.framesPerSecond : fr
        #expect(timeline.frameCount == Int((30 / lottieRate * fps.framesPerSecond).rounded()))
        for n in Set([0, timeline.frameCount / 2, timeline.frameCount - 1]) {
            let k = min(29, Int((fps.time(ofFrame: n) * lottieRate + 1e-9).rounded(.down)))
            let bitmap = try Self.frame(timeline, n)
            #expect(bitmap.pixel(x: 20 + 4 * k + 1, y: 50).red > 0.99, "output frame \(n), Lottie frame \(k)")
            #expect(bitmap.pixel(x: 20 + 4 * k - 2, y: 50) == .clear, "output frame \(n), Lottie frame \(k)")
        }
    }

    @Test func aStickerIsALottieFile() throws {
        let url = Self.folder.appendingPathComponent("moving-box.tgs")
        #expect(SceneFile.isLottie(try Data(contentsOf: url)))
        let timeline = try SceneFile.lottie(contentsOf: url).makeTimeline()
        #expect(timeline.fps == 30 && timeline.frameCount == 30)
        #expect(try Self.frame(timeline, 10).pixel(x: 61, y: 50).red > 0.99)
    }
}
