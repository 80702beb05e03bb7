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

    /// The times of the timeline's own layers, of every sequence and of every sequence's child, in
    /// file order (a group's other children share their group's clock and are left out).
    public var layerTimes: [LayerTime] {
        Self.times(of: layers, prefix: "", offset: 0, parentEnd: duration, listed: true)
    }

    /// Whether any layer, in a group or not, is a sequence: its children's times are worked out, so
    /// the plan lists them.
    public var hasSequence: Bool { Self.hasSequence(layers) }

    private static func hasSequence(_ layers: [Layer]) -> Bool {
        layers.contains { layer in
            layer.scene is Sequence || (layer.scene as? GroupScene).map { hasSequence($0.layers) } == true
        }
    }

    private static func times(of layers: [Layer], prefix: String, offset: TimeInterval, parentEnd: TimeInterval,
                              listed: Bool) -> [LayerTime] {
        layers.enumerated().flatMap { index, layer -> [LayerTime] in
            let path = joinKeyPath(prefix, "layers[\(index)]")
            let start = offset + layer.start
            let end = min(parentEnd, layer.end.map { offset + $0 } ?? parentEnd)
            let sequence = layer.scene as? Sequence
            let nested = sequence?.layers ?? (layer.scene as? GroupScene)?.layers ?? []
            let own = listed || sequence != nil ? [LayerTime(layer: path, start: start, end: end)] : []
            return own + times(of: nested, prefix: path, offset: start, parentEnd: end, listed: sequence != nil)
        }
    }
}

extension Timeline.LayerTime {
    /// `1.5–3.5 s`.
    public var span: String { "\(formatNumber(start))–\(formatNumber(end)) s" }
}
