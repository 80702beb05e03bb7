@testable import FlipbookAnimation
import FlipbookDrawing
@testable import FlipbookSceneFile
import Foundation
import Testing

/// The presets behind `flipbook render confetti|ripples` adapt to any duration and canvas.
@Suite struct PresetTests {
    @Test(arguments: [0.05, 0.5, 1.0])
    func ripplesOnAShortClipBuildATimeline(duration: Double) throws {
        let timeline = try SceneFile.defaultRipples(duration: duration).makeTimeline()
        #expect(timeline.duration == duration)
        let pond = try #require(timeline.layers.first?.scene as? RipplesScene)
        // The first tap (0.2 s) is always there; the rain (from 0.5 s) only when the clip is longer.
        #expect(pond.ripples.first?.start == 0.2)
        let file = SceneFile.defaultRipples(duration: duration)
        guard case .ripples(let parameters) = file.layers?.first?.content else {
            Issue.record("the preset is not a ripples layer")
            return
        }
        #expect((parameters.rain?.count ?? 0) == (duration > 0.5 ? 1 : 0))
    }

    @Test func aRainThatWouldStartAfterTheEndMakesNoDrops() throws {
        let timeline = try decodeScene(#"{"duration": 0.5, "layers": [{"scene": "ripples", "rain": {"start": 1}}]}"#)
            .makeTimeline()
        let pond = try #require(timeline.layers.first?.scene as? RipplesScene)
        #expect(pond.ripples.isEmpty)
    }

    @Test(arguments: [CGSize(width: 1, height: 1), CGSize(width: 20, height: 3000), CGSize(width: 4000, height: 2000)])
    func presetsBuildOnAnyCanvas(size: CGSize) throws {
        let confetti = try SceneFile.defaultConfetti(size: size, scale: 1, duration: 0.5).makeTimeline()
        #expect(confetti.size == size)
        #expect((confetti.layers.first?.scene as? ConfettiScene)?.particles.count == 60)
        let ripples = try SceneFile.defaultRipples(size: size, scale: 1, duration: 0.5).makeTimeline()
        #expect(ripples.size == size)
    }

    @Test func overridingTheSeedReachesEveryRandomPart() throws {
        var file = try decodeScene("""
            {"layers": [{"scene": "confetti", "seed": 1},
                        {"scene": "ripples", "rain": [{"seed": 5}, {"rate": 1}]}]}
            """)
        file.overrideSeed(40)
        guard case .confetti(let confetti) = file.layers?[0].content, case .ripples(let ripples) = file.layers?[1].content
        else {
            Issue.record("layers changed scene")
            return
        }
        #expect(confetti.seed == 40)
        #expect(ripples.rain?.map(\.seed) == [40, 41])
        var preset = SceneFile.defaultConfetti(seed: 3)
        preset.overrideSeed(3)
        #expect(preset == SceneFile.defaultConfetti(seed: 3))
    }
}

extension PresetTests {
    @Test func presetsByName() throws {
        #expect(try ScenePreset(named: "Ripples") == .ripples)
        #expect(try ScenePreset(named: "confetti").sceneFile() == SceneFile.defaultConfetti())
        #expect(ScenePreset.ripples.sceneFile().duration == 6 && ScenePreset.confetti.sceneFile().duration == 3)
        #expect(try ScenePreset.ripples.sceneFile(duration: 0.5).makeTimeline().duration == 0.5)
        expectInvalidInput("Unknown scene 'ripple'. Did you mean 'ripples'? Presets: confetti, ripples.", at: .init()) {
            _ = try ScenePreset(named: "ripple")
        }
    }
}
