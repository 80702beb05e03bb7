import FlipbookDrawing
import Foundation

/// A group of keyframes that together move one animatable value (SwiftUI's protocol of the same name).
///
/// ``LinearKeyframe``, ``CubicKeyframe``, ``SpringKeyframe`` and ``MoveKeyframe`` conform; your own
/// type conforms by returning other keyframes from ``body``.
public protocol KeyframeTrackContent<Value> {
    /// The value the keyframes move.
    associatedtype Value: Animatable = Body.Value
    /// The keyframes this content is made of.
    associatedtype Body: KeyframeTrackContent where Body.Value == Value
    /// The keyframes this content is made of, in order.
    @KeyframeTrackContentBuilder<Value> var body: Body { get }
}

/// Keyframes that are themselves the list (the four kinds and the builder's result), as opposed to a
/// type that describes them through its body.
protocol PrimitiveKeyframeTrackContent<Value> {
    associatedtype Value: Animatable
    var specs: [KeyframeSpec<Value>] { get }
}

extension KeyframeTrackContent {
    /// The keyframes in order, through bodies down to the kinds.
    var keyframeSpecs: [KeyframeSpec<Value>] {
        if let primitive = self as? any PrimitiveKeyframeTrackContent<Value> { return primitive.specs }
        return body.keyframeSpecs
    }
}

/// Builds keyframe track content from the keyframes written in a closure, with `if`, `switch` and
/// `for` (SwiftUI's result builder of the same name).
@resultBuilder
public struct KeyframeTrackContentBuilder<Value: Animatable> {
    /// Keyframes gathered by the builder, in order.
    public struct Content: KeyframeTrackContent {
        let specs: [KeyframeSpec<Value>]

        /// The keyframes themselves.
        public var body: Content { return self }
    }

    /// One keyframe, or any keyframe track content.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> Content where K.Value == Value {
        Content(specs: expression.keyframeSpecs)
    }

    /// The keyframes of a block, one after another.
    public static func buildBlock(_ components: Content...) -> Content {
        Content(specs: components.flatMap(\.specs))
    }

    /// The keyframes of a `for` loop's passes, one after another.
    public static func buildArray(_ components: [Content]) -> Content {
        Content(specs: components.flatMap(\.specs))
    }

    /// The keyframes of an `if` without `else`, when it holds.
    public static func buildOptional(_ component: Content?) -> Content {
        component ?? Content(specs: [])
    }

    /// The keyframes of an `if`'s first branch.
    public static func buildEither(first component: Content) -> Content { component }

    /// The keyframes of an `if`'s second branch.
    public static func buildEither(second component: Content) -> Content { component }

    /// The keyframes of an `if #available` branch.
    public static func buildLimitedAvailability(_ component: Content) -> Content { component }
}

extension KeyframeTrackContentBuilder.Content: PrimitiveKeyframeTrackContent {}
extension KeyframeTrackContentBuilder.Content: Sendable where Value: Sendable {}

/// A keyframe reached at a constant rate, or along a ``UnitCurve`` (SwiftUI's type of the same name).
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value
    let duration: TimeInterval
    let timingCurve: UnitCurve

    /// Moves to `to` over `duration` seconds, along `timingCurve`.
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        self.to = to
        self.duration = duration
        self.timingCurve = timingCurve
    }

    /// The keyframe itself.
    public var body: LinearKeyframe { return self }
}

extension LinearKeyframe: PrimitiveKeyframeTrackContent {
    var specs: [KeyframeSpec<Value>] { [.linear(to: to, duration: duration, curve: timingCurve)] }
}

/// A keyframe reached along a cubic curve whose velocity flows smoothly through neighbouring cubic
/// keyframes (SwiftUI's type of the same name).
///
/// Where two cubic keyframes meet, the velocity is the slope from the keyframe before to the keyframe
/// after ((next − previous) / the time between them), on both sides of the join, so a run of cubic
/// keyframes is one smooth curve through their values (a Catmull-Rom spline). A run starts at the
/// velocity the motion before it ended with and ends at rest, unless you give the velocities.
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value
    let duration: TimeInterval
    let startVelocity: Value?
    let endVelocity: Value?

    /// Moves to `to` over `duration` seconds; `nil` velocities are chosen for smooth motion.
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }

    /// The keyframe itself.
    public var body: CubicKeyframe { return self }
}

extension CubicKeyframe: PrimitiveKeyframeTrackContent {
    var specs: [KeyframeSpec<Value>] {
        [.cubic(to: to, duration: duration, startVelocity: startVelocity, endVelocity: endVelocity)]
    }
}

/// A keyframe a spring pulls the value toward (SwiftUI's type of the same name).
///
/// The keyframe lasts `duration` seconds: the time the spring spends pulling toward `to`. When it is
/// up, the next keyframe starts from wherever the spring has got to, at its velocity, so a short
/// spring keyframe may not reach its value. Without a duration it lasts the spring's
/// ``Spring/settlingDuration``.
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value
    let duration: TimeInterval?
    let spring: Spring
    let startVelocity: Value?

    /// Pulls toward `to` with `spring` for `duration` seconds (or until it settles), starting at
    /// `startVelocity` (or the velocity the motion before ended with).
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }

    /// The keyframe itself.
    public var body: SpringKeyframe { return self }
}

extension SpringKeyframe: PrimitiveKeyframeTrackContent {
    var specs: [KeyframeSpec<Value>] {
        [.spring(to: to, duration: duration, spring: spring, startVelocity: startVelocity)]
    }
}

/// A keyframe that jumps to its value at once, taking no time (SwiftUI's type of the same name).
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    let to: Value

    /// Jumps to `to`.
    public init(_ to: Value) {
        self.to = to
    }

    /// The keyframe itself.
    public var body: MoveKeyframe { return self }
}

extension MoveKeyframe: PrimitiveKeyframeTrackContent {
    var specs: [KeyframeSpec<Value>] { [.move(to: to)] }
}

extension LinearKeyframe: Sendable where Value: Sendable {}
extension CubicKeyframe: Sendable where Value: Sendable {}
extension SpringKeyframe: Sendable where Value: Sendable {}
extension MoveKeyframe: Sendable where Value: Sendable {}
