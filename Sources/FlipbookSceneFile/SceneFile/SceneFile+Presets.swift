import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// The preset behind `flipbook render confetti`: two article bursts from the bottom edge, at 0 s
    /// and 0.9 s, over a white background.
    ///
    /// On canvases larger than a phone (shorter side above 390 points) the particles, their flutter
    /// and their spread grow in proportion, so the picture looks the same, only sharper.
    public static func defaultConfetti(
        size: CGSize = SceneFile.defaultSize, scale: Double = SceneFile.defaultScale, fps: FrameRate = SceneFile.defaultFPS,
        duration: TimeInterval = ScenePreset.confetti.defaultDuration, seed: UInt64 = 0,
        background: Color? = .white
    ) -> SceneFile {
        let factor = presetFactor(size)
        var style = ConfettiStyle()
        if factor > 1 {
            style.scale = factor
            style.flutterAmplitude = style.flutterAmplitude.lowerBound * factor...style.flutterAmplitude.upperBound * factor
            style.spreadStrength = style.spreadStrength.lowerBound * factor...style.spreadStrength.upperBound * factor
        }
        let confetti = ConfettiParameters(
            seed: seed,
            bursts: [ConfettiBurst(time: 0, style: style), ConfettiBurst(time: 0.9, style: style)])
        return SceneFile(size: size, scale: scale, fps: fps, duration: duration, background: background,
                         layers: [Layer(.confetti(confetti))])
    }

    /// The preset behind `flipbook render ripples`: a tap, then a second finger joining the first
    /// (taking the palette's second colour), a finger dragged across the lower half leaving a trail,
    /// and a light seeded rain of drops throughout, over a white background.
    ///
    /// On canvases larger than a phone the rings grow faster and thicker in proportion. Any duration
    /// works: on a clip shorter than the script, the touches after the end are simply not seen and
    /// the rain (which starts at 0.5 s) is left out.
    public static func defaultRipples(
        size: CGSize = SceneFile.defaultSize, scale: Double = SceneFile.defaultScale, fps: FrameRate = SceneFile.defaultFPS,
        duration: TimeInterval = ScenePreset.ripples.defaultDuration, seed: UInt64 = 0,
        background: Color? = .white
    ) -> SceneFile {
        let w = size.width, h = size.height
        func at(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: (x * w).rounded(), y: (y * h).rounded()) }
        var script = TouchScript()
        script.tap(at: at(0.3, 0.28), time: 0.2, finger: 0, duration: 0.15)
        // Two fingers together: the second goes down while the first is still down.
        script.events += [
            TouchScript.Event(time: 1.0, phase: .down, finger: 0, point: at(0.68, 0.42)),
            TouchScript.Event(time: 1.1, phase: .down, finger: 1, point: at(0.36, 0.55)),
            TouchScript.Event(time: 1.3, phase: .up, finger: 0, point: at(0.68, 0.42)),
            TouchScript.Event(time: 1.35, phase: .up, finger: 1, point: at(0.36, 0.55)),
        ]
        script.drag(through: [at(0.18, 0.78), at(0.4, 0.7), at(0.62, 0.8), at(0.84, 0.72)],
                    start: 1.8, duration: 1.2, finger: 0, samplesPerSecond: 12)
        let factor = presetFactor(size)
        // The rain starts at 0.5 s; on a shorter clip it is left out rather than given no time.
        let rainStart = 0.5
        let rain = duration > rainStart ? [RainDescription(rate: 1.5, start: rainStart, seed: seed)] : nil
        let ripples = RipplesParameters(
            touches: script.events,
            rain: rain,
            speed: factor > 1 ? Double(RipplesScene.defaultSpeed) * factor : nil,
            lineWidth: factor > 1 ? Double(RipplesScene.defaultLineWidth) * factor : nil)
        return SceneFile(size: size, scale: scale, fps: fps, duration: duration, background: background,
                         layers: [Layer(.ripples(ripples))])
    }

    /// How much larger than a phone screen (390 points on the short side) the canvas is, at least 1.
    private static func presetFactor(_ size: CGSize) -> Double {
        let short = min(size.width, size.height)
        return short.isFinite && short > 390 ? Double(short / 390) : 1
    }
}

extension SceneFile {
    /// Replaces the seed of every randomised part of the file: each confetti layer's seed becomes
    /// `seed`, and ripple rain `i` of a layer gets `seed + i` (so several rains stay different).
    ///
    /// This is what `flipbook render --seed` and a batch job's `"seed"` do to a scene file.
    public mutating func overrideSeed(_ seed: UInt64) {
        changeEveryLayer { layer in
            layer.sound?.seed = seed
            var parameters = layer.content.parameters
            parameters.overrideSeed(seed)
            layer.content = parameters.content
        }
    }
}
