@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import FlipbookTestSupport
import Foundation
import Testing

/// The package's `docs` folder.
let docsFolder = packageFile("docs")

/// The tables drive reading, writing, `flipbook scenes` and the reference alike.
@Suite struct ParameterTableTests {
    /// A file using every table with values other than the defaults.
    static let everything: SceneFile = {
        let style = ConfettiStyle(
            palette: [.pink, Color(red: 0.2, green: 0.4, blue: 0.6)], sizes: [CGSize(width: 4, height: 9)], scale: 1.5,
            shapes: [.star, .circle, .custom(Path(CGRect(x: 0, y: 0, width: 3, height: 2)))], rotation: 10...20,
            rotationSpeed: -5...5, flutterAmplitude: 1...2, flutterFrequency: 3...3, flutterPhase: 0...1,
            flipFrequency: 2...4, flipPhase: 1...2, spreadStrength: 0...0)
        let confetti = SceneFile.ConfettiParameters(
            seed: UInt64.max,
            bursts: [
                ConfettiBurst(time: 0.25, count: 12, emitter: .point(at: UnitPoint(x: 0.2, y: 0.7), angle: .degrees(45),
                                                                     spread: .degrees(30), speed: 10...20), style: style),
                ConfettiBurst(emitter: .bottomCannon(horizontalRange: 0.4...0.6, verticalOffset: 5, launchSpeed: 2,
                                                     launchSpeedVariation: 1...1, horizontalSpeed: -0.1...0.2)),
            ],
            emissions: [ConfettiEmission(rate: 7, start: 0.5, duration: 1.25,
                                         emitter: .topRain(horizontalRange: 0.1...0.9, verticalOffset: 3,
                                                           fallSpeed: 5...6, horizontalSpeed: -1...1))],
            physics: ConfettiPhysics(gravity: 100, drag: 2, lifetime: 2, fadeOutDuration: 0.5, minimumFlipScale: 0.3,
                                     wind: CGVector(dx: 4, dy: -2)))
        let ripples = SceneFile.RipplesParameters(
            ripples: [SceneFile.RippleDescription(center: CGPoint(x: 10, y: 20), start: 0.5, color: .teal),
                      SceneFile.RippleDescription(center: CGPoint(x: 1, y: 2))],
            touches: [TouchScript.Event(time: 0.1, phase: .down, finger: 2, point: CGPoint(x: 5, y: 6)),
                      TouchScript.Event(time: 0.3, phase: .up, finger: 2, point: CGPoint(x: 5, y: 6))],
            rain: [SceneFile.RainDescription(rate: 3, start: 0.5, duration: 1, area: CGRect(x: 1, y: 2, width: 30, height: 40),
                                             palette: [.red], seed: 9)],
            trail: [SceneFile.TrailDescription(path: "M0 0 L10 10", start: 0.2, duration: 0.5, rate: 8, color: .mint),
                    SceneFile.TrailDescription(points: [CGPoint(x: 0, y: 0), CGPoint(x: 3, y: 4)])],
            palette: [.blue, .yellow], lifetime: 3, speed: 12, lineWidth: 1.5, rippleOpacity: 0.75,
            maximumNumberOfRipples: 50)
        return SceneFile(
            size: CGSize(width: 120, height: 80), scale: 1.5, fps: FrameRate(30000, 1001), duration: 2.5,
            background: Color(hex: "#1c1c1e"),
            layers: [SceneFile.Layer(.confetti(confetti), start: 0.1, end: 2, opacity: 0.8),
                     SceneFile.Layer(.ripples(ripples))])
    }()

    @Test func everyTableSurvivesWritingAndReading() throws {
        let file = Self.everything
        let data = try file.jsonData()
        let read = try SceneFile.decode(data, source: "round-trip.json")
        #expect(read == file)
        // Every part compared on its own too, so a failure says which table lost something.
        guard case .confetti(let confetti) = read.layers?[0].content, case .ripples(let ripples) = read.layers?[1].content,
              case .confetti(let expectedConfetti) = file.layers?[0].content,
              case .ripples(let expectedRipples) = file.layers?[1].content
        else {
            Issue.record("layers lost their scenes")
            return
        }
        #expect(confetti.bursts == expectedConfetti.bursts)
        #expect(confetti.emissions == expectedConfetti.emissions)
        #expect(confetti.physics == expectedConfetti.physics)
        #expect(confetti.seed == UInt64.max)
        #expect(ripples == expectedRipples)
        #expect(read.layers?[0].start == 0.1 && read.layers?[0].end == 2 && read.layers?[0].opacity == Keyframed(0.8))
        // And through Codable, which uses the same tables.
        let viaCodable = try JSONDecoder().decode(SceneFile.self, from: JSONEncoder().encode(file))
        #expect(viaCodable == file)
        #expect(try JSONDecoder().decode(ConfettiPhysics.self, from: JSONEncoder().encode(ConfettiPhysics())) == ConfettiPhysics())
        // The file it writes builds a timeline.
        #expect(try read.makeTimeline().layers.count == 2)
    }

