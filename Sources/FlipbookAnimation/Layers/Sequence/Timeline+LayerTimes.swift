import FlipbookDrawing
import Foundation

extension Timeline {
    /// When one layer shows, in timeline seconds, as `--dry-run` and `flipbook scenes FILE` list it.
    public struct LayerTime: Sendable, Equatable, Codable {
        /// The layer's key path: `layers[0].layers[2]`.
        public var layer: String
        /// When it appears.
        public var start: Double
        /// When it disappears (the end of its parent at the latest).
        public var end: Double
    }

    /// Every layer's times, groups' and sequences' children too, in file order.
    public var layerTimes: [LayerTime] {
        Self.times(of: layers, prefix: "", offset: 0, parentEnd: duration)
    }

    /// Whether any layer, in a group or not, is a sequence: its children's times are worked out, so
    /// the plan lists them.
    public var hasSequence: Bool { Self.hasSequence(layers) }

    private static func hasSequence(_ layers: [Layer]) -> Bool {
        layers.contains { layer in
            layer.scene is Sequence || (layer.scene as? GroupScene).map { hasSequence($0.layers) } == true
        }
    }

    private static func times(of layers: [Layer], prefix: String, offset: TimeInterval, parentEnd: TimeInterval)
        -> [LayerTime] {
        layers.enumerated().flatMap { index, layer -> [LayerTime] in
            let path = joinKeyPath(prefix, "layers[\(index)]")
            let start = offset + layer.start
            let end = min(parentEnd, layer.end.map { offset + $0 } ?? parentEnd)
            let nested = (layer.scene as? Sequence)?.layers ?? (layer.scene as? GroupScene)?.layers ?? []
            return [LayerTime(layer: path, start: start, end: end)]
                + times(of: nested, prefix: path, offset: start, parentEnd: end)
        }
    }
}

extension Timeline.LayerTime {
    /// `1.5–3.5 s`.
    public var span: String { "\(formatNumber(start))–\(formatNumber(end)) s" }
}
