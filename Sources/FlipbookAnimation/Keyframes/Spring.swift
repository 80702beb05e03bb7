import FlipbookDrawing
import Foundation

/// A spring's motion: a damped oscillator pulling a value toward a target (SwiftUI's type of the same
/// name).
///
/// A spring is made either perceptually, from a ``duration`` (the pace) and a ``bounce`` (0 is
/// critically damped, toward 1 it oscillates, below 0 it is overdamped), or physically from a
/// ``mass``, a ``stiffness`` and a ``damping``; each set of properties is derived from the other
/// exactly as SwiftUI does:
///
/// ```swift
/// let spring = Spring(duration: 0.5, bounce: 0.3)
/// (spring.mass, spring.stiffness, spring.damping)    // (1.0, 157.9…, 17.59…)
/// let spring2 = Spring(mass: 1, stiffness: 100, damping: 10)
/// (spring2.duration, spring2.bounce)                 // (0.628…, 0.5)
/// ```
public struct Spring: Sendable, Hashable {
    /// The mass at the end of the spring; the default is 1.
    public let mass: Double
    /// The spring's stiffness: how hard it pulls toward the target per unit of distance.
    public let stiffness: Double
    /// The drag on the mass per unit of velocity.
    public let damping: Double

    /// A spring that moves at the pace `duration` with `bounce` (−1...1; 0 settles without overshoot).
    ///
    /// SwiftUI's mapping: mass 1, stiffness (2π / duration)², damping 4π (1 − bounce) / duration when
    /// `bounce` ≥ 0, and 4π / (duration (1 + bounce)) when it is below 0.
    public init(duration: TimeInterval = 0.5, bounce: Double = 0) {
        let duration = max(duration, 1e-6)
        let bounce = min(max(bounce, -1 + 1e-6), 1)
        mass = 1
        stiffness = (2 * .pi / duration) * (2 * .pi / duration)
        damping = bounce >= 0 ? 4 * .pi * (1 - bounce) / duration : 4 * .pi / (duration * (1 + bounce))
    }

    /// A spring with these physical properties. Unless `allowOverDamping`, `damping` is lowered to the
    /// critical damping 2√(stiffness · mass), so the spring settles as fast as it can without overshoot.
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        self.mass = max(mass, 1e-9)
        self.stiffness = max(stiffness, 1e-9)
        let critical = 2 * (self.stiffness * self.mass).squareRoot()
        self.damping = allowOverDamping ? max(damping, 0) : min(max(damping, 0), critical)
    }

    /// A spring with a `response` (its period without damping, the same as ``duration``) and a
    /// `dampingRatio` (1 is critical damping, below it oscillates, above it is overdamped).
    public init(response: Double, dampingRatio: Double) {
        let response = max(response, 1e-6)
        mass = 1
        stiffness = (2 * .pi / response) * (2 * .pi / response)
        damping = 4 * .pi * max(dampingRatio, 0) / response
    }

    /// The natural angular frequency √(stiffness / mass), in radians per second.
    var angularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The pace of the spring: its period without damping, 2π √(mass / stiffness).
    public var duration: TimeInterval { 2 * .pi / angularFrequency }

    /// The same as ``duration``: the name UIKit's springs use.
    public var response: Double { duration }

    /// The damping as a fraction of critical damping: damping / (2 √(stiffness · mass)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// How bouncy the spring is: 1 − ``dampingRatio`` when it is at most 1, else 1 / dampingRatio − 1
    /// (so overdamped springs have a negative bounce).
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// The time after which a motion toward 1 from 0 at rest stays within 0.001 of 1 (SwiftUI's
    /// definition of being at rest).
    public var settlingDuration: TimeInterval { settlingDuration(epsilon: 0.001) }

    /// The time after which a motion toward 1 from 0 at rest stays within `epsilon` of 1; infinity for
    /// a spring without damping.
    func settlingDuration(epsilon: Double) -> TimeInterval {
        let response = UnitResponse(self)
        guard response.decay > 0 else { return .infinity }
        // The motion's envelope bounds its distance from the target and only falls: once it is below
        // epsilon the motion stays within it. The last moment the motion itself is not lies before.
        var bound = duration / 8
        while response.envelope(at: bound) >= epsilon {
            bound *= 2
            if !bound.isFinite { return .infinity }
        }
        let step = bound / 4096
        var t = bound
        while t > 0, abs(response.position(at: t)) < epsilon { t -= step }
        if t <= 0 { return 0 }
        // The distance crosses epsilon between t and t + step: bisect for the crossing.
        var low = t, high = min(t + step, bound)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if abs(response.position(at: middle)) < epsilon { high = middle } else { low = middle }
        }
        return high
    }

    /// The value at `time` of a motion from zero toward `target` that starts at `initialVelocity`.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let response = UnitResponse(self)
        // Linear in the start: x(t) = target (1 − a(t)) + v₀ b(t), with a the motion from 1 at rest and
        // b the motion from 0 at unit speed, both toward 0.
        return target.scaled(by: 1 - response.position(at: time)) + initialVelocity.scaled(by: response.kicked(at: time))
    }

    /// The velocity at `time` of a motion from zero toward `target` that starts at `initialVelocity`.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let response = UnitResponse(self)
        return target.scaled(by: -response.positionVelocity(at: time))
            + initialVelocity.scaled(by: response.kickedVelocity(at: time))
    }

    /// The value at `time` of a motion from `fromValue` toward `toValue` that starts at `initialVelocity`.
    public func value<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V? = nil, time: TimeInterval) -> V {
        var result = toValue
        let offset = value(target: toValue.animatableData - fromValue.animatableData,
                           initialVelocity: initialVelocity?.animatableData ?? .zero, time: time)
        result.animatableData = fromValue.animatableData + offset
        return result
    }

    /// The velocity at `time` of a motion from `fromValue` toward `toValue` that starts at `initialVelocity`.
    public func velocity<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V? = nil, time: TimeInterval) -> V {
        var result = toValue
        result.animatableData = velocity(target: toValue.animatableData - fromValue.animatableData,
                                         initialVelocity: initialVelocity?.animatableData ?? .zero, time: time)
        return result
    }
}

