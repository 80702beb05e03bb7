import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A sequence layer's parameters (`"scene": "sequence"`): see ``Timeline/Sequence``.
    public struct SequenceParameters: Sendable, Equatable {
        /// The children, in the order they play; each gives its `duration` and may give a `transition`.
        public var layers: [Layer]
        /// The sequence's box. Default: its parent's (the canvas).
        public var size: Keyframed<CGSize>?

        /// Sequence parameters; `nil` keys take their defaults.
        public init(layers: [Layer] = [], size: Keyframed<CGSize>? = nil) {
            self.layers = layers
            self.size = size
        }

        /// The scene with its children made (their timing is checked by the sequence's check);
        /// `canvas` is the parent's box, `remaining` the seconds from the sequence's start to the end
        /// of the timeline.
        func makeScene(canvas: CGSize, remaining: TimeInterval, pictures: PictureCache, keyPath: String) throws
            -> Timeline.Sequence {
            let box = size?.keys.first?.value ?? canvas
            let children = try layers.enumerated().map { index, layer in
                try layer.makeSequenceChild(canvas: box, remaining: remaining, pictures: pictures,
                                            keyPath: joinKeyPath(keyPath, "layers[\(index)]"))
            }
            return Timeline.Sequence(children: children, size: size)
        }
    }
}

extension SceneFile.SequenceParameters {
    static let parameters = ParameterTable<SceneFile.SequenceParameters>(
        title: "Sequence layer", noun: "a sequence layer",
        summary: layerWithScene + #": layers played one after another, each for its "duration" (seconds, or "auto" "#
            + "— the default — for the length of its video, audio, Lottie, captions or sequence), joined by each child's "
            + "\"transition\" (see Transition). A child gives no start or end. An overlapping transition (the default) "
            + "plays both children at once and shortens the sequence by its length; \"overlap\": false lays it over the cut "
            + "and keeps the length. Sounds cross-fade at equal power across an overlapping transition. Sequences nest, sit "
            + "in groups and take placement, opacity, blend and filters; `--dry-run` lists each child's start and end.",
        parameters: [
            .value("layers", \.layers, .list(.layer, of: "layers"), default: [], help: "The children, in the order they play."),
            .boxSize(\.size, defaultText: "the canvas (or enclosing group's box)",
                     help: "The sequence's box, which its children are placed in."),
        ])
}
