import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import Foundation

/// A layer a check looks at: the timeline's layer with the scene-file layer it was made from, where
/// that sits in the file, and the groups (or sequences) it is drawn in.
struct CheckedLayer {
    var layer: Timeline.Layer
    /// The scene-file layer, when the timeline came from a file with this layer at ``pointer``.
    var fileLayer: SceneFile.Layer?
    /// `/layers/2`, or `/layers/2/layers/0` inside a group.
    var pointer: String
    /// Where the layer is in the timeline: its index among the timeline's layers, then among the
    /// children of each group it is in.
    var path: [Int]
    /// The groups the layer is drawn in, outermost first; empty for a timeline's own layer.
    var groups: [Timeline.Layer]

    /// Every layer of `timeline`, groups' and sequences' children after them, paired with `file`'s.
    static func all(in timeline: Timeline, file: SceneFile) -> [CheckedLayer] {
        walk(timeline.layers, file: file.layers ?? [], pointer: "", path: [], groups: [])
    }

    private static func walk(_ layers: [Timeline.Layer], file: [SceneFile.Layer], pointer: String, path: [Int],
                             groups: [Timeline.Layer]) -> [CheckedLayer] {
        layers.enumerated().flatMap { index, layer -> [CheckedLayer] in
            let fileLayer = index < file.count ? file[index] : nil
            let here = CheckedLayer(layer: layer, fileLayer: fileLayer, pointer: "\(pointer)/layers/\(index)",
                                    path: path + [index], groups: groups)
            // A sequence holds its children as a group does, each timed in the sequence's clock.
            let inner: [Timeline.Layer]
            switch layer.scene {
            case let group as GroupScene: inner = group.layers
            case let sequence as Timeline.Sequence: inner = sequence.layers
            default: return [here]
            }
            var children: [SceneFile.Layer] = []
            switch fileLayer?.content {
            case .group(let parameters)?: children = parameters.layers
            case .sequence(let parameters)?: children = parameters.layers
            default: break
            }
            return [here] + walk(inner, file: children, pointer: here.pointer, path: here.path, groups: groups + [layer])
        }
    }

    /// The pointer of `key` in this layer: `/layers/2/font/size`.
    func pointer(_ key: String) -> String { pointer + "/" + key.split(separator: ".").joined(separator: "/") }

    /// Where a layer is at one moment.
    struct Placed {
        /// The time in the layer's own clock.
        var localTime: TimeInterval
        /// The box it is placed in: the canvas, or its group's box.
        var parent: CGSize
        /// From the space of ``parent`` to the canvas's: the placements of the groups it is in.
        var toCanvas: CGAffineTransform
        /// Its opacity times its groups'.
        var opacity: Double
    }

    /// Where the layer is at timeline time `time` on a canvas of `canvas` points; `nil` when it, or
    /// a group it is in, is not shown then (each clock starts at its parent's time of the start).
    func placed(at time: TimeInterval, canvas: CGSize) -> Placed? {
        var placed = Placed(localTime: time, parent: canvas, toCanvas: .identity, opacity: 1)
        for group in groups {
            guard group.isActive(at: placed.localTime) else { return nil }
            let local = placed.localTime - group.start
            let box = group.boxSize(parent: placed.parent, localTime: local)
            let placement = group.placement(parent: placed.parent, box: box, localTime: local) ?? .identity
            placed = Placed(localTime: local, parent: box, toCanvas: placement.concatenating(placed.toCanvas),
                            opacity: placed.opacity * group.keyframedOpacity.value(at: local))
        }
        guard layer.isActive(at: placed.localTime) else { return nil }
        placed.localTime -= layer.start
        placed.opacity *= layer.keyframedOpacity.value(at: placed.localTime)
        return placed
    }

    /// The layer's box on the canvas at timeline time `time` (the bounding rectangle of a turned
    /// box), with where it is; `nil` when it is not shown then or draws over its whole parent.
    func frame(at time: TimeInterval, canvas: CGSize) -> (rect: CGRect, placed: Placed)? {
        guard let placed = placed(at: time, canvas: canvas), placed.opacity > 0,
              let own = layer.frame(parent: placed.parent, localTime: placed.localTime) else { return nil }
        return (own.applying(placed.toCanvas), placed)
    }
}
