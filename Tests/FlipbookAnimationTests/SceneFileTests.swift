@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// Fixtures/Scenes in the package.
let sceneFixtures = packageFile("Fixtures/Scenes")

@Suite struct SceneFileTests {
    @Test func everyExampleFileDecodesAndBuildsATimeline() throws {
        let files = try FileManager.default.contentsOfDirectory(at: sceneFixtures, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        #expect(files.count >= 5)
        for file in files {
            let scene = try SceneFile.load(from: file)
            let timeline = try scene.makeTimeline()
            #expect(!timeline.layers.isEmpty, "\(file.lastPathComponent)")
            // Encoding and decoding again gives the same description.
            #expect(try SceneFile.decode(scene.jsonData()) == scene, "\(file.lastPathComponent)")
        }
    }

    @Test func confettiOverRipplesInOneTimeline() throws {
        let timeline = try SceneFile.load(from: sceneFixtures.appendingPathComponent("confetti-and-ripples.json")).makeTimeline()
        #expect(timeline.size == CGSize(width: 240, height: 160) && timeline.scale == 2 && timeline.fps == 30)
        #expect(timeline.duration == 4 && timeline.background == Color(hex: "#fdfcf8"))
        #expect(timeline.layers.count == 2)
        let ripples = try #require(timeline.layers[0].scene as? RipplesScene)
        let confetti = try #require(timeline.layers[1].scene as? ConfettiScene)
        #expect(timeline.layers[1].start == 0.5)
        #expect(confetti.particles.count == 70)
        #expect(confetti.particles.suffix(40).allSatisfy { [Color.pink, .mint, .indigo].contains($0.color) })
        #expect(ripples.lineWidth == 1.5)
        // 2 touches + 16 trail rings + rain for the rest of the timeline.
        #expect(ripples.ripples.count > 18)
        #expect(ripples.ripples.filter { $0.start == 0.3 }.first?.color == RipplesScene.palette[1])
    }

    @Test func aMinimalFileUsesTheDocumentedDefaults() throws {
        let timeline = try decodeScene(#"{"layers": [{"scene": "confetti"}]}"#).makeTimeline()
        #expect(timeline.size == CGSize(width: 390, height: 844))
        #expect(timeline.scale == 2 && timeline.fps == 60 && timeline.duration == 3 && timeline.background == nil)
        let layer = try #require(timeline.layers.first)
        #expect(layer.start == 0 && layer.end == nil && layer.opacity == 1)
        let confetti = try #require(layer.scene as? ConfettiScene)
        #expect(confetti.particles == (try ConfettiScene(size: CGSize(width: 390, height: 844))).particles)
        #expect(confetti.physics == ConfettiPhysics())
        #expect(try decodeScene("{}").makeTimeline().layers.isEmpty)
    }

    @Test func emissionsAloneHaveNoDefaultBurst() throws {
        let file = try decodeScene(#"{"size": [100, 100], "layers": [{"scene": "confetti", "emissions": [{"rate": 10, "duration": 1}]}]}"#)
        let confetti = try #require(try file.makeTimeline().layers[0].scene as? ConfettiScene)
        #expect(confetti.particles.count == 10)
    }

    @Test func loadReportsMissingFilesAndDirectories() {
        let missing = expectFlipbookError(.file) { _ = try SceneFile.load(from: URL(fileURLWithPath: "/nonexistent/scene.json")) }
        #expect(missing?.description == "Cannot read the scene file /nonexistent/scene.json: there is no such file.")
        #expect(missing?.location.file == "/nonexistent/scene.json")
        let directory = expectFlipbookError(.file) { _ = try SceneFile.load(from: sceneFixtures) }
        #expect(directory?.message == "Cannot read the scene file \(sceneFixtures.path): it is a directory.")
        let device = expectFlipbookError(.file) { _ = try SceneFile.load(from: URL(fileURLWithPath: "/dev/zero")) }
        #expect(device?.message == "Cannot read the scene file /dev/zero: it is not a regular file.")
    }

    @Test func aValueReplacedAfterReadingIsNotPinnedToTheFile() throws {
        var file = try decodeScene("{\n  \"duration\": 2,\n  \"scale\": 2\n}")
        file.duration = -1
        expectInvalidInput("test.json: duration must be greater than 0 and at most 86400 seconds; it is -1.",
                           at: .init(file: "test.json", keyPath: "duration")) { _ = try file.makeTimeline() }
        var scaled = try decodeScene("{\n  \"duration\": 2,\n  \"scale\": 2\n}")
        scaled.scale = 0
        expectInvalidInput("test.json: scale must be greater than 0 and at most 100 pixels per point; it is 0.",
                           at: .init(file: "test.json", keyPath: "scale")) { _ = try scaled.makeTimeline() }
    }

    @Test func batchDocumentsGetPositionsToo() {
        struct Job: Decodable { var duration: Double }
        expectInvalidInput(
            "jobs.json:1:14: duration must be a number a Double can hold (at most about 1.8e308 in size); it is 1e999.",
            at: FlipbookError.Location(file: "jobs.json", line: 1, column: 14, keyPath: "duration")) {
            _ = try decodeJSONDocument(Job.self, from: Data(#"{"duration": 1e999}"#.utf8), source: "jobs.json")
        }
        expectInvalidInput("jobs.json:1:14: malformed JSON: expected a value (an object, array, string, number, true, "
                            + "false or null) but found '}'.",
                           at: FlipbookError.Location(file: "jobs.json", line: 1, column: 14)) {
            _ = try decodeJSONDocument(Job.self, from: Data(#"{"duration": }"#.utf8), source: "jobs.json")
        }
    }

    @Test func sizeAcceptsBothForms() throws {
        #expect(try decodeScene(#"{"size": {"width": 300, "height": 200}}"#).size == CGSize(width: 300, height: 200))
        #expect(try decodeScene(#"{"size": [300, 200]}"#).size == CGSize(width: 300, height: 200))
    }

    @Test(arguments: [("29.97", FrameRate(30000, 1001)), (#""30000/1001""#, FrameRate(30000, 1001)), ("30", 30),
                      ("23.976", FrameRate(24000, 1001)), (#""59.94""#, FrameRate(60000, 1001))])
    func frameRatesAsNumbersOrRatios(written: String, rate: FrameRate) throws {
        let file = try decodeScene(#"{"fps": \#(written)}"#)
        #expect(file.fps == rate)
        #expect(try file.makeTimeline().fps == rate)
    }

    @Test func presetsBuildTimelines() throws {
        let confetti = try SceneFile.defaultConfetti().makeTimeline()
        #expect(confetti.size == SceneFile.defaultSize && confetti.duration == 3 && confetti.background == .white)
        let scene = try #require(confetti.layers.first?.scene as? ConfettiScene)
        #expect(scene.particles.count == 60)
        #expect(Set(scene.particles.map(\.birthTime)) == [0, 0.9])
        // Seeds change the picture.
        let other = try #require(try SceneFile.defaultConfetti(seed: 1).makeTimeline().layers.first?.scene as? ConfettiScene)
        #expect(other.particles != scene.particles)
        // Large canvases scale the particles up.
        let big = try #require(try SceneFile.defaultConfetti(size: CGSize(width: 1080, height: 1920), scale: 1)
            .makeTimeline().layers.first?.scene as? ConfettiScene)
        #expect(big.particles.allSatisfy { $0.size.width >= 7 * 1080 / 390 - 1e-9 })

        let ripplesFile = SceneFile.defaultRipples()
        let ripples = try ripplesFile.makeTimeline()
        #expect(ripples.duration == 6)
        let pond = try #require(ripples.layers.first?.scene as? RipplesScene)
        #expect(pond.ripples.count > 20)
        #expect(pond.ripples.contains { $0.color == RipplesScene.palette[1] })   // the second finger
        // Presets survive a trip through JSON, which is how the CLI may print them.
        #expect(try SceneFile.decode(ripplesFile.jsonData()) == ripplesFile)
        #expect(try SceneFile.decode(SceneFile.defaultConfetti().jsonData()) == SceneFile.defaultConfetti())
    }
}
