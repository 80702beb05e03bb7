@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import Foundation
import Testing

/// Every scene-file mistake is an invalid-input ``FlipbookError`` at the file, line and column of
/// the offending value, naming its key path and saying what is allowed.
@Suite struct SceneFileErrorTests {
    @Test func syntaxErrorsGiveLineColumnAndWhatWasExpected() throws {
        expectInvalidInput("test.json:3:17: malformed JSON: expected a key in double quotes but found ','.",
                           at: inTestFile(3, 17, nil)) { _ = try decodeScene("{\n  \"fps\": 30,\n  \"duration\": 2,,\n}") }
        expectInvalidInput(
            "test.json:3:3: malformed JSON: expected ',' or ']' after a value in an array but found '{'.",
            at: inTestFile(3, 3, nil)) {
            _ = try decodeScene("{\"layers\": [\n  {\"scene\": \"confetti\"}\n  {\"scene\": \"ripples\"}\n]}")
        }
        // Foundation's decoder accepts a trailing comma, so the reader does too.
        #expect(try decodeScene("{\"fps\": 30,\n}").fps == 30)
        expectInvalidInput(
            "test.json:1:23: malformed JSON: expected '\"' to close the string but found the end of the file.",
            at: inTestFile(1, 23, nil)) { _ = try decodeScene("{\"background\": \"white}") }
        expectInvalidInput(
            "test.json:1:9: malformed JSON: expected a value (an object, array, string, number, true, false or null; "
                + "strings need double quotes) but found 'tru'.",
            at: inTestFile(1, 9, nil)) { _ = try decodeScene("{\"fps\": tru}") }
        expectInvalidInput(
            "test.json:1:1: malformed JSON: expected a value (an object, array, string, number, true, false or null) "
                + "but found the end of the file.",
            at: inTestFile(1, 1, nil)) { _ = try decodeScene("") }
        expectInvalidInput(
            "test.json:1:18: malformed JSON: expected the end of the file after the top-level value but found 'x'.",
            at: inTestFile(1, 18, nil)) { _ = try decodeScene("{\"size\": [1, 2]} x") }
        // Columns count characters, not bytes.
        expectInvalidInput(
            "test.json:1:9: malformed JSON: expected ',' or '}' after a value in an object but found '2'.",
            at: inTestFile(1, 9, nil)) { _ = try decodeScene("{\"é\": 1 2}") }
        expectInvalidInput(
            #"test.json:2:2: malformed JSON: expected each key once ("fps" is already at line 1) but found "fps" again."#,
            at: inTestFile(2, 2, nil)) { _ = try decodeScene("{\"fps\": 30,\n \"fps\": 60}") }
    }

