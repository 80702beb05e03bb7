import FlipbookDrawing
import Foundation

/// Changes to a value over time: one or more tracks, each moving one of its properties (SwiftUI's
/// protocol of the same name). ``KeyframeTrack`` conforms; your own type conforms by returning tracks
/// from ``body``.
public protocol Keyframes<Value> {
    /// The value the keyframes change.
    associatedtype Value = Body.Value
    /// The tracks this type is made of.
    associatedtype Body: Keyframes where Body.Value == Value
    /// The tracks this type is made of.
    @KeyframesBuilder<Value> var body: Body { get }
}

/// A track waiting for its start value: the timeline gives each track the property's initial value.
protocol UnresolvedKeyframeTrack<Root> {
    associatedtype Root
    /// Whether the track moves the whole value and came from keyframes written without a track, so
    /// that neighbouring ones join into one track.
    var isBare: Bool { get }
    func resolved(from initialValue: Root) -> any ResolvedKeyframeTrack<Root>
    /// This track followed by `next`, when both are bare.
    func joined(with next: any UnresolvedKeyframeTrack<Root>) -> (any UnresolvedKeyframeTrack<Root>)?
}

/// A track placed in time: it sets its property of a value to its value at a time.
protocol ResolvedKeyframeTrack<Root>: Sendable {
    associatedtype Root
    var duration: TimeInterval { get }
    func apply(to root: inout Root, time: TimeInterval)
}

/// Keyframes that are themselves a list of tracks (a track and the builder's result).
protocol PrimitiveKeyframes<Value> {
    associatedtype Value
    var tracks: [any UnresolvedKeyframeTrack<Value>] { get }
}

extension Keyframes {
    /// The tracks, through bodies down to ``KeyframeTrack``s.
    var keyframeTracks: [any UnresolvedKeyframeTrack<Value>] {
        if let primitive = self as? any PrimitiveKeyframes<Value> { return primitive.tracks }
        return body.keyframeTracks
    }
}

/// A sequence of keyframes moving one property of a value (SwiftUI's type of the same name).
///
/// ```swift
/// KeyframeTrack(\.scale) {
///     LinearKeyframe(1.0, duration: 0.36)
///     SpringKeyframe(1.5, duration: 0.8, spring: .bouncy)
/// }
/// ```
///
/// The track starts from the property's value in the timeline's initial value, at rest.
public struct KeyframeTrack<Root, TrackValue: Animatable, Content: KeyframeTrackContent>: Keyframes
where Content.Value == TrackValue {
    /// A track moves a property of the root value, so its keyframes change the root value.
    public typealias Value = Root

    let keyPath: WritableKeyPath<Root, TrackValue>
    let specs: [KeyframeSpec<TrackValue>]

    /// A track moving the property at `keyPath` through the keyframes `content` builds.
    public init(_ keyPath: WritableKeyPath<Root, TrackValue>,
                @KeyframeTrackContentBuilder<TrackValue> content: () -> Content) {
        self.keyPath = keyPath
        specs = content().keyframeSpecs
    }

    /// A track moving the whole value through the keyframes `content` builds.
    public init(@KeyframeTrackContentBuilder<TrackValue> content: () -> Content) where Root == TrackValue {
        keyPath = \Root.self
        specs = content().keyframeSpecs
    }

    /// The track itself.
    public var body: KeyframeTrack { return self }
}

extension KeyframeTrack: PrimitiveKeyframes {
    var tracks: [any UnresolvedKeyframeTrack<Root>] {
        [TrackRecipe(keyPath: keyPath, specs: specs, isBare: false)]
    }
}

/// A track's key path and keyframes, with the type of the property it moves erased from the timeline.
struct TrackRecipe<Root, TrackValue: Animatable>: UnresolvedKeyframeTrack {
    let keyPath: WritableKeyPath<Root, TrackValue>
    let specs: [KeyframeSpec<TrackValue>]
    let isBare: Bool

    func resolved(from initialValue: Root) -> any ResolvedKeyframeTrack<Root> {
        let start = initialValue[keyPath: keyPath]
        return PlacedTrack(keyPath: keyPath, base: start,
                           keyframes: ResolvedKeyframes(specs, from: start.animatableData))
    }

    func joined(with next: any UnresolvedKeyframeTrack<Root>) -> (any UnresolvedKeyframeTrack<Root>)? {
        guard isBare, next.isBare, let next = next as? TrackRecipe else { return nil }
        return TrackRecipe(keyPath: keyPath, specs: specs + next.specs, isBare: true)
    }
}

/// A track placed in time from its property's initial value.
struct PlacedTrack<Root, TrackValue: Animatable>: ResolvedKeyframeTrack, @unchecked Sendable {
    // @unchecked: the key path and the start value are never changed after the timeline is made, and
    // a timeline is only Sendable when its value is.
    let keyPath: WritableKeyPath<Root, TrackValue>
    /// The property's initial value: the value the track's vectors are set on.
    let base: TrackValue
    let keyframes: ResolvedKeyframes<TrackValue.AnimatableData>

    var duration: TimeInterval { keyframes.duration }

    func apply(to root: inout Root, time: TimeInterval) {
        var value = base
        value.animatableData = keyframes.value(at: time)
        root[keyPath: keyPath] = value
    }
}

/// Builds keyframes from the tracks written in a closure, with `if`, `switch` and `for`; keyframes
/// written without a track move the whole value (SwiftUI's result builder of the same name).
@resultBuilder
public struct KeyframesBuilder<Value> {
    /// Tracks gathered by the builder.
    public struct Content: Keyframes {
        let tracks: [any UnresolvedKeyframeTrack<Value>]

        init(_ tracks: [any UnresolvedKeyframeTrack<Value>]) {
            // Neighbouring bare keyframes are one track of the whole value, as SwiftUI reads them.
            var joined: [any UnresolvedKeyframeTrack<Value>] = []
            for track in tracks {
                if let last = joined.last, let both = last.joined(with: track) {
                    joined[joined.count - 1] = both
                } else {
                    joined.append(track)
                }
            }
            self.tracks = joined
        }

        /// The tracks themselves.
        public var body: Content { return self }
    }

    /// A track, or any keyframes.
    public static func buildExpression<K: Keyframes>(_ expression: K) -> Content where K.Value == Value {
        Content(expression.keyframeTracks)
    }

    /// Keyframes written without a track: they move the whole value.
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> Content where K.Value == Value {
        Content([TrackRecipe(keyPath: \Value.self, specs: expression.keyframeSpecs, isBare: true)])
    }

    /// The tracks of a block.
    public static func buildBlock(_ components: Content...) -> Content {
        Content(components.flatMap(\.tracks))
    }

    /// The tracks of a `for` loop's passes.
    public static func buildArray(_ components: [Content]) -> Content {
        Content(components.flatMap(\.tracks))
    }

    /// The tracks of an `if` without `else`, when it holds.
    public static func buildOptional(_ component: Content?) -> Content {
        component ?? Content([])
    }

    /// The tracks of an `if`'s first branch.
    public static func buildEither(first component: Content) -> Content { component }

    /// The tracks of an `if`'s second branch.
    public static func buildEither(second component: Content) -> Content { component }

    /// The tracks of an `if #available` branch.
    public static func buildLimitedAvailability(_ component: Content) -> Content { component }
}

extension KeyframesBuilder.Content: PrimitiveKeyframes {}
