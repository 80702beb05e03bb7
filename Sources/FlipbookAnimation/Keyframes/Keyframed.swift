import FlipbookDrawing
import Foundation

/// A layer's property in a scene file: one value, or keyframes at times in the layer's clock.
///
/// Written as the value itself (`0.5`, `"white"`, `[195, 300]`) or as a keyframe list,
/// `[{"time": 0, "value": 0}, {"time": 0.4, "value": 1}]`. Before the first keyframe the value is the
/// first keyframe's, after the last the last's; between two keyframes it moves as the later one says
/// (linearly unless it says otherwise): along a ``UnitCurve``, pulled by a ``Spring``, or held.
///
/// The keyframes draw exactly what the same animation written in Swift draws: ``timeline`` is that
/// ``KeyframeTimeline``, and ``value(at:)`` reads it.
public struct Keyframed<Value: Animatable & Sendable & Equatable>: Sendable, Equatable {
    /// One keyframe: the value reached at `time` and how it gets there from the keyframe before.
    public struct Key: Sendable, Equatable {
        /// Seconds in the layer's clock.
        public var time: TimeInterval
        /// The value at `time`.
        public var value: Value
        /// How the value moves from the previous keyframe to this one.
        public var motion: Motion

        /// A keyframe reaching `value` at `time` by `motion`.
        public init(time: TimeInterval, value: Value, motion: Motion = .linear) {
            self.time = time
            self.value = value
            self.motion = motion
        }
    }

    /// How a value moves into a keyframe.
    public enum Motion: Sendable, Equatable {
        /// At a constant rate.
        case linear
        /// Not at all until the keyframe's time, then at once (`"hold": true`).
        case hold
        /// Along a unit curve (`"curve": "easeOut"`): a ``LinearKeyframe`` with that timing curve.
        case curve(UnitCurve)
        /// Pulled by a spring for the time between the keyframes (`"spring": {"duration": 0.5,
        /// "bounce": 0.3}`): a ``SpringKeyframe``. The spring starts at the velocity the motion before
        /// it ended with and may not have reached the value when its time is up.
        case spring(Spring)
    }

    /// The keyframes in time order; one keyframe is a constant value.
    public let keys: [Key]

    /// The keyframes as a timeline starting at the first keyframe's time, made once.
    private let resolved: KeyframeTimeline<Value>?

    /// A value that does not change.
    public init(_ value: Value) {
        self.init(keys: [Key(time: 0, value: value)])
    }

    /// Keyframes; `keys` must not be empty and their times must increase (checked by ``validate(keyPath:)``).
    public init(keys: [Key]) {
        self.keys = keys
        resolved = keys.isEmpty ? nil : Keyframed.timeline(of: keys)
    }

    public static func == (lhs: Keyframed, rhs: Keyframed) -> Bool { lhs.keys == rhs.keys }

    /// The value when it does not change, else `nil`.
    public var constantValue: Value? { keys.count == 1 ? keys[0].value : nil }

    /// The value at `time` (seconds in the layer's clock): ``timeline``'s value `time` minus the first
    /// keyframe's time into it.
    public func value(at time: TimeInterval) -> Value {
        guard let resolved, let first = keys.first else {
            preconditionFailure("a keyframed value has at least one keyframe")
        }
        if keys.count == 1 { return first.value }
        return resolved.value(time: time - first.time)
    }

    /// The keyframes as the same animation written in Swift, in a clock that starts at the first
    /// keyframe's time (0 there): the first keyframe's value is the initial value, and each keyframe
    /// after it is reached in the time since the one before,
    ///
    /// - `linear`: `LinearKeyframe(value, duration: time − previous time)`,
    /// - `curve(c)`: `LinearKeyframe(value, duration: …, timingCurve: c)`,
    /// - `spring(s)`: `SpringKeyframe(value, duration: …, spring: s)`,
    /// - `hold`: `LinearKeyframe(previous value, duration: …)` then `MoveKeyframe(value)`.
    ///
    /// Empty keyframes (which ``validate(keyPath:)`` refuses) have no timeline: `nil`.
    public var timeline: KeyframeTimeline<Value>? { resolved }

    /// The one mapping from file keyframes to Swift keyframes.
    private static func timeline(of keys: [Key]) -> KeyframeTimeline<Value> {
        KeyframeTimeline(initialValue: keys[0].value) {
            KeyframeTrack {
                for index in keys.indices.dropFirst() {
                    let key = keys[index], duration = key.time - keys[index - 1].time
                    switch key.motion {
                    case .linear:
                        LinearKeyframe(key.value, duration: duration)
                    case .curve(let curve):
                        LinearKeyframe(key.value, duration: duration, timingCurve: curve)
                    case .spring(let spring):
                        SpringKeyframe(key.value, duration: duration, spring: spring)
                    case .hold:
                        LinearKeyframe(keys[index - 1].value, duration: duration)
                        MoveKeyframe(key.value)
                    }
                }
            }
        }
    }

    /// Checks that there is a keyframe and that the times increase; errors name `keyPath[i].time`.
    public func validate(keyPath: String) throws {
        guard !keys.isEmpty else {
            throw FlipbookError(invalid: keyPath, "must be a value or a non-empty list of keyframes; it is an empty list.",
                                at: .init(keyPath: keyPath))
        }
        for (index, key) in keys.enumerated() {
            let path = "\(keyPath)[\(index)].time"
            guard key.time.isFinite else {
                throw FlipbookError.mustBe(path, "a finite number of seconds", itIs: formatNumber(key.time))
            }
            if index > 0, key.time <= keys[index - 1].time {
                throw FlipbookError.mustBe(path, "later than the keyframe before it (\(formatNumber(keys[index - 1].time)))",
                                           itIs: formatNumber(key.time))
            }
        }
    }
}

/// `a` moved toward `b` by `fraction` (0 is `a`, 1 is `b`), through their animatable data.
func interpolate<Value: Animatable>(_ a: Value, _ b: Value, _ fraction: Double) -> Value {
    var result = a
    result.animatableData = a.animatableData + (b.animatableData - a.animatableData).scaled(by: fraction)
    return result
}
