import FlipbookDrawing
import Foundation

extension Timeline {
    /// Layers played one after another, joined by transitions: a title, then a clip, then a card.
    ///
    /// Each ``Child`` lasts its ``Child/duration`` (or its scene's natural length: a video, a sound, a
    /// Lottie animation, captions, another sequence) and starts where the one before it ends, less the
    /// length of an overlapping ``Transition`` into it. The children are placed in the sequence's box
    /// (the parent's unless ``size`` is given), like a group's; a sequence sits on its layer like any
    /// scene, so it takes placement, opacity, blend mode and filters, sits in groups and nests.
    ///
    /// ```swift
    /// let cut = Timeline.Sequence {
    ///     Timeline.Sequence.Child(title, duration: 2)
    ///     Timeline.Sequence.Child(clip).transition(.opacity.duration(0.5))
    ///     Timeline.Sequence.Child(card, duration: 2).transition(.push(from: .trailing))
    /// }
    /// ```
    public struct Sequence: BoxedScene {
        /// One layer of a sequence and how long it plays.
        public struct Child: Sendable {
            /// The layer; its start and end are given by the sequence (leave them at 0 and `nil`).
            public var layer: Layer
            /// Seconds the child plays; `nil` takes its scene's natural length.
            public var duration: TimeInterval?
            /// How this child replaces the one before it; `nil` cuts.
            public var transition: Transition?

            /// `layer`, playing `duration` seconds (its scene's natural length when `nil`).
            public init(_ layer: Layer, duration: TimeInterval? = nil, transition: Transition? = nil) {
                self.layer = layer
                self.duration = duration
                self.transition = transition
            }

            /// `scene` over the whole box, playing `duration` seconds (its natural length when `nil`).
            public init(_ scene: any Scene, duration: TimeInterval? = nil) {
                self.init(Layer(scene), duration: duration)
            }

            /// This child, coming in with `transition`.
            public func transition(_ transition: Transition) -> Child {
                var copy = self
                copy.transition = transition
                return copy
            }

            /// The seconds it plays: its duration, else its scene's natural length; `nil` when neither is known.
            public var resolvedDuration: TimeInterval? {
                duration ?? (layer.scene as? any NaturalLengthScene)?.naturalLength
            }
        }

        /// Builds a sequence's children from a list of statements, as SwiftUI's view builders do.
        @resultBuilder
        public enum Builder {
            /// One child.
            public static func buildExpression(_ child: Child) -> [Child] { [child] }
            /// Children made elsewhere, in order.
            public static func buildExpression(_ children: [Child]) -> [Child] { children }
            /// The statements' children, in order.
            public static func buildBlock(_ parts: [Child]...) -> [Child] { parts.flatMap { $0 } }
            /// An `if` without `else`: its children, or none.
            public static func buildOptional(_ part: [Child]?) -> [Child] { part ?? [] }
            /// The `if` branch of an `if`/`else`.
            public static func buildEither(first part: [Child]) -> [Child] { part }
            /// The `else` branch of an `if`/`else`.
            public static func buildEither(second part: [Child]) -> [Child] { part }
            /// A `for` loop: each pass's children, in order.
            public static func buildArray(_ parts: [[Child]]) -> [Child] { parts.flatMap { $0 } }
        }

        /// The children, in the order they play.
        public let children: [Child]
        /// The box; `nil` is the parent's (the canvas, or the enclosing group's box).
        public var size: Keyframed<CGSize>?
        /// The children's layers with their start and end in the sequence's clock.
        public let layers: [Layer]

        /// The children `children`, in a box of `size`.
        public init(children: [Child], size: Keyframed<CGSize>? = nil) {
            self.children = children
            self.size = size
            var layers: [Layer] = []
            var cursor: TimeInterval = 0
            for child in children {
                let overlap = child.transition.flatMap { $0.overlap && !layers.isEmpty ? $0.duration : nil } ?? 0
                var layer = child.layer
                layer.start = cursor - overlap
                layer.end = layer.start + (child.resolvedDuration ?? 0)
                cursor = layer.end ?? cursor
                layers.append(layer)
            }
            self.layers = layers
        }

        /// The children the builder makes, in a box of `size`.
        public init(size: Keyframed<CGSize>? = nil, @Builder _ children: () -> [Child]) {
            self.init(children: children(), size: size)
        }

        /// Seconds from the first child's start to the last one's end.
        public var duration: TimeInterval { layers.last?.end ?? 0 }

        public func boxSize(canvas: CGSize, time: TimeInterval) -> CGSize {
            size?.value(at: time) ?? canvas
        }

        /// The stretch of the sequence's clock a transition into child `index` covers: from the
        /// child's start when the two overlap, else centred on the cut.
        func window(into index: Int) -> Range<TimeInterval>? {
            guard index > 0, index < children.count, let transition = children[index].transition,
                  transition.duration > 0 else { return nil }
            let start = layers[index].start
            let from = transition.overlap ? start : start - transition.duration / 2
            return from..<(from + transition.duration)
        }

        /// Draws the child or children showing at `time` (the sequence's clock) in the box `size`.
        public func draw(in context: inout CairoCanvas, size: CGSize, time: TimeInterval) {
            for index in layers.indices {
                if let window = window(into: index), window.contains(time), let transition = children[index].transition {
                    let old = layers[index - 1], new = layers[index]
                    // Over the cut, the old child holds its last instant and the new one its first.
                    let oldTime = min(time - old.start, (old.end ?? time) - old.start)
                    let newTime = max(time - new.start, 0)
                    transition.effect.draw(
                        outgoing: { old.draw(in: $0, parent: size, localTime: oldTime) },
                        incoming: { new.draw(in: $0, parent: size, localTime: newTime) },
                        in: context, box: size, progress: transition.progress(at: time - window.lowerBound))
                    return
                }
            }
            for layer in layers where layer.isActive(at: time) {
                layer.draw(in: context, parent: size, localTime: time - layer.start)
            }
        }
    }
}
