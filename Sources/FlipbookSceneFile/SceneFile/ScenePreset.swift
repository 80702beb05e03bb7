import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// The built-in scenes `flipbook render NAME` and `flipbook still NAME` draw without a scene file.
///
/// ```swift
/// let file = try ScenePreset(named: "ripples").sceneFile(duration: 0.5)
/// let timeline = try file.makeTimeline()
/// ```
public enum ScenePreset: String, CaseIterable, Sendable {
    /// ``SceneFile/defaultConfetti(size:scale:fps:duration:seed:background:)``.
    case confetti
    /// ``SceneFile/defaultRipples(size:scale:fps:duration:seed:background:)``.
    case ripples

    /// The preset called `name` (any case).
    ///
    /// - Throws: ``FlipbookError`` (invalid input) for any other name, with a suggestion:
    ///   "Unknown scene 'confeti'. Did you mean 'confetti'? Presets: confetti, ripples."
    public init(named name: String) throws {
        guard let preset = ScenePreset(rawValue: name.lowercased()) else {
            let names = ScenePreset.allCases.map(\.rawValue)
            throw FlipbookError.invalidInput(
                "Unknown scene '\(name)'.\(didYouMean(name, among: names)) Presets: \(names.joined(separator: ", ")).")
        }
        self = preset
    }

    /// How long the preset runs when no duration is given: 3 s of confetti, 6 s of ripples.
    public var defaultDuration: TimeInterval {
        switch self {
        case .confetti: 3
        case .ripples: 6
        }
    }

    /// What the preset draws, for the reference and `flipbook scenes`.
    var summary: String {
        switch self {
        case .confetti: "Two article bursts from the bottom edge, the second 0.9 seconds after the first, over white."
        case .ripples: "A tap, two fingers together, a dragged trail and light rain, over white."
        }
    }

    /// The preset as a scene file, laid out for a canvas of `size` points; it adapts to any size and
    /// any duration (see the two presets).
    public func sceneFile(
        size: CGSize = SceneFile.defaultSize, scale: Double = SceneFile.defaultScale, fps: FrameRate = SceneFile.defaultFPS,
        duration: TimeInterval? = nil, seed: UInt64 = 0, background: Color? = .white
    ) -> SceneFile {
        let duration = duration ?? defaultDuration
        switch self {
        case .confetti:
            return SceneFile.defaultConfetti(size: size, scale: scale, fps: fps, duration: duration, seed: seed,
                                             background: background)
        case .ripples:
            return SceneFile.defaultRipples(size: size, scale: scale, fps: fps, duration: duration, seed: seed,
                                            background: background)
        }
    }
}
