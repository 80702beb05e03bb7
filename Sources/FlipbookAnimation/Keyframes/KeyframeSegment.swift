import FlipbookDrawing
import Foundation

/// One keyframe as written: where it goes and how, before it is placed on a track.
enum KeyframeSpec<Value: Animatable> {
    case linear(to: Value, duration: TimeInterval, curve: UnitCurve)
    case cubic(to: Value, duration: TimeInterval, startVelocity: Value?, endVelocity: Value?)
    case spring(to: Value, duration: TimeInterval?, spring: Spring, startVelocity: Value?)
    case move(to: Value)
}

extension KeyframeSpec: Sendable where Value: Sendable {}

/// A stretch of a track with its start fixed: the time it starts, its length, and the value and
/// velocity it starts from, so that evaluating it needs nothing from the segments before it.
struct KeyframeSegment<Data: VectorArithmetic>: Sendable {
    enum Motion: Sendable {
        /// From `from` to `to` along a unit curve.
        case curve(to: Data, curve: UnitCurve)
        /// A cubic Hermite curve from `from` at `startVelocity` to `to` at `endVelocity`.
        case cubic(to: Data, endVelocity: Data)
        /// A spring pulling `from` toward `from + offset`, starting at `startVelocity`.
        case spring(offset: Data, spring: Spring)
    }

    var start: TimeInterval
    var duration: TimeInterval
    var from: Data
    var startVelocity: Data
    var motion: Motion

    /// The value `t` seconds into the segment (0...duration).
    func value(at t: TimeInterval) -> Data {
        switch motion {
        case .curve(let to, let curve):
            let c = curve.value(at: t / duration)
            // from (1 − c) + to c rather than from + (to − from) c: exactly `from` and `to` at the ends.
            return from.scaled(by: 1 - c) + to.scaled(by: c)
        case .cubic(let to, let endVelocity):
            let s = t / duration, s2 = s * s, s3 = s2 * s
            return from.scaled(by: 2 * s3 - 3 * s2 + 1) + startVelocity.scaled(by: (s3 - 2 * s2 + s) * duration)
                + to.scaled(by: 3 * s2 - 2 * s3) + endVelocity.scaled(by: (s3 - s2) * duration)
        case .spring(let offset, let spring):
            return from + spring.value(target: offset, initialVelocity: startVelocity, time: t)
        }
    }

    /// The velocity (per second) `t` seconds into the segment.
    func velocity(at t: TimeInterval) -> Data {
        switch motion {
        case .curve(let to, let curve):
            return (to - from).scaled(by: curve.velocity(at: t / duration) / duration)
        case .cubic(let to, let endVelocity):
            let s = t / duration, s2 = s * s
            return from.scaled(by: (6 * s2 - 6 * s) / duration) + startVelocity.scaled(by: 3 * s2 - 4 * s + 1)
                + to.scaled(by: (6 * s - 6 * s2) / duration) + endVelocity.scaled(by: 3 * s2 - 2 * s)
        case .spring(let offset, let spring):
            return spring.velocity(target: offset, initialVelocity: startVelocity, time: t)
        }
    }
}

/// A track's keyframes placed in time from a start value: segments that can each be evaluated alone,
/// so the value at any time is a pure function of that time.
struct ResolvedKeyframes<Data: VectorArithmetic>: Sendable {
    private(set) var segments: [KeyframeSegment<Data>] = []
    private(set) var duration: TimeInterval = 0
    private(set) var endValue: Data
    private(set) var endVelocity: Data = .zero

    /// Places `specs` one after the other from `initial`, at rest. Each keyframe starts where the one
    /// before ended, at the velocity it ended with (a spring's motion goes on at its speed); a cubic
    /// keyframe's velocity at a join with another cubic keyframe is the Catmull-Rom slope through its
    /// neighbours, (next − previous) / (time between them), the same on both sides, and zero at the
    /// end of a run of cubic keyframes unless given.
    init<Value: Animatable>(_ specs: [KeyframeSpec<Value>], from initial: Data) where Value.AnimatableData == Data {
        var value = initial
        var velocity = Data.zero
        var time: TimeInterval = 0
        endValue = initial
        func length(_ duration: TimeInterval) -> TimeInterval { duration.isFinite && duration > 0 ? duration : 0 }
        func finite(_ velocity: Data) -> Data { velocity.magnitudeSquared.isFinite ? velocity : .zero }
        for (index, spec) in specs.enumerated() {
            let from = value
            switch spec {
            case .move(let to):
                value = to.animatableData
            case .linear(let to, let duration, let curve):
                let d = length(duration)
                value = to.animatableData
                guard d > 0 else { continue }
                segments.append(KeyframeSegment(start: time, duration: d, from: from, startVelocity: velocity,
                                                motion: .curve(to: value, curve: curve)))
                velocity = finite((value - from).scaled(by: curve.velocity(at: 1) / d))
                time += d
            case .cubic(let to, let duration, let startVelocity, let endVelocity):
                let d = length(duration)
                value = to.animatableData
                guard d > 0 else { continue }
                let start = startVelocity?.animatableData ?? velocity
                var end = Data.zero
                if let endVelocity {
                    end = endVelocity.animatableData
                } else if index + 1 < specs.count, case .cubic(let next, let nextDuration, let nextStart, _) = specs[index + 1],
                          length(nextDuration) > 0 {
                    end = nextStart?.animatableData
                        ?? (next.animatableData - from).scaled(by: 1 / (d + length(nextDuration)))
                }
                segments.append(KeyframeSegment(start: time, duration: d, from: from, startVelocity: start,
                                                motion: .cubic(to: value, endVelocity: end)))
                velocity = end
                time += d
            case .spring(let to, let duration, let spring, let startVelocity):
                // Without a duration the keyframe lasts until the spring settles (SwiftUI's rule).
                let settling = spring.settlingDuration
                let d = length(duration ?? (settling.isFinite ? settling : spring.duration))
                let start = startVelocity?.animatableData ?? velocity
                let offset = to.animatableData - from
                guard d > 0 else {
                    value = to.animatableData
                    continue
                }
                let segment = KeyframeSegment(start: time, duration: d, from: from, startVelocity: start,
                                              motion: .spring(offset: offset, spring: spring))
                segments.append(segment)
                // The next keyframe starts where the spring is when this one's time is up.
                value = segment.value(at: d)
                velocity = finite(segment.velocity(at: d))
                time += d
            }
        }
        endValue = value
        endVelocity = velocity
        duration = time
    }

    /// The value at `time` seconds into the track: the start before 0, the end after the last keyframe.
    func value(at time: TimeInterval) -> Data {
        guard let segment = segment(at: time) else { return endValue }
        return segment.value(at: max(time, 0) - segment.start)
    }

    /// The velocity at `time` seconds into the track; zero after the last keyframe.
    func velocity(at time: TimeInterval) -> Data {
        guard let segment = segment(at: time) else { return .zero }
        return segment.velocity(at: max(time, 0) - segment.start)
    }

    /// The segment that holds `time` (start ≤ time < end), the first for times before 0, `nil` at or
    /// after the end.
    private func segment(at time: TimeInterval) -> KeyframeSegment<Data>? {
        guard !segments.isEmpty, !(time >= duration), !time.isNaN else { return nil }
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].start <= time { low = middle } else { high = middle - 1 }
        }
        return segments[low]
    }
}
