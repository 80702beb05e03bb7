import Foundation

// What Flipbook changes in a checked file before rlottie reads it, so rlottie draws what lottie-web,
// the format's reference player, draws:
// - colours of files before Bodymovin 4.1.9, written 0–255, divided by 255 as lottie-web does for those
//   versions (its `checkColors`: the fills' and strokes' `c` of shape layers, static or keyframed);
// - the in and out points lottie-web plays, `round(ip)` and `round(ip) + floor(op − ip)` (rlottie
//   truncates both, which for a fractional `ip` starts a frame early);
// - each shape item's `ty` moved first: rlottie skips the keys of a shape written before its type
//   (as a writer that sorts keys puts `c`, `it` or `nm` before `ty`), lottie-web reads them in any order;
// - the assets rlottie draws nothing from (data, sounds) left out, so it opens no file of theirs.

enum LottieAdaptation {
    /// Makes the changes to `json`, the file `scan` read (`root`); returns whether anything changed, so
    /// that the JSON as written is handed over untouched otherwise.
    static func adapt(_ json: inout LottieJSON, scan: LottieScan, root: [String: Any]) -> Bool {
        var changed = false
        if scan.legacyColors {
            scaleLegacyColors(&json)
            changed = true
        }
        if let (ip, op) = inOutPoints(root, scan: scan) {
            json["ip"] = .literal(format(ip))
            json["op"] = .literal(format(op))
            changed = true
        }
        if !scan.unusedAssets.isEmpty, case .array(var assets)? = json["assets"] {
            for index in scan.unusedAssets.sorted(by: >) where assets.indices.contains(index) { assets.remove(at: index) }
            json["assets"] = .array(assets)
            changed = true
        }
        eachLayer(&json) { layer in
            layer.updateMember("shapes") { $0.updateElements { putTypeFirst(&$0, changed: &changed) } }
        }
        return changed
    }

    /// The pointer in the file of `pointer`, a part of the adapted JSON (whose asset indices skip the
    /// assets left out).
    static func pointerInFile(_ pointer: String, scan: LottieScan) -> String {
        let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false)
        guard tokens.count > 2, tokens[1] == "assets", let index = Int(tokens[2]) else { return pointer }
        let kept = (0..<scan.assets.count).filter { !scan.unusedAssets.contains($0) }
        guard kept.indices.contains(index) else { return pointer }
        return (["", "assets", "\(kept[index])"] + tokens.dropFirst(3).map(String.init)).joined(separator: "/")
    }

    /// The whole in and out points lottie-web plays, when the file's differ from them.
    private static func inOutPoints(_ root: [String: Any], scan: LottieScan) -> (Double, Double)? {
        let ip = (root["ip"] as? NSNumber)?.doubleValue, op = (root["op"] as? NSNumber)?.doubleValue
        let played = (scan.firstFrame, scan.firstFrame + Double(scan.frameCount))
        return ip == played.0 && op == played.1 ? nil : played
    }

    /// Divides by 255 the colours lottie-web divides in a file before 4.1.9.
    private static func scaleLegacyColors(_ json: inout LottieJSON) {
        eachLayer(&json) { layer in
            guard layer["ty"]?.number == 4 else { return }
            layer.updateMember("shapes") { $0.updateElements(scaleShape) }
        }
    }

    /// Runs `body` on each layer: the top level's and every precomposition's.
    private static func eachLayer(_ json: inout LottieJSON, _ body: (inout LottieJSON) -> Void) {
        json.updateMember("layers") { $0.updateElements(body) }
        json.updateMember("assets") { assets in
            assets.updateElements { $0.updateMember("layers") { $0.updateElements(body) } }
        }
    }

    /// Moves a shape item's `ty` (and its group's items' `ty`) to its first key.
    private static func putTypeFirst(_ shape: inout LottieJSON, changed: inout Bool) {
        guard case .object(var members) = shape else { return }
        if let index = members.firstIndex(where: { $0.key == "ty" }), index > 0 {
            members.insert(members.remove(at: index), at: 0)
            changed = true
        }
        shape = .object(members)
        shape.updateMember("it") { $0.updateElements { putTypeFirst(&$0, changed: &changed) } }
    }

    private static func scaleShape(_ shape: inout LottieJSON) {
        guard case .string(let type)? = shape["ty"] else { return }
        switch type {
        case "gr":
            shape.updateMember("it") { $0.updateElements(scaleShape) }
        case "fl", "st":
            shape.updateMember("c") { colour in
                colour.updateMember("k") { value in
                    guard case .array(let elements) = value else { return }
                    if case .object? = elements.first {
                        value.updateElements { keyframe in
                            keyframe.updateMember("s", scaleComponents)
                            keyframe.updateMember("e", scaleComponents)
                        }
                    } else {
                        scaleComponents(&value)
                    }
                }
            }
        default:
            break
        }
    }

    /// The first four numbers of a colour, divided by 255.
    private static func scaleComponents(_ colour: inout LottieJSON) {
        guard case .array(var components) = colour else { return }
        for index in components.indices.prefix(4) {
            guard let value = components[index].number else { continue }
            components[index] = .literal(format(value / 255))
        }
        colour = .array(components)
    }
}

extension LottieJSON {
    /// The number a literal holds, or `nil`.
    var number: Double? {
        guard case .literal(let text) = self, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Changes the member `key` of an object in place, when it has one.
    mutating func updateMember(_ key: String, _ body: (inout LottieJSON) -> Void) {
        guard var member = self[key] else { return }
        body(&member)
        self[key] = member
    }

    /// Changes each element of a list in place.
    mutating func updateElements(_ body: (inout LottieJSON) -> Void) {
        guard case .array(var elements) = self else { return }
        for index in elements.indices { body(&elements[index]) }
        self = .array(elements)
    }
}
