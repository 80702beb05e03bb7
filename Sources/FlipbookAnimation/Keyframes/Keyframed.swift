import FlipbookDrawing
import Foundation

/// A layer's property in a scene file: one value, or keyframes at times in the layer's clock.
///
/// Written as the value itself (`0.5`, `"white"`, `[195, 300]`) or as a keyframe list,
/// `[{"time": 0, "value": 0}, {"time": 0.4, "value": 1}]`. Before the first keyframe the value is the
/// first keyframe's, after the last the last's; between two keyframes it moves as the later one says
/// (linearly unless it says otherwise).
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
    }

    /// The keyframes in time order; one keyframe is a constant value.
    public private(set) var keys: [Key]

    /// A value that does not change.
    public init(_ value: Value) {
        keys = [Key(time: 0, value: value)]
    }

    /// Keyframes; `keys` must not be empty and their times must increase (checked by ``validate(keyPath:)``).
    public init(keys: [Key]) {
        self.keys = keys
    }

    /// The value when it does not change, else `nil`.
    public var constantValue: Value? { keys.count == 1 ? keys[0].value : nil }

    /// The value at `time` (seconds in the layer's clock).
    public func value(at time: TimeInterval) -> Value {
        guard let first = keys.first else { preconditionFailure("a keyframed value has at least one keyframe") }
        if keys.count == 1 || time <= first.time { return first.value }
        guard let next = keys.firstIndex(where: { $0.time > time }) else { return keys[keys.count - 1].value }
        let from = keys[next - 1], to = keys[next]
        let fraction = (time - from.time) / (to.time - from.time)
        switch to.motion {
        case .linear:
            return interpolate(from.value, to.value, fraction)
        case .hold:
            return from.value
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
            guard key.time.isFinite else { throw FlipbookError.mustBe(path, "a finite number of seconds", itIs: "\(key.time)") }
            if index > 0, key.time <= keys[index - 1].time {
                throw FlipbookError.mustBe(path, "later than the keyframe before it (\(keys[index - 1].time))",
                                           itIs: "\(key.time)")
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
