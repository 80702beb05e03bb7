import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A sequence child's `transition`: how it replaces the child before it (see ``Timeline/Transition``).
    public struct TransitionParameters: Sendable, Equatable {
        /// What the transition does; `iris` is a wipe through a growing circle.
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            /// ``Timeline/Transition/Effect/opacity``.
            case fade
            /// ``Timeline/Transition/Effect/dip(_:)``.
            case dip
            /// ``Timeline/Transition/Effect/move(_:)``.
            case slide
            /// ``Timeline/Transition/Effect/push(_:)``.
            case push
            /// ``Timeline/Transition/Effect/wipe(_:)``.
            case wipe
            /// A wipe through ``Timeline/Transition/WipeShape/iris``.
            case iris
            /// ``Timeline/Transition/Effect/scale``.
            case zoom
            /// ``Timeline/Transition/Effect/blurReplace``.
            case blur
        }

        /// The outline a wipe reveals through.
        public enum Shape: String, Sendable, Equatable, CaseIterable {
            /// A straight edge from the direction.
            case edge
            /// ``Timeline/Transition/WipeShape/clock``.
            case clock
            /// ``Timeline/Transition/WipeShape/iris``.
            case iris
        }

        /// The kind; a file must give it.
        public var kind: Kind
        /// Seconds. Default 0.5.
        public var duration: TimeInterval?
        /// The edge the new child comes in from (slide, push, and an edge wipe). Default left.
        public var direction: Timeline.Transition.Edge?
        /// The colour a dip passes through. Default black.
        public var color: Color?
        /// A wipe's outline. Default edge.
        public var shape: Shape?
        /// The easing curve of the progress. Default linear.
        public var curve: UnitCurve?
        /// A spring for the progress instead of a curve.
        public var spring: Spring?
        /// Whether the two children play at once (shortening the sequence). Default true.
        public var overlap: Bool?

        /// Transition parameters; `nil` keys take their defaults.
        public init(kind: Kind = .fade, duration: TimeInterval? = nil, direction: Timeline.Transition.Edge? = nil,
                    color: Color? = nil, shape: Shape? = nil, curve: UnitCurve? = nil, spring: Spring? = nil,
                    overlap: Bool? = nil) {
            self.kind = kind
            self.duration = duration
            self.direction = direction
            self.color = color
            self.shape = shape
            self.curve = curve
            self.spring = spring
            self.overlap = overlap
        }

        /// The transition these parameters describe; errors name keys under `keyPath`.
        func makeTransition(keyPath: String) throws -> Timeline.Transition {
            if curve != nil, spring != nil {
                throw FlipbookError(invalid: keyPath, "must have at most one of curve and spring; it has both.",
                                    at: .init(keyPath: keyPath))
            }
            let edge = direction ?? .leading
            let effect: Timeline.Transition.Effect
            switch kind {
            case .fade: effect = .opacity
            case .dip: effect = .dip(color ?? .black)
            case .slide: effect = .move(edge)
            case .push: effect = .push(edge)
            case .zoom: effect = .scale
            case .blur: effect = .blurReplace
            case .iris: effect = .wipe(.iris)
            case .wipe:
                switch shape ?? .edge {
                case .edge: effect = .wipe(.edge(edge))
                case .clock: effect = .wipe(.clock)
                case .iris: effect = .wipe(.iris)
                }
            }
            let easing: Keyframed<Double>.Motion = spring.map { .spring($0) } ?? curve.map { .curve($0) } ?? .linear
            return Timeline.Transition(effect, duration: duration ?? Timeline.Transition.defaultDuration,
                                       overlap: overlap ?? true, easing: easing)
        }
    }
}

extension SceneFile.TransitionParameters {
    /// A direction's name in a file: the edge the new child comes in from.
    static let directions: [(name: String, value: Timeline.Transition.Edge)] = [
        ("fromLeft", .leading), ("fromRight", .trailing), ("fromTop", .top), ("fromBottom", .bottom),
    ]

    static let parameters = ParameterTable<SceneFile.TransitionParameters>(
        title: "Transition", noun: "a transition",
        summary: #"A sequence child's "transition": how it replaces the child before it (not on the first child). "#
            + "Each kind is a pure function of its progress: fade dissolves, dip passes through a colour, slide brings the "
            + "new child in over the old, push shoves the old one out, wipe reveals the new one (from an edge, or clock and "
            + "iris shapes), zoom grows it from the centre, blur blurs one into the other. It must fit in both children "
            + "it joins, and two transitions may not together outlast the child between them.",
        parameters: [
            .required("kind", \.kind, .choice(Kind.allCases.map { ($0.rawValue, $0) }),
                      help: "fade, dip, slide, push, wipe, iris (a wipe through a growing circle), zoom or blur "
                          + "(SwiftUI's .opacity, .move(edge:), .push(from:), .scale, .blurReplace in Swift)."),
            .optional("duration", \.duration, .number, default: Timeline.Transition.defaultDuration,
                      limits: .above(0, atMost: Timeline.maximumDuration), limitsCheckedWhereMade: true, unit: "seconds",
                      help: "How long the transition lasts."),
            .optional("direction", \.direction, .choice(directions), default: .leading,
                      help: "The edge the new child comes in from: slide, push and an edge wipe."),
            .optional("color", \.color, .color, default: .black, help: "The colour a dip passes through."),
            .optional("shape", \.shape, .choice(Shape.allCases.map { ($0.rawValue, $0) }), default: .edge,
                      help: "A wipe's outline: a straight edge from direction, a clock hand from twelve, or a growing iris."),
            .optional("curve", \.curve, .curve, defaultText: "linear",
                      help: "The progress's easing, as a keyframe's curve: easeIn, easeInOut, cubic-bezier(…), …"),
            .optional("spring", \.spring, .spring, defaultText: "none",
                      help: "A spring for the progress instead, as a keyframe's: smooth, snappy, bouncy or {…}."),
            .optional("overlap", \.overlap, .bool, default: true,
                      help: "true plays both children at once and shortens the sequence; false lays the transition over "
                          + "the cut (half before, half after) and keeps its length."),
        ])
}

extension ValueCodec where Value == UnitCurve {
    /// A curve as a keyframe names it.
    static var curve: ValueCodec {
        ValueCodec(typeName: "curve", expected: UnitCurve.fileRequirement, isScalar: true,
                   read: { json, keyPath, requirement in
                       try UnitCurve.read(try json.string(keyPath, requirement), json, keyPath)
                   },
                   write: { .string($0.fileName) })
    }
}

extension ValueCodec where Value == Spring {
    /// A spring as a keyframe gives it.
    static var spring: ValueCodec {
        ValueCodec(typeName: "spring", expected: Spring.fileRequirement,
                   read: { json, keyPath, _ in try Spring.read(json, keyPath) },
                   write: { $0.fileValue })
    }
}
