import FlipbookAnimation
import FlipbookSceneFile
import Foundation

/// A layer a check looks at: the timeline's layer with the scene-file layer it was made from and
/// where that sits in the file.
struct CheckedLayer {
    var layer: Timeline.Layer
    /// The scene-file layer, when the timeline came from a file with this layer at ``pointer``.
    var fileLayer: SceneFile.Layer?
    /// `/layers/2`, or `/layers/2/layers/0` inside a group.
    var pointer: String
    /// The index among the timeline's own layers; `nil` inside a group, whose children are drawn in
    /// the group's box rather than on the canvas.
    var topLevelIndex: Int?

    /// Every layer of `timeline`, groups' children after their group, paired with `file`'s.
    static func all(in timeline: Timeline, file: SceneFile) -> [CheckedLayer] {
        walk(timeline.layers, file: file.layers ?? [], pointer: "", topLevel: true)
    }

    private static func walk(_ layers: [Timeline.Layer], file: [SceneFile.Layer], pointer: String, topLevel: Bool)
        -> [CheckedLayer] {
        layers.enumerated().flatMap { index, layer -> [CheckedLayer] in
            let fileLayer = index < file.count ? file[index] : nil
            let here = CheckedLayer(layer: layer, fileLayer: fileLayer, pointer: "\(pointer)/layers/\(index)",
                                    topLevelIndex: topLevel ? index : nil)
            guard let group = layer.scene as? GroupScene else { return [here] }
            var children: [SceneFile.Layer] = []
            if case .group(let parameters)? = fileLayer?.content { children = parameters.layers }
            return [here] + walk(group.layers, file: children, pointer: here.pointer, topLevel: false)
        }
    }

    /// The pointer of `key` in this layer: `/layers/2/font/size`.
    func pointer(_ key: String) -> String { pointer + "/" + key.split(separator: ".").joined(separator: "/") }

    /// Whether the layer is drawn at timeline time `time` (its own start and end within its parent's
    /// clock; a group's child is taken as shown whenever its group could be).
    func isActive(at time: TimeInterval) -> Bool {
        topLevelIndex == nil || layer.isActive(at: time)
    }
}
