import FlipbookDrawing
import Foundation

extension Timeline {
    /// How a sequence's child replaces the one before it: a picture effect that is a pure function of
    /// the transition's progress, its length, its easing and whether the two children overlap.
    ///
    /// The names follow SwiftUI's `AnyTransition` where it has one: ``opacity``, ``slide``,
    /// ``move(edge:)``, ``push(from:)``, ``scale`` and ``blurReplace``; ``dip(through:)`` and
    /// ``wipe(_:)`` have none there.
    public struct Transition: Sendable, Equatable {
        /// An edge of the sequence's box, which a child comes in from.
        public enum Edge: String, Sendable, Equatable, CaseIterable {
            /// The top edge.
            case top
            /// The left edge.
            case leading
            /// The bottom edge.
            case bottom
            /// The right edge.
            case trailing
        }

        /// The outline a wipe reveals the new child through.
        public enum WipeShape: Sendable, Equatable {
            /// A straight edge sweeping across from `Edge`.
            case edge(Edge)
            /// A hand sweeping clockwise from twelve o'clock.
            case clock
            /// A circle growing from the centre.
            case iris
        }

        /// What the transition does to the two pictures.
        public enum Effect: Sendable, Equatable {
            /// The old child dissolves into the new one.
            case opacity
            /// The old child fades to a colour, then the new one fades in from it.
            case dip(Color)
            /// The new child slides in from an edge over the old one, which stays put.
            case move(Edge)
            /// The new child comes in from an edge, pushing the old one out the other side.
            case push(Edge)
            /// The new child is revealed through a growing outline.
            case wipe(WipeShape)
            /// The new child grows from nothing about the box's centre over the old one.
            case scale
            /// The old child blurs and fades out as the new one comes into focus.
            case blurReplace
        }

        /// The effect.
        public var effect: Effect
        /// How long the transition lasts, in seconds.
        public var duration: TimeInterval
        /// Whether the two children play at once during the transition, shortening the sequence by
        /// ``duration`` (Remotion's `TransitionSeries.Transition`); `false` lays the effect over the cut,
        /// half before and half after it, and keeps the sequence's length (`TransitionSeries.Overlay`),
        /// holding the old child's last instant and the new child's first.
        public var overlap: Bool
        /// How progress runs from 0 to 1: a keyframe's motion (linear, a curve or a spring).
        public var easing: Keyframed<Double>.Motion

        /// The default length of a transition, in seconds.
        public static let defaultDuration: TimeInterval = 0.5

        /// `effect` over `duration` seconds, eased by `easing`.
        public init(_ effect: Effect, duration: TimeInterval = Transition.defaultDuration, overlap: Bool = true,
                    easing: Keyframed<Double>.Motion = .linear) {
            self.effect = effect
            self.duration = duration
            self.overlap = overlap
            self.easing = easing
        }

        /// A cross-dissolve.
        public static let opacity = Transition(.opacity)
        /// The new child slides in from the leading edge.
        public static let slide = Transition(.move(.leading))
        /// The new child grows from the centre.
        public static let scale = Transition(.scale)
        /// A blur and fade from one child into the next.
        public static let blurReplace = Transition(.blurReplace)
        /// The new child slides in from `edge` over the old one.
        public static func move(edge: Edge) -> Transition { Transition(.move(edge)) }
        /// The new child pushes the old one out, coming in from `edge`.
        public static func push(from edge: Edge) -> Transition { Transition(.push(edge)) }
        /// A fade to `color` and back out of it.
        public static func dip(through color: Color) -> Transition { Transition(.dip(color)) }
        /// A wipe through `shape`.
        public static func wipe(_ shape: WipeShape) -> Transition { Transition(.wipe(shape)) }

        /// This transition lasting `duration` seconds.
        public func duration(_ duration: TimeInterval) -> Transition {
            var copy = self
            copy.duration = duration
            return copy
        }

        /// This transition laid over the cut instead of overlapping the children (or back).
        public func overlap(_ overlap: Bool) -> Transition {
            var copy = self
            copy.overlap = overlap
            return copy
        }

        /// This transition eased by `easing`.
        public func easing(_ easing: Keyframed<Double>.Motion) -> Transition {
            var copy = self
            copy.easing = easing
            return copy
        }

        /// The eased progress `elapsed` seconds into the transition: 0 at its start, 1 at its end (a
        /// spring may pass 1 on the way).
        public func progress(at elapsed: TimeInterval) -> Double {
            guard duration > 0 else { return 1 }
            let clamped = min(max(elapsed, 0), duration)
            return Keyframed(keys: [.init(time: 0, value: 0), .init(time: duration, value: 1, motion: easing)])
                .value(at: clamped)
        }
    }
}