    @Test func unknownKeysAreReportedWithASuggestionAndTheKnownKeys() {
        expectInvalidInput(
            "test.json:1:35: layers[0].burst is not a key of a confetti layer. Did you mean 'bursts'? "
                + "Known keys: scene, start, end, duration, transition, opacity, sound, position, anchor, rotation, scale, blend, filters, motionBlur, seed, bursts, emissions, physics.",
            at: inTestFile(1, 35, "layers[0].burst")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "burst": []}]}"#)
        }
        expectInvalidInput(
            "test.json:1:2: fsp is not a key of a scene file. Did you mean 'fps'? "
                + "Known keys: size, scale, fps, duration, background, colorScheme, assets, motionBlur, loudness, layers, parameters.",
            at: inTestFile(1, 2, "fsp")) { _ = try decodeScene(#"{"fsp": 30}"#) }
        // A ripples key in a confetti layer is an error too.
        expectInvalidInput(
            "test.json:1:35: layers[0].touches is not a key of a confetti layer. "
                + "Known keys: scene, start, end, duration, transition, opacity, sound, position, anchor, rotation, scale, blend, filters, motionBlur, seed, bursts, emissions, physics.",
            at: inTestFile(1, 35, "layers[0].touches")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "touches": []}]}"#)
        }
    }

    @Test func aNumberTooLargeForADoubleIsOutOfRangeNotBrokenJSON() throws {
        // Read for its form; the timeline checks the range once and shows the value as written.
        _ = try decodeScene(#"{"duration": 1e999}"#)
        expectInvalidInput("test.json:1:14: duration must be greater than 0 and at most 86400 seconds; it is 1e999.",
                           at: inTestFile(1, 14, "duration")) { _ = try decodeScene(#"{"duration": 1e999}"#).makeTimeline() }
    }

    /// The layer's timing is read for its form and checked once, by the timeline, which names the limits
    /// the reference shows; the file's reader places the error at the value as written.
    @Test func aLayersTimingIsCheckedByTheTimelineAtTheValue() throws {
        expectInvalidInput("test.json:1:42: layers[0].end must be a number of seconds within ±86400; it is 1e9.",
                           at: inTestFile(1, 42, "layers[0].end")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "end": 1e9}]}"#).makeTimeline()
        }
        expectInvalidInput("test.json:1:46: layers[0].opacity must be between 0 and 1; it is 1.50.",
                           at: inTestFile(1, 46, "layers[0].opacity")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "opacity": 1.50}]}"#).makeTimeline()
        }
    }

    @Test func aStringWhereANumberBelongsSaysSo() {
        expectInvalidInput(
            #"test.json:1:60: layers[0].bursts[1].count must be a whole number between 1 and 100000 particles; it is a string ("many")."#,
            at: inTestFile(1, 60, "layers[0].bursts[1].count")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "bursts": [{}, {"count": "many"}]}]}"#)
        }
    }

    @Test func aHugeTrailOrRainDurationIsAnErrorNamingTheKeyNotACrash() {
        expectInvalidInput(
            "test.json:1:85: layers[0].trail[0].duration must be between 0 and 10000000 seconds; it is 1e300.",
            at: inTestFile(1, 85, "layers[0].trail[0].duration")) {
            _ = try decodeScene(#"{"layers": [{"scene": "ripples", "trail": {"points": [[0, 0], [10, 0]], "duration": 1e300}}]}"#).makeTimeline()
        }
        expectInvalidInput(
            "test.json:1:55: layers[0].rain[0].duration must be greater than 0 and at most 10000000 seconds; it is 1e300.",
            at: inTestFile(1, 55, "layers[0].rain[0].duration")) {
            _ = try decodeScene(#"{"layers": [{"scene": "ripples", "rain": {"duration": 1e300}}]}"#).makeTimeline()
        }
        // The same values from Swift, which never went through a file.
        let line = Path { $0.move(to: .zero); $0.addLine(to: CGPoint(x: 10, y: 0)) }
        expectInvalidInput("trail.duration must be between 0 and 10000000 seconds; it is 1e+300.",
                           at: .init(keyPath: "trail.duration")) {
            _ = try RippleTrail(path: line, duration: 1e300, rate: 30, color: .pink).ripples()
        }
        expectInvalidInput("rain.duration must be greater than 0 and at most 10000000 seconds; it is 1e+300.",
                           at: .init(keyPath: "rain.duration")) {
            _ = try RippleRain(rate: 1, duration: 1e300, area: CGRect(x: 0, y: 0, width: 10, height: 10)).ripples()
        }
    }

    @Test func durationTimesRateBeyondAnIntIsAnErrorAtTheTrail() {
        let json = """
            {"layers": [
              {"scene": "ripples",
               "trail": {"points": [[0, 0], [10, 0]], "duration": 10000000, "rate": 10000}}]}
            """
        expectInvalidInput(
            "test.json:3:13: layers[0].trail[0] must be at most 100000 rings (duration × rate); it is 100000000001 rings.",
            at: inTestFile(3, 13, "layers[0].trail[0]")) { _ = try decodeScene(json).makeTimeline() }
    }

    @Test func rangeErrorsFoundWhenTheTimelineIsMadeArePlacedInTheFile() {
        let json = """
            {
              "layers": [
                {"scene": "ripples"},
                {"scene": "confetti", "bursts": [{"count": 500000}]}
              ]
            }
            """
        expectInvalidInput("test.json:4:48: layers[1].bursts[0].count must be between 1 and 100000 particles; it is 500000.",
                           at: inTestFile(4, 48, "layers[1].bursts[0].count")) { _ = try decodeScene(json).makeTimeline() }
        let emission = """
            {"size": [100, 100],
             "layers": [{"scene": "confetti", "emissions": [{"rate": 10000, "duration": 11}]}]}
            """
        expectInvalidInput(
            "test.json:2:49: layers[0].emissions[0] must be at most 100000 particles (rate × duration); it is 110000 particles.",
            at: inTestFile(2, 49, "layers[0].emissions[0]")) { _ = try decodeScene(emission).makeTimeline() }
        // A value set in Swift after reading is still checked, by its key path.
        var file = SceneFile(layers: [SceneFile.Layer(.confetti(SceneFile.ConfettiParameters()), opacity: 1.5)])
        expectInvalidInput("layers[0].opacity must be between 0 and 1; it is 1.5.", at: .init(keyPath: "layers[0].opacity")) {
            _ = try file.makeTimeline()
        }
        file.layers = []
        file.duration = -1
        expectInvalidInput("duration must be greater than 0 and at most 86400 seconds; it is -1.",
                           at: .init(keyPath: "duration")) { _ = try file.makeTimeline() }
    }

    @Test func unknownNamesGetASuggestion() {
        expectInvalidInput(
            "test.json:1:23: layers[0].scene must be a scene: confetti, ripples, text, shape, image, group, audio, lottie, captions, video or sequence; it is 'confeti'. Did you mean 'confetti'?",
            at: inTestFile(1, 23, "layers[0].scene")) { _ = try decodeScene(#"{"layers": [{"scene": "confeti"}]}"#) }
        expectInvalidInput(
            "test.json:1:16: background must be a colour name (accentColor, black, blue, brown, clear, cyan, gray, green, "
                + ##"indigo, mint, orange, pink, primary, purple, red, secondary, teal, transparent, white, yellow) or a hex "##
                + ##"string such as "#ff8800"; "##
                + "it is 'blurple'. Did you mean 'purple'?",
            at: inTestFile(1, 16, "background")) { _ = try decodeScene(#"{"background": "blurple"}"#) }
        expectInvalidInput(
            #"test.json:1:58: layers[0].bursts[0].shapes[0] must be "rectangle", "circle", "triangle", "star", {"svg": "path data"}, {"text": "🎉", "font": "optional family"} or {"image": "file.png"}; it is 'hexagon'."#,
            at: inTestFile(1, 58, "layers[0].bursts[0].shapes[0]")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "bursts": [{"shapes": ["hexagon"]}]}]}"#)
        }
        expectInvalidInput(
            "test.json:1:58: layers[0].bursts[0].emitter must be one of bottomCannon, point, topRain; it is 'pont'. "
                + "Did you mean 'point'?",
            at: inTestFile(1, 58, "layers[0].bursts[0].emitter")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "bursts": [{"emitter": "pont"}]}]}"#)
        }
        expectInvalidInput(
            "test.json:1:67: layers[0].touches[0].phase must be one of down, move, up; it is 'tap'. Did you mean 'up'?",
            at: inTestFile(1, 67, "layers[0].touches[0].phase")) {
            _ = try decodeScene(#"{"layers": [{"scene": "ripples", "touches": [{"time": 0, "phase": "tap", "point": [1, 2]}]}]}"#)
        }
    }

    @Test func wrongFormsSayWhatIsAllowed() throws {
        expectInvalidInput(
            #"test.json:1:10: size must be a size [width, height] or {"width", "height"}; it is a list of 1."#,
            at: inTestFile(1, 10, "size")) { _ = try decodeScene(#"{"size": [300]}"#) }
        expectInvalidInput(
            "test.json:1:43: layers[0].seed must be a whole number from 0 to 18446744073709551615; it is -1.",
            at: inTestFile(1, 43, "layers[0].seed")) { _ = try decodeScene(#"{"layers": [{"scene": "confetti", "seed": -1}]}"#) }
        expectInvalidInput(
            "test.json:1:60: layers[0].maximumNumberOfRipples must be a whole number between 1 and 1000000; it is 1e30.",
            at: inTestFile(1, 60, "layers[0].maximumNumberOfRipples")) {
            _ = try decodeScene(#"{"layers": [{"scene": "ripples", "maximumNumberOfRipples": 1e30}]}"#)
        }
        expectInvalidInput("test.json:1:12: layers must be a list of layers; it is an object.",
                           at: inTestFile(1, 12, "layers")) { _ = try decodeScene(#"{"layers": {"scene": "confetti"}}"#) }
        expectInvalidInput("test.json:1:13: layers[0] must be an object (a layer); it is a list.",
                           at: inTestFile(1, 13, "layers[0]")) { _ = try decodeScene(#"{"layers": [[1]]}"#) }
        expectInvalidInput("test.json:1:13: layers[0].scene is missing; a layer needs it: confetti, ripples, text, shape, image, group, audio, lottie, captions, video or sequence.",
                           at: inTestFile(1, 13, "layers[0].scene")) { _ = try decodeScene(#"{"layers": [{"start": 1}]}"#) }
        expectInvalidInput(
            "test.json:1:49: layers[0].emissions[0].duration is missing; a confetti emission needs it.",
            at: inTestFile(1, 49, "layers[0].emissions[0].duration")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "emissions": [{"rate": 10}]}]}"#)
        }
        expectInvalidInput(
            "test.json:1:64: layers[0].bursts[0].rotationSpeed must be a range [low, high] with low ≤ high; it is [400, -400].",
            at: inTestFile(1, 64, "layers[0].bursts[0].rotationSpeed")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "bursts": [{"rotationSpeed": [400, -400]}]}]}"#)
        }
        expectInvalidInput(
            "test.json:1:9: fps must be a whole number of frames per second from 1 to 1000, or 23.976, 29.97 or 59.94 "
                + "(written 24000/1001, 30000/1001, 60000/1001); it is 29.5.",
            at: inTestFile(1, 9, "fps")) { _ = try decodeScene(#"{"fps": 29.5}"#).makeTimeline() }
        // null means "the default".
        #expect(try decodeScene(#"{"duration": null}"#).duration == nil)
    }
}

extension SceneFileErrorTests {
    @Test func tooManyParticlesInALayerIsPlacedAtTheLayer() {
        let bursts = Array(repeating: #"{"count": 100000}"#, count: 11).joined(separator: ", ")
        expectInvalidInput(
            "test.json:1:13: layers[0] must be at most 1000000 particles in all (bursts and emissions together); it is 1100000.",
            at: inTestFile(1, 13, "layers[0]")) {
            _ = try decodeScene(#"{"layers": [{"scene": "confetti", "bursts": [\#(bursts)]}]}"#).makeTimeline()
        }
        expectInvalidInput(
            "A confetti scene must be at most 1000000 particles in all (bursts and emissions together); it is 1100000.",
            at: .init()) {
            _ = try ConfettiScene(bursts: Array(repeating: ConfettiBurst(count: 100_000), count: 11))
        }
    }
}
