import FlipbookAudio
import Foundation

/// A scene that lasts as long as its media (a video or a sound, trimmed): its layer ends there when
/// nothing else ends it, and a scene file's `"duration": "auto"` ends the clip where its last layer
/// ends. Any kind of layer with a length of its own can report it here.
public protocol NaturalLengthScene: Scene {
    /// Seconds from the layer's start to the end of its media; `nil` when it never ends (looping) or
    /// its length is not known.
    var naturalLength: TimeInterval? { get }
}

extension Timeline.Layer {
    /// Where the layer ends on its parent's clock: its ``end``, else its start plus its scene's
    /// natural length; `nil` when neither says.
    public var naturalEnd: TimeInterval? {
        end ?? (scene as? any NaturalLengthScene)?.naturalLength.map { start + $0 }
    }
}

extension Timeline {
    /// Where the last of `layers` ends (``Layer/naturalEnd``); `nil` when none of them ends.
    public static func naturalDuration(of layers: [Layer]) -> TimeInterval? {
        layers.compactMap(\.naturalEnd).max()
    }
}

extension AudioScene: NaturalLengthScene {
    /// The trimmed sound's length; `nil` when it loops.
    public var naturalLength: TimeInterval? {
        loop ? nil : Double(playedFrames.count) / Double(AudioSamples.sampleRate)
    }
}

extension VideoScene: NaturalLengthScene {}

extension GroupScene: NaturalLengthScene {
    /// Where the last of its layers ends.
    public var naturalLength: TimeInterval? { Timeline.naturalDuration(of: layers) }
}

extension LottieScene: NaturalLengthScene {
    /// The played span's length at its speed; `nil` when it loops.
    public var naturalLength: TimeInterval? {
        guard !loop, animation.frameRate > 0, speed > 0 else { return nil }
        return Double(span.count) / (animation.frameRate * speed)
    }
}

extension CaptionsScene: NaturalLengthScene {
    /// Where its last cue ends; `nil` without cues.
    public var naturalLength: TimeInterval? { track.cues.map(\.end).max() }
}
