import FlipbookDrawing
import Foundation

extension Timeline.Sequence: SelfValidatingScene {
    /// Checks the box, each child's length and transition, and each child, naming them under
    /// `keyPath` (`layers[0].layers[1].transition`); where two children are involved the message names
    /// both.
    public func validate(keyPath: String) throws {
        if let size { try checkBoxSize(size, joinKeyPath(keyPath, "size")) }
        let paths = children.indices.map { joinKeyPath(keyPath, "layers[\($0)]") }
        let durations = children.map { $0.resolvedDuration }
        for (index, child) in children.enumerated() {
            let path = paths[index]
            if child.layer.start != 0 { throw Self.timingNotAllowed(joinKeyPath(path, "start")) }
            if child.layer.end != nil { throw Self.timingNotAllowed(joinKeyPath(path, "end")) }
            guard let duration = durations[index] else {
                throw FlipbookError(invalid: joinKeyPath(path, "duration"),
                                    "is missing: \(path) has no natural length (only video, audio, Lottie, captions and "
                                        + "sequences have one), so give its duration in seconds.",
                                    at: .init(keyPath: joinKeyPath(path, "duration")))
            }
            try Timeline.checkLength(duration, keyPath: joinKeyPath(path, "duration"))
            if let transition = child.transition { try check(transition, of: index, paths: paths, durations: durations) }
            try child.layer.validate(keyPath: path)
            if child.layer.motionBlur != nil {
                throw FlipbookError(invalid: joinKeyPath(path, "motionBlur"),
                                    "is for a timeline's own layers; give it to the sequence, whose children then blur together.",
                                    at: .init(keyPath: joinKeyPath(path, "motionBlur")))
            }
        }
    }

    /// Checks the transition into child `index`: its length, and that it fits in both children it
    /// joins, together with the transition out of the one before.
    private func check(_ transition: Timeline.Transition, of index: Int, paths: [String], durations: [TimeInterval?]) throws {
        let key = joinKeyPath(paths[index], "transition")
        guard index > 0 else {
            throw FlipbookError(invalid: key, "joins a child to the one before it, and \(paths[index]) is the sequence's "
                                    + "first child: move the transition to the second child, or leave it out.",
                                at: .init(keyPath: key))
        }
        let length = transition.duration
        try Timeline.checkLength(length, keyPath: joinKeyPath(key, "duration"))
        for neighbour in [index - 1, index] {
            guard let other = durations[neighbour], length > other else { continue }
            throw FlipbookError(invalid: key, "(\(formatNumber(length)) s) is longer than \(paths[neighbour]) "
                                    + "(\(formatNumber(other)) s): a transition must fit in both children it joins.",
                                at: .init(keyPath: key))
        }
        // The transition out of the previous child and this one both take its time.
        let before = index - 1
        if before > 0, let earlier = children[before].transition, let previous = durations[before],
           earlier.duration + length > previous {
            throw FlipbookError(invalid: key, "(\(formatNumber(length)) s) and \(paths[before]).transition "
                                    + "(\(formatNumber(earlier.duration)) s) together are longer than \(paths[before]) "
                                    + "(\(formatNumber(previous)) s): the two transitions would eat it.",
                                at: .init(keyPath: key))
        }
    }
}

extension Timeline.Sequence: NaturalLengthScene {
    /// Where its last child ends.
    public var naturalLength: TimeInterval? { duration }
}

extension Timeline {
    /// Throws unless `seconds`, a length (a child's, a transition's, a layer's duration), is above 0
    /// and at most ``maximumDuration``.
    package static func checkLength(_ seconds: TimeInterval, keyPath: String) throws {
        guard !(seconds.isFinite && seconds > 0 && seconds <= maximumDuration) else { return }
        throw FlipbookError.mustBe(keyPath, "above 0 and at most \(formatNumber(maximumDuration)) seconds", itIs: formatNumber(seconds))
    }
}

extension Timeline.Sequence {
    /// The error for a child's `start` or `end` at `key`: a sequence times its children.
    package static func timingNotAllowed(_ key: String) -> FlipbookError {
        FlipbookError(invalid: key, "is not allowed inside a sequence: each child starts where the one before it ends "
                          + "and lasts its duration; give its duration instead.", at: .init(keyPath: key))
    }
}