    @Test func defaultsAreLeftOutWhenWriting() throws {
        let text = String(decoding: try SceneFile(layers: [SceneFile.Layer(.confetti(.init(bursts: [ConfettiBurst()])))])
            .jsonData(), as: UTF8.self)
        #expect(text == """
            {
              "layers": [
                {
                  "scene": "confetti",
                  "bursts": [
                    {}
                  ]
                }
              ]
            }

            """)
    }

    @Test func theDefaultsAreTheSwiftDefaults() {
        func defaultOf(_ section: ParameterSection, _ key: String) -> String? {
            section.parameters.first { $0.key == key }?.defaultValue
        }
        let ripples = SceneFile.RipplesParameters.parameters.section
        #expect(defaultOf(ripples, "lifetime") == "14")
        #expect(defaultOf(ripples, "speed") == "40")
        #expect(defaultOf(ripples, "lineWidth") == "2")
        #expect(defaultOf(ripples, "rippleOpacity") == "0.5")
        #expect(defaultOf(ripples, "maximumNumberOfRipples") == "1000")
        let pond = RipplesScene(ripples: [])
        #expect(pond.lifetime == 14 && pond.speed == 40 && pond.lineWidth == 2 && pond.opacity == 0.5
                    && pond.maximumNumberOfRipples == 1000)
        let cannon = ConfettiEmitter.Cannon.parameters.section
        #expect(defaultOf(cannon, "horizontalRange") == "[0.15, 0.85]")
        #expect(defaultOf(cannon, "launchSpeed") == "1.8")
        #expect(ConfettiEmitter.bottomCannon == ConfettiEmitter(kind: .bottomCannon(.init())))
        #expect(defaultOf(ConfettiBurst.ownParameters.section, "count") == "30")
        #expect(ConfettiBurst().count == 30)
    }

    @Test func theListingFitsEightyColumns() throws {
        for scene in [nil, "confetti", "ripples"] {
            let text = try SceneReference.listing(scene: scene)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let widest = lines.max { $0.count < $1.count }.map(String.init) ?? ""
            #expect(widest.count <= 80, "\(scene ?? "all"): \(widest)")
            #expect(lines.count > 20)
        }
        let confetti = try SceneReference.listing(scene: "confetti")
        #expect(confetti.contains("\n  count: whole number; default 30; 1...100000 particles\n      How many particles are launched.\n"))
        #expect(confetti.contains("\n  drag: number; default 1.6; > 0, ≤ 1000 per second\n"))
        let ripples = try SceneReference.listing(scene: "ripples")
        #expect(ripples.contains("\n  lifetime: number; default 14; > 0, ≤ 86400 seconds\n"))
        #expect(!ripples.contains("\n  count:"))
        let overview = try SceneReference.listing()
        #expect(overview.hasPrefix("Scenes (run 'flipbook scenes NAME' for one scene's keys):\n  confetti  Physics-based"))
        // Long words are cut rather than overflowing.
        #expect(SceneReference.wrap(String(repeating: "x", count: 30), width: 12, first: "  ", indent: "    ")
            == ["  xxxxxxxxxx", "    xxxxxxxx", "    xxxxxxxx", "    xxxx"])
    }

    @Test func theJSONDescriptionListsEveryKey() throws {
        let data = Data(try SceneReference.json(scene: "confetti").utf8)
        let scene = try JSONDecoder().decode(SceneReference.self, from: data)
        #expect(scene.name == "confetti")
        let burst = try #require(scene.sections.first { $0.title == "Burst" })
        #expect(burst.parameters.first { $0.key == "count" }
            == ParameterInfo(key: "count", type: "whole number", defaultValue: "30", range: "1...100000",
                             unit: "particles", help: "How many particles are launched."))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sections = try #require(object["sections"] as? [[String: Any]])
        let first = try #require((sections.first?["parameters"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["key", "type", "default", "help"])   // no range or unit for the seed
        let all = try #require(try JSONSerialization.jsonObject(with: Data(SceneReference.json().utf8)) as? [String: Any])
        #expect((all["scenes"] as? [Any])?.count == SceneFile.Layer.sceneNames.count && (all["file"] as? [Any])?.count == 8)
        // The gradient shapes and texts share is listed once, beside the file's sections, not under each scene.
        let sceneSections = SceneReference.scenes.flatMap(\.sections).map(\.title)
        #expect(!sceneSections.contains("Gradient") && SceneReference.fileSections.contains { $0.title == "Gradient" })
    }

    @Test func anUnknownSceneNameGetsASuggestion() {
        expectInvalidInput("Unknown scene 'confeti'. Did you mean 'confetti'? Scenes: confetti, ripples, text, shape, image, group, audio, lottie, captions, video, sequence.", at: .init()) {
            _ = try SceneReference.listing(scene: "confeti")
        }
        expectInvalidInput("Unknown scene 'fireworks'. Scenes: confetti, ripples, text, shape, image, group, audio, lottie, captions, video, sequence.", at: .init()) {
            _ = try SceneReference.json(scene: "fireworks")
        }
    }

    /// The reference is checked in twice: as a page of `docs/` and as the DocC catalog's article.
    @Test(arguments: ["docs/SceneFileReference.md", "Sources/Flipbook/Flipbook.docc/SceneFileReference.md"])
    func theCheckedInReferenceIsTheGeneratedOne(path: String) throws {
        let file = docsFolder.deletingLastPathComponent().appendingPathComponent(path)
        let generated = SceneReference.markdown()
        let checkedIn = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        if checkedIn != generated, ProcessInfo.processInfo.environment["UPDATE_REFERENCE"] == "1" {
            try generated.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(checkedIn == generated, "\(path) is stale: run the tests with UPDATE_REFERENCE=1")
        #expect(generated.contains("## Scene `confetti`") && generated.contains("## Scene `ripples`"))
        #expect(generated.contains("| `count` | whole number | `30` | 1...100000 | particles | How many particles are launched. |"))
        #expect(generated.contains("| `scene` | confetti\\|ripples\\|text\\|shape\\|image\\|group\\|audio\\|lottie\\|captions\\|video\\|sequence | required |"))
    }
}