/// The two motions every spring motion is a sum of, toward 0: `position` from 1 at rest, `kicked`
/// from 0 at unit velocity, with their velocities.
///
/// With decay ζω₀ and frequency ω = ω₀√|1 − ζ²|, an underdamped spring moves as
/// e^(−ζω₀t)(cos ωt + ζω₀ sin(ωt)/ω), an overdamped one with cosh and sinh in their place; sin(ωt)/ω
/// tends to t as ω → 0, so the critically damped spring is the common limit and needs no case of its
/// own (no division by a vanishing ω).
struct UnitResponse {
    /// ζω₀ = damping / 2m.
    let decay: Double
    /// ω₀² = stiffness / m.
    let squaredFrequency: Double
    /// ω: the damped frequency (underdamped) or the spread of the two rates (overdamped).
    let frequency: Double
    let isOverdamped: Bool

    init(_ spring: Spring) {
        decay = spring.damping / (2 * spring.mass)
        squaredFrequency = spring.stiffness / spring.mass
        let difference = squaredFrequency - decay * decay
        isOverdamped = difference < 0
        frequency = abs(difference).squareRoot()
    }

    /// e^(−decay t) times (cos ωt, sin(ωt)/ω), or (cosh ωt, sinh(ωt)/ω) when overdamped.
    private func parts(at t: Double) -> (cosine: Double, sine: Double) {
        let w = frequency
        if !isOverdamped {
            let fade = exp(-decay * t)
            return (fade * cos(w * t), fade * (w * t == 0 ? t : sin(w * t) / w))
        }
        if w * t < 20 {
            let fade = exp(-decay * t)
            return (fade * cosh(w * t), fade * (w * t == 0 ? t : sinh(w * t) / w))
        }
        // Far along, cosh and sinh would overflow while the fade underflows: combine the exponents.
        let slow = exp((w - decay) * t) / 2, fast = exp((-w - decay) * t) / 2
        return (slow + fast, (slow - fast) / w)
    }

    /// Where a motion that starts at 1 at rest is at time `t`.
    func position(at t: Double) -> Double {
        let (c, s) = parts(at: t)
        return c + decay * s
    }

    /// Its velocity: −ω₀² sin(ωt)/ω e^(−decay t).
    func positionVelocity(at t: Double) -> Double {
        -squaredFrequency * parts(at: t).sine
    }

    /// Where a motion that starts at 0 with velocity 1 is at time `t`.
    func kicked(at t: Double) -> Double { parts(at: t).sine }

    /// Its velocity.
    func kickedVelocity(at t: Double) -> Double {
        let (c, s) = parts(at: t)
        return c - decay * s
    }

    /// A bound on |position(t)| that only falls: the decaying envelope of the motion from 1 at rest.
    func envelope(at t: Double) -> Double {
        if !isOverdamped {
            // |cos + decay sin/ω| ≤ √(1 + (decay/ω)²); near critical damping, |sin(ωt)/ω| ≤ t instead.
            let amplitude = frequency > 0 ? min((1 + (decay / frequency) * (decay / frequency)).squareRoot(), 1 + decay * t)
                : 1 + decay * t
            return exp(-decay * t) * amplitude
        }
        return abs(position(at: t)) + 1e-300
    }
}
