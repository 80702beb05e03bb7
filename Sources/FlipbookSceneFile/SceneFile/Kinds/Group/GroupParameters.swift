import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// A group layer's parameters (`"scene": "group"`): see ``GroupScene``.
    public struct GroupParameters: Sendable, Equatable {
        /// The children, bottom first; their start and end are in the group's clock.
        public var layers: [Layer]
        /// The group's box. Default: its parent's (the canvas).
        public var size: Keyframed<CGSize>?
        /// What the children are clipped to. Default none.
        public var clip: Clip?

        /// A group's clip in a file: `true` for its box, or an outline `{"shape": "circle"}` fitted to it.
        public enum Clip: Sendable, Equatable {
            /// The group's box.
            case box
            /// An outline (the `shape`, `path`, `cornerRadius` and `style` of a shape layer).
            case shape(ShapeParameters)
        }

        /// Group parameters; `nil` keys take their defaults.
        public init(layers: [Layer] = [], size: Keyframed<CGSize>? = nil, clip: Clip? = nil) {
            self.layers = layers
            self.size = size
            self.clip = clip
        }

        /// The scene with its children made (their values are checked by the group layer's check); `canvas` is the parent's box, `remaining`
        /// the seconds from the group's start to the end of the timeline.
        func makeScene(canvas: CGSize, remaining: TimeInterval, pictures: PictureCache, keyPath: String) throws -> GroupScene {
            let box = size?.keys.first?.value ?? canvas
            let children = try layers.enumerated().compactMap { index, layer in
                try Refusals.skipping {
                    try layer.makeTimelineLayer(canvas: box, remaining: remaining - (layer.start ?? 0),
                                                pictures: pictures,
                                                keyPath: joinKeyPath(keyPath, "layers[\(index)]"))
                }
            }
            var sceneClip: GroupScene.Clip?
            switch clip {
            case .box?: sceneClip = .box
            case .shape(let shape)?: sceneClip = .shape(try shape.outline(keyPath: joinKeyPath(keyPath, "clip")))
            case nil: break
            }
            return GroupScene(layers: children, size: size, clip: sceneClip)
        }
    }
}

extension SceneFile.GroupParameters {
    static let parameters = ParameterTable<SceneFile.GroupParameters>(
        title: "Group layer", noun: "a group layer",
        summary: layerWithScene + #": layers sharing the group's placement, opacity, blend mode, "#
            + "clip and filters, composited as one picture. Children's start and end are in the group's clock, "
            + "their positions in its box; groups nest.",
        parameters: [
            .value("layers", \.layers, .list(.layer, of: "layers"), default: [], help: "The children, bottom first."),
            .boxSize(\.size, defaultText: "the canvas (or enclosing group's box)",
                     help: "The group's box, which its children are placed in."),
            .optional("clip", \.clip, .groupClip, defaultText: "none",
                      help: #"true clips the children to the box; {"shape": "circle"} (or roundedRect, … with "#
                          + "cornerRadius, path) to that outline in the box."),
        ])
}

extension ValueCodec where Value == SceneFile.GroupParameters.Clip {
    /// `true`, or an outline object with a shape layer's `shape`, `path`, `cornerRadius` and `style`.
    static var groupClip: ValueCodec {
        let outlineKeys: Set = ["shape", "path", "cornerRadius", "style"]
        let table = ParameterTable<SceneFile.ShapeParameters>(
            title: "Clip", noun: "a clip outline", summary: "",
            parameters: SceneFile.ShapeParameters.parameters.parameters.filter { outlineKeys.contains($0.info.key) })
        return ValueCodec(
            typeName: "true or outline", expected: #"true or an outline {"shape": …}"#,
            read: { json, keyPath, requirement in
                if case .bool(true) = json.content { return .box }
                guard json.members != nil else { throw json.invalid(keyPath, requirement) }
                var shape = SceneFile.ShapeParameters()
                try table.read(json, into: &shape, keyPath: keyPath)
                return .shape(shape)
            },
            write: { clip in
                switch clip {
                case .box: JSONValue(.bool(true))
                case .shape(let shape): .object(table.write(shape))
                }
            })
    }
}
