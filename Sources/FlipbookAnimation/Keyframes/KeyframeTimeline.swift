import FlipbookDrawing
import Foundation

/// How a value changes over time, described by keyframes: scrub it to any time (SwiftUI's type of
/// the same name).
///
/// ```swift
/// struct Values { var scale = 1.0; var angle = Angle.zero }
/// let timeline = KeyframeTimeline(initialValue: Values()) {
///     KeyframeTrack(\.scale) {
///         LinearKeyframe(1.5, duration: 0.3, timingCurve: .easeOut)
///         SpringKeyframe(1.0, spring: .bouncy)
///     }
///     KeyframeTrack(\.angle) {
///         CubicKeyframe(.degrees(16), duration: 0.2)
///         CubicKeyframe(.zero, duration: 0.2)
///     }
/// }
/// timeline.value(time: 0.25).scale
/// ```
///
/// The tracks are placed in time when the timeline is made, so ``value(time:)`` is a pure function
/// of the time: frames can be drawn in any order, on any thread, and give the same values.
public struct KeyframeTimeline<Value> {
    let initialValue: Value
    let tracks: [any ResolvedKeyframeTrack<Value>]

    /// The length of the longest track, in seconds.
    public let duration: TimeInterval

    /// A timeline moving `initialValue` through the tracks `content` builds.
    public init<Content: Keyframes>(initialValue: Value, @KeyframesBuilder<Value> content: () -> Content)
    where Content.Value == Value {
        self.initialValue = initialValue
        tracks = content().keyframeTracks.map { $0.resolved(from: initialValue) }
        duration = tracks.map(\.duration).max() ?? 0
    }

    /// The value `time` seconds into the timeline: the initial value's properties before 0, each
    /// track's last value after it ends.
    public func value(time: TimeInterval) -> Value {
        var value = initialValue
        let time = min(max(time, 0), duration)
        for track in tracks { track.apply(to: &value, time: time) }
        return value
    }

    /// The value at `progress` (0 is the start, 1 the end) of the timeline's ``duration``.
    public func value(progress: Double) -> Value {
        value(time: progress * duration)
    }
}

extension KeyframeTimeline: Sendable where Value: Sendable {}
