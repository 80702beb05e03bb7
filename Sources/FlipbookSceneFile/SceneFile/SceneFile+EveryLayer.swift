import FlipbookAnimation
import Foundation

extension SceneFile {
    /// Applies `change` to every layer, those in groups too (a group before its children).
    mutating func changeEveryLayer(_ change: (inout Layer) -> Void) {
        guard var layers else { return }
        Self.changeEach(&layers, change)
        self.layers = layers
    }

    private static func changeEach(_ layers: inout [Layer], _ change: (inout Layer) -> Void) {
        for index in layers.indices {
            change(&layers[index])
            var parameters = layers[index].content.parameters
            parameters.changeNestedLayers { changeEach(&$0, change) }
            layers[index].content = parameters.content
        }
    }
}
