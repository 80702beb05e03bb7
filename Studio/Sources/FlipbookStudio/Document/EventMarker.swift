import Flipbook
import Foundation

/// A moment the timeline marks: a burst, a touch, a ripple, a keyframe; in timeline seconds.
struct EventMarker: Codable, Sendable, Hashable {
    var time: Double
    /// The list the event came from: `bursts`, `touches`, `ripples`, or a keyframed key (`opacity`).
    var kind: String
    /// The top-level layer it belongs to.
    var layer: Int

    /// Every event of `file` (its layers as written, with their values resolved), sorted by time;
    /// events outside the clip are left out. A group's layers add their start to the group's.
    static func all(in file: SceneFile, duration: Double) -> [EventMarker] {
        guard let data = try? file.jsonData(),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let layers = root["layers"] as? [Any] else { return [] }
        var found: Set<EventMarker> = []
        for (index, layer) in layers.enumerated() {
            guard let object = layer as? [String: Any] else { continue }
            collectLayer(object, offset: 0, layer: index, into: &found)
        }
        return found.filter { $0.time >= 0 && $0.time <= duration }.sorted { ($0.time, $0.layer, $0.kind) < ($1.time, $1.layer, $1.kind) }
    }

    /// The keys whose list elements are events with a `start` rather than a `time`.
    private static let startedLists: Set<String> = ["ripples", "emissions"]

    private static func collectLayer(_ layer: [String: Any], offset: Double, layer index: Int, into found: inout Set<EventMarker>) {
        let start = offset + number(layer["start"])
        for (key, value) in layer {
            if key == "layers", let children = value as? [Any] {
                for child in children.compactMap({ $0 as? [String: Any] }) {
                    collectLayer(child, offset: start, layer: index, into: &found)
                }
            } else {
                collect(value, kind: key, start: start, layer: index, into: &found)
            }
        }
    }

    private static func collect(_ json: Any, kind: String, start: Double, layer: Int, into found: inout Set<EventMarker>) {
        if let list = json as? [Any] {
            for element in list { collect(element, kind: kind, start: start, layer: layer, into: &found) }
        } else if let object = json as? [String: Any] {
            if let time = object["time"] as? NSNumber {
                found.insert(EventMarker(time: start + time.doubleValue, kind: kind, layer: layer))
            } else if startedLists.contains(kind), let time = object["start"] as? NSNumber {
                found.insert(EventMarker(time: start + time.doubleValue, kind: kind, layer: layer))
            }
            for (key, value) in object where value is [Any] || value is [String: Any] {
                collect(value, kind: key, start: start, layer: layer, into: &found)
            }
        }
    }

    private static func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? 0 }
}
