@testable import FlipbookAnimation
import FlipbookDrawing
import Foundation
import Testing

/// Fixtures/Scenes in the package.
let sceneFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Scenes")

private func decode(_ json: String) throws -> SceneFile {
    try SceneFile.decode(Data(json.utf8), source: "test.json")
}

/// The message of the FlipbookError `body` throws, or a failure.
private func message(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "no error"
    } catch let error as FlipbookError {
        return error.message
    } catch {
        return "unexpected \(error)"
    }
}

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
        let timeline = try decode(#"{"layers": [{"scene": "confetti"}]}"#).makeTimeline()
        #expect(timeline.size == CGSize(width: 390, height: 844))
        #expect(timeline.scale == 2 && timeline.fps == 60 && timeline.duration == 3 && timeline.background == nil)
        let layer = try #require(timeline.layers.first)
        #expect(layer.start == 0 && layer.end == nil && layer.opacity == 1)
        let confetti = try #require(layer.scene as? ConfettiScene)
        #expect(confetti.particles == (try ConfettiScene(size: CGSize(width: 390, height: 844))).particles)
        #expect(confetti.physics == ConfettiPhysics())
        #expect(try decode("{}").makeTimeline().layers.isEmpty)
    }

    @Test func emissionsAloneHaveNoDefaultBurst() throws {
        let file = try decode(#"{"size": [100, 100], "layers": [{"scene": "confetti", "emissions": [{"rate": 10, "duration": 1}]}]}"#)
        let confetti = try #require(try file.makeTimeline().layers[0].scene as? ConfettiScene)
        #expect(confetti.particles.count == 10)
    }

    @Test func sizeAcceptsBothForms() throws {
        #expect(try decode(#"{"size": {"width": 300, "height": 200}}"#).size == CGSize(width: 300, height: 200))
        #expect(try decode(#"{"size": [300, 200]}"#).size == CGSize(width: 300, height: 200))
        #expect(message { _ = try decode(#"{"size": [300]}"#) }
            == "test.json: size: expected a size as 2 numbers [width, height] but found 1.")
        #expect(message { _ = try decode(#"{"size": "big"}"#) }
            == #"test.json: size: expected a size as [width, height] or {"width", "height"} with numbers."#)
    }

    @Test func syntaxErrorsGiveLineColumnAndWhatWasExpected() {
        #expect(message { _ = try decode("{\n  \"fps\": 30,\n  \"duration\": 2,,\n}") }
            == "test.json:3:17: malformed JSON: expected a key in double quotes but found ','.")
        #expect(message { _ = try decode("{\"layers\": [\n  {\"scene\": \"confetti\"}\n  {\"scene\": \"ripples\"}\n]}") }
            == "test.json:3:3: malformed JSON: expected ',' or ']' after a value in an array but found '{'.")
        // Foundation's decoder accepts a trailing comma, so the checker does too.
        #expect(message { _ = try decode("{\"fps\": 30,\n}") } == "no error")
        #expect(message { _ = try decode("{\"background\": \"white}") }
            == "test.json:1:23: malformed JSON: expected '\"' to close the string but found the end of the file.")
        #expect(message { _ = try decode("{\"fps\": tru}") }
            == "test.json:1:9: malformed JSON: expected a value (an object, array, string, number, true, false or null; strings need double quotes) but found 'tru'.")
        #expect(message { _ = try decode("") }
            == "test.json:1:1: malformed JSON: expected a value (an object, array, string, number, true, false or null) but found the end of the file.")
        #expect(message { _ = try decode("{\"size\": [1, 2]} x") }
            == "test.json:1:18: malformed JSON: expected the end of the file after the top-level value but found 'x'.")
        // Columns count characters, not bytes.
        #expect(message { _ = try decode("{\"é\": 1 2}") }
            == "test.json:1:9: malformed JSON: expected ',' or '}' after a value in an object but found '2'.")
    }

    @Test func typeErrorsNameTheKeyPath() {
        let json = #"{"layers": [{"scene": "ripples"}, {"scene": "confetti", "bursts": [{}, {"count": "many"}]}]}"#
        #expect(message { _ = try decode(json) }
            == "test.json: layers[1].bursts[1].count: expected a whole number but found a string.")
        #expect(message { _ = try decode(#"{"fps": 29.97}"#) }
            == "test.json: fps: expected a whole number but found 29.97.")
        #expect(message { _ = try decode(#"{"layers": [{"scene": "confetti", "seed": -1}]}"#) }
            == "test.json: layers[0].seed: expected a whole number from 0 to 18446744073709551615 but found -1.")
        #expect(message { _ = try decode(#"{"layers": [{"scene": "ripples", "maximumNumberOfRipples": 1e30}]}"#) }
            .hasPrefix("test.json: layers[0].maximumNumberOfRipples: expected a whole number"))
        #expect(message { _ = try decode(#"{"layers": {"scene": "confetti"}}"#) }
            == "test.json: layers: expected a list but found an object.")
        #expect(message { _ = try decode(#"{"layers": [[1]]}"#) }
            == "test.json: layers[0]: expected an object but found a list.")
        #expect(message { _ = try decode(#"{"duration": null}"#) } == "no error")   // null means "use the default"
        #expect(message { _ = try decode(#"{"layers": [{"start": 1}]}"#) }
            == "test.json: layers[0].scene is missing; it is required here.")
        #expect(message { _ = try decode(#"{"layers": [{"scene": "fireworks"}]}"#) }
            == #"test.json: layers[0].scene: 'fireworks' is not a scene: expected "confetti" or "ripples"."#)
        #expect(message { _ = try decode(#"{"background": "blurple"}"#) }
            == ##"test.json: background: 'blurple' is not a colour: use a name such as "purple" or a hex string such as "#ff8800"."##)
        #expect(message { _ = try decode(#"{"layers": [{"scene": "confetti", "bursts": [{"shapes": ["hexagon"]}]}]}"#) }
            .hasPrefix("test.json: layers[0].bursts[0].shapes[0]: 'hexagon' is not a confetti shape"))
        #expect(message { _ = try decode(#"{"layers": [{"scene": "confetti", "bursts": [{"rotationSpeed": [400, -400]}]}]}"#) }
            == "test.json: layers[0].bursts[0].rotationSpeed: expected a range [low, high] with low ≤ high but found [400, -400].")
        #expect(message { _ = try decode(#"{"layers": [{"scene": "ripples", "touches": [{"time": 0, "phase": "tap", "point": [1, 2]}]}]}"#) }
            == #"test.json: layers[0].touches[0].phase: 'tap' is not a touch phase: expected "down", "move" or "up"."#)
        #expect(message { _ = try decode(#"{"layers": [{"scene": "confetti", "bursts": [{"shapes": [{"svg": "M0 0 L"}]}]}]}"#) }
            .hasPrefix("test.json: layers[0].bursts[0].shapes[0].svg: "))
    }

    @Test func unknownKeysAreReportedWithASuggestion() {
        #expect(message { _ = try decode(#"{"layers": [{"scene": "confetti", "burst": []}]}"#) }
            == "test.json: layers[0].burst: 'burst' is not a key of a confetti layer. Did you mean 'bursts'? "
                + "Known keys: scene, start, end, opacity, seed, bursts, emissions, physics.")
        #expect(message { _ = try decode(#"{"fsp": 30}"#) }.hasPrefix("test.json: fsp: 'fsp' is not a key of a scene file. Did you mean 'fps'?"))
        // A ripples key in a confetti layer is an error too.
        #expect(message { _ = try decode(#"{"layers": [{"scene": "confetti", "touches": []}]}"#) }
            .hasPrefix("test.json: layers[0].touches: 'touches' is not a key of a confetti layer."))
    }

    @Test func rangeErrorsNameTheKeyPath() {
        func timelineError(_ json: String) -> String { message { _ = try decode(json).makeTimeline() } }
        #expect(timelineError(#"{"layers": [{"scene": "ripples"}, {"scene": "confetti", "bursts": [{"count": 500000}]}]}"#)
            == "layers[1].bursts[0].count must be between 1 and 100000; it is 500000.")
        #expect(timelineError(#"{"duration": -1}"#) == "duration must be greater than 0 and at most 86400 seconds; it is -1.")
        #expect(timelineError(#"{"fps": 0}"#) == "fps must be between 1 and 1000; it is 0.")
        #expect(timelineError(#"{"size": [0, 100]}"#) == "size must be between 1 and 16384 points on each side; it is 0×100.")
        #expect(timelineError(#"{"size": [20000, 100]}"#) == "size must be between 1 and 16384 points on each side; it is 20000×100.")
        #expect(timelineError(#"{"size": [10000, 100], "scale": 2}"#)
            == "size × scale must be between 1 and 16384 pixels on each side; it is 20000×200 pixels.")
        #expect(timelineError(#"{"scale": 0}"#) == "scale must be greater than 0 and at most 100 pixels per point; it is 0.")
        #expect(timelineError(#"{"layers": [{"scene": "confetti", "start": 2, "end": 1}]}"#)
            == "layers[0].end must be after the layer's start (2 s); it is 1.")
        #expect(timelineError(#"{"layers": [{"scene": "confetti", "opacity": 1.5}]}"#)
            == "layers[0].opacity must be between 0 and 1; it is 1.5.")
        #expect(timelineError(#"{"layers": [{"scene": "confetti", "physics": {"drag": -1}}]}"#)
            == "layers[0].physics.drag must be greater than 0 and at most 1000 (per second); it is -1.")
        #expect(timelineError(#"{"layers": [{"scene": "confetti", "bursts": [{"emitter": {"kind": "point", "speed": [-1, 5]}}]}]}"#)
            == "layers[0].bursts[0].emitter.speed must be a range within 0...1000000; it is -1...5.")
        #expect(timelineError(#"{"layers": [{"scene": "ripples", "maximumNumberOfRipples": 0}]}"#)
            == "layers[0].maximumNumberOfRipples must be between 1 and 1000000; it is 0.")
        #expect(timelineError(#"{"layers": [{"scene": "ripples", "touches": [{"time": 1, "phase": "move", "point": [0, 0]}]}]}"#)
            == "layers[0].touches[0]: finger 0 moves at 1.0 s but is not down; put it down first with a \"down\" event.")
        #expect(timelineError(#"{"layers": [{"scene": "ripples", "rain": [{}, {"rate": -2}]}]}"#)
            == "layers[0].rain[1].rate must be greater than 0 and at most 10000 drops per second; it is -2.")
        #expect(timelineError(#"{"layers": [{"scene": "ripples", "trail": {"points": [[0, 0]]}}]}"#)
            == "layers[0].trail[0].points must be a list of at least two points; it is 1 points.")
        #expect(timelineError(#"{"layers": [{"scene": "ripples", "trail": {}}]}"#)
            == #"layers[0].trail[0] needs exactly one of "path" (SVG path data) or "points" (a list of [x, y])."#)
    }

    @Test func loadReportsMissingFiles() {
        let missing = URL(fileURLWithPath: "/nonexistent/scene.json")
        #expect(message { _ = try SceneFile.load(from: missing) }
            == "Cannot read the scene file /nonexistent/scene.json: there is no such file.")
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
