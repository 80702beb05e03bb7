import Flipbook
import Foundation

/// The benchmark workloads of issue #5, B1–B4, and issue #13's B5 (the storm made of emoji):
/// 1920×1080 px at 60 fps, libx264 CRF 20, yuv420p.
///
/// Each is defined here as a ``SceneFile`` value and also kept as JSON in `Fixtures/Benchmarks/`
/// (`flipbook-bench write-fixtures` regenerates those files from these definitions). The timeline
/// measured is always built from the JSON encoding of the definition, so the numbers describe exactly
/// what the fixture files hold (colours, for example, are stored as hex and round to 1/255).
struct Workload: Sendable {
    /// "B1" … "B5".
    let id: String
    /// A short name: "seed", "storm", "ripples", "still", "emoji".
    let name: String
    /// The scene file the workload renders.
    let scene: SceneFile
    /// The x264 preset for clips; unused by the still.
    let preset: String
    /// For a still: the time of the frame written as PNG.
    let stillTime: TimeInterval?

    /// The encoding options every clip workload uses: CRF 20, yuv420p, the library's default threads.
    var options: VideoOptions {
        var options = VideoOptions()
        options.preset = preset
        return options
    }

    /// The fixture file name, e.g. `B3-ripples.json`.
    var fixtureName: String { "\(id)-\(name).json" }

    /// The scene file as JSON, keys sorted so the fixture is stable.
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(scene)
    }

    /// The timeline, built from the JSON so that code and fixture cannot drift apart.
    func timeline() throws -> Timeline {
        try SceneFile.decode(json(), source: fixtureName).makeTimeline()
    }
}

extension Workload {
    static let all: [Workload] = [seed, storm, ripples, still, emoji]

    static func named(_ id: String) -> Workload? {
        all.first { $0.id.caseInsensitiveCompare(id) == .orderedSame || $0.name == id.lowercased() }
    }

    /// B1: 960×540 pt at scale 2, 3 s; the default 30-particle burst every 0.5 s from t = 0; medium.
    static let seed = seed(duration: 3)

    /// B1 lasting `duration` seconds, bursts continuing every 0.5 s (the memory-flatness check
    /// renders it 10× longer).
    static func seed(duration: Double) -> Workload {
        Workload(
            id: "B1", name: "seed",
            scene: SceneFile(
                size: CGSize(width: 960, height: 540), scale: 2, fps: 60, duration: duration, background: .white,
                layers: [SceneFile.Layer(.confetti(SceneFile.ConfettiParameters(
                    seed: 1, bursts: every(0.5, until: duration).map { ConfettiBurst(time: $0) })))]),
            preset: "medium", stillTime: nil)
    }

    /// B2: 1920×1080 pt at scale 1, 5 s; a 2000-particle burst every 0.3 s from t = 0 (with the
    /// default 1.5 s lifetime, five bursts — 10,000 particles — are alive at once); veryfast.
    static let storm = storm(duration: 5)

    /// B2 lasting `duration` seconds, bursts continuing every 0.3 s (the chunk benchmark's 10 s).
    static func storm(duration: Double) -> Workload {
        Workload(id: "B2", name: "storm", scene: stormScene(scale: 1, duration: duration), preset: "veryfast",
                 stillTime: nil)
    }

    /// B3: 1920×1080 pt at scale 1, 10 s; ripple k starts at k/100 s, centred at
    /// (960 + 700·cos(0.7·t), 540 + 400·sin(1.3·t)) with t its start, in `RipplesScene.palette[k % 6]`,
    /// at most 1000 at once; medium.
    static let ripples = Workload(
        id: "B3", name: "ripples",
        scene: SceneFile(
            size: CGSize(width: 1920, height: 1080), scale: 1, fps: 60, duration: 10, background: .white,
            layers: [SceneFile.Layer(.ripples(SceneFile.RipplesParameters(
                ripples: (0..<1000).map { k in
                    let t = Double(k) / 100
                    return SceneFile.RippleDescription(
                        center: CGPoint(x: 960 + 700 * cos(0.7 * t), y: 540 + 400 * sin(1.3 * t)),
                        start: t, color: RipplesScene.palette[k % 6])
                },
                maximumNumberOfRipples: 1000)))]),
        preset: "medium", stillTime: nil)

    /// B4: one 3840×2160 PNG of the storm at t = 0.8 s — the storm's 1920×1080 pt canvas at scale 2.
    static let still = Workload(
        id: "B4", name: "still", scene: stormScene(scale: 2), preset: "veryfast", stillTime: 0.8)

    /// B5: B2 with every particle an emoji (🎉 or 😀, 10,000 alive at once), to compare with B2's
    /// rectangles; veryfast.
    static let emoji = Workload(
        id: "B5", name: "emoji", scene: stormScene(scale: 1, shapes: emojiShapes), preset: "veryfast", stillTime: nil)

    /// B5's shapes.
    static let emojiShapes: [ConfettiShape] = [.text("🎉"), .text("😀")]

    private static func stormScene(
        scale: Double, duration: Double = 5, shapes: [ConfettiShape] = ConfettiStyle.defaultShapes
    ) -> SceneFile {
        SceneFile(
            size: CGSize(width: 1920, height: 1080), scale: scale, fps: 60, duration: duration, background: .white,
            layers: [SceneFile.Layer(.confetti(SceneFile.ConfettiParameters(
                seed: 2, bursts: every(0.3, until: duration).map {
                    ConfettiBurst(time: $0, count: 2000, style: ConfettiStyle(shapes: shapes))
                })))])
    }

    /// 0, step, 2·step, … below `end`, each computed as k·step so no rounding error accumulates.
    private static func every(_ step: Double, until end: Double) -> [Double] {
        (0...).lazy.map { Double($0) * step }.prefix { $0 < end - 1e-9 }.map { $0 }
    }
}
