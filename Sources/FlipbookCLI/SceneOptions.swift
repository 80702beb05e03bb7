import ArgumentParser
import Flipbook
import Foundation

/// Which scene to draw and how its timeline is shaped: the options `render` and `still` share.
/// Numbers are read with `.unconditional`, so `--duration -1` is a value (and the range error),
/// not a missing one.
struct SceneOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "The scene: 'confetti', 'ripples', or a JSON scene file.",
        valueName: "confetti|ripples|FILE.json"))
    var scene: String

    @Option(help: ArgumentHelp(
        "Output size in pixels; the canvas in points is this ÷ --scale. (default: 780x1688, or the scene file's)",
        valueName: "WxH"))
    var size: PixelSize?

    @Option(parsing: .unconditional,
            help: "Pixels per point. (default: 2, or the scene file's)")
    var scale: Double?

    @Option(parsing: .unconditional,
            help: "Length in seconds. (default: 3 for confetti, 6 for ripples, or the scene file's)")
    var duration: Double?

    @Option(parsing: .unconditional,
            help: "Seed for the scene's randomness; the same seed gives the same pixels. (default: 0, or the scene file's)")
    var seed: UInt64?

    @Option(help: ArgumentHelp(
        "A SwiftUI colour name (white, black, ...), a hex string like '#1c1c1e', or 'transparent' to keep alpha "
            + "(.mov, .webm, .gif, .apng, .webp, PNG). (default: white, or the scene file's)",
        valueName: "color|transparent"))
    var background: Color?

    /// The request for the library, with the frame rate of commands that have one.
    func request(fps: FrameRate? = nil) -> SceneRequest {
        SceneRequest(scene: scene, size: size, scale: scale, fps: fps, duration: duration, seed: seed,
                     background: background)
    }

    /// Whether `--background transparent` asked for no background and kept alpha.
    var isTransparent: Bool { background == .clear }

    /// The flags given, for placing errors (see ``placedAtFlag(_:given:)``).
    var givenFlags: Set<String> {
        Set(request().overriddenKeys.compactMap { flagForKeyPath[$0] })
    }
}

/// The frame rate, for commands whose output depends on it.
struct FrameRateOption: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Frames per second: 30, 29.97 or 30000/1001. (default: 60, or the scene file's)", valueName: "rate"))
    var fps: FrameRate?
}
