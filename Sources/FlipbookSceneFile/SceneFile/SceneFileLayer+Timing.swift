import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile.Layer {
    /// ``end`` and ``endIsAuto`` as the one key they are written as.
    var endSetting: SceneDuration? {
        get { endIsAuto ? .auto : end.map(SceneDuration.seconds) }
        set {
            endIsAuto = newValue == .auto
            if case .seconds(let seconds)? = newValue { end = seconds } else { end = nil }
        }
    }

    /// ``duration`` and ``durationIsAuto`` as the one key they are written as.
    var durationSetting: SceneDuration? {
        get { durationIsAuto ? .auto : duration.map(SceneDuration.seconds) }
        set {
            durationIsAuto = newValue == .auto
            if case .seconds(let seconds)? = newValue { duration = seconds } else { duration = nil }
        }
    }

    /// The timeline layer this layer describes, its scene made for a parent box of `canvas` points
    /// (the canvas, or a group's box); `remaining` is the seconds from the layer's start to the end
    /// of the timeline; `pictures` decodes the images it uses, once per timeline. Its end is its
    /// `end`, its start plus its `duration`, or where its media ends for `"auto"`.
    func makeTimelineLayer(canvas: CGSize, remaining: TimeInterval, pictures: PictureCache, keyPath path: String) throws
        -> Timeline.Layer {
        if transition != nil {
            let key = joinKeyPath(path, "transition")
            throw FlipbookError(invalid: key, "joins a sequence's child to the one before it; \(path) is not in a sequence.",
                                at: .init(keyPath: key))
        }
        if endSetting != nil, durationSetting != nil {
            let key = joinKeyPath(path, "duration")
            throw FlipbookError(invalid: key, "and \(joinKeyPath(path, "end")) are both given; give one of them.",
                                at: .init(keyPath: key))
        }
        var layer = try makeLayer(canvas: canvas, remaining: remaining, pictures: pictures, keyPath: path)
        if let duration {
            try Timeline.checkLength(duration, keyPath: joinKeyPath(path, "duration"))
            layer.end = layer.start + duration
        }
        if endIsAuto || durationIsAuto {
            let key = joinKeyPath(path, endIsAuto ? "end" : "duration")
            layer.end = layer.start + (try naturalLength(of: layer, key: key))
        }
        return layer
    }

    /// The child of a sequence this layer describes: its length is its `duration`, or its media's
    /// (`"auto"`, the default); it has no start or end of its own.
    func makeSequenceChild(canvas: CGSize, remaining: TimeInterval, pictures: PictureCache, keyPath path: String) throws
        -> Timeline.Sequence.Child {
        if start != nil { throw Timeline.Sequence.timingNotAllowed(joinKeyPath(path, "start")) }
        if endSetting != nil { throw Timeline.Sequence.timingNotAllowed(joinKeyPath(path, "end")) }
        let layer = try makeLayer(canvas: canvas, remaining: remaining, pictures: pictures, keyPath: path)
        var child = Timeline.Sequence.Child(layer, duration: duration)
        if durationIsAuto { child.duration = try naturalLength(of: layer, key: joinKeyPath(path, "duration")) }
        child.transition = try transition?.makeTransition(keyPath: joinKeyPath(path, "transition"))
        return child
    }

    /// The layer with its scene and sound made, timed by its `start` and `end` alone.
    private func makeLayer(canvas: CGSize, remaining: TimeInterval, pictures: PictureCache, keyPath path: String) throws
        -> Timeline.Layer {
        // Before the scene is made: making a group's or sequence's children recurses.
        try Timeline.checkNesting(keyPath: path)
        let scene = try content.parameters.makeScene(
            in: LayerSurroundings(canvas: canvas, remaining: remaining, pictures: pictures, keyPath: path))
        var layer = timelineLayer(scene)
        layer.sound = try sound?.makeSound(baseDirectory: pictures.baseDirectory, keyPath: joinKeyPath(path, "sound"))
        return layer
    }

    /// The natural length of `layer`'s scene, for an `"auto"` at `key`.
    private func naturalLength(of layer: Timeline.Layer, key: String) throws -> TimeInterval {
        guard let length = (layer.scene as? any NaturalLengthScene)?.naturalLength, length > 0 else {
            throw FlipbookError(invalid: key, "is \"auto\", but this \(content.sceneName) layer has no natural length "
                                    + "(a video, audio or Lottie layer that does not loop, captions, or a sequence has one); "
                                    + "give it in seconds.", at: .init(keyPath: key))
        }
        return length
    }
}
