import Foundation

// Lottie slots: the file's `slots` (`{"accent": {"p": {"a": 0, "k": [1, 0.8, 0, 1]}}}`) give values to
// every property marked `"sid": "accent"`, and an image slot (`{"photo": {"p": {"p": "data:…", "u": "",
// "e": 1}}}`) gives its members to the image asset marked `"sid": "photo"`, as lottie-web merges them.
// rlottie does not read slots, so Flipbook writes each slot's value (the file's own, or the one asked
// for) into what names it.

enum LottieSlots {
    /// Writes the slots' values into `root`'s properties and image assets: the file's own slots,
    /// replaced by `values`. Returns whether anything changed. Image paths start from `folder` and
    /// are read within `limits`.
    ///
    /// - Throws: ``FlipbookError`` naming a slot in `values` the file neither declares nor uses, a
    ///   value that is not finite, an image for a property's slot or a property value for an image
    ///   asset's, or an image file an asset may not hold.
    static func apply(_ values: [String: LottieSlotValue], to root: [String: Any], json: inout LottieJSON, source: String,
                      folder: URL, limits: LottieLimits) throws -> Bool {
        var properties: [String: LottieJSON] = [:]
        var declared: Set<String> = []
        if let slots = root["slots"] as? [String: Any] {
            for id in slots.keys {
                declared.insert(id)
                if let property = json["slots"]?[id]?["p"], case .object = property { properties[id] = property }
            }
        }
        let used = usedSlots(root)
        for id in values.keys.sorted() {
            let value = values[id]!
            guard declared.contains(id) || used.contains(id) else {
                let known = declared.union(used).sorted()
                throw FlipbookError(invalid: "The slot '\(id)'", "is not one of \(source)'s slots; "
                                        + (known.isEmpty ? "it has none." : "they are \(known.joined(separator: ", "))."))
            }
            if let problem = value.problem { throw FlipbookError(invalid: "The slot '\(id)'", problem) }
            let asset = imageAssets(root)[id]
            if value.isImage, asset == nil, used.contains(id) {
                throw FlipbookError(invalid: "The slot '\(id)'", "is a property's slot in \(source), not an image asset's; "
                                        + "give it a colour, a number or a list of numbers.")
            }
            if !value.isImage, let asset {
                throw FlipbookError(invalid: "The slot '\(id)'", "is the image asset /assets/\(asset)'s slot in \(source); "
                                        + #"give it an image ({"image": "photo.png"})."#)
            }
            properties[id] = try value.property(id: id, folder: folder, limits: limits)
        }
        guard !properties.isEmpty, !used.isDisjoint(with: properties.keys) else { return false }
        json = substitute(json, properties)
        return true
    }

    /// The index in `assets` of each image asset (one with a picture, `p`) that names a slot with `sid`.
    private static func imageAssets(_ root: [String: Any]) -> [String: Int] {
        var indices: [String: Int] = [:]
        for (index, asset) in ((root["assets"] as? [Any]) ?? []).enumerated() {
            guard let asset = asset as? [String: Any], asset["p"] != nil, asset["layers"] == nil,
                  let id = asset["sid"] as? String else { continue }
            indices[id] = indices[id] ?? index
        }
        return indices
    }

    /// The slot ids the properties under `value` name with `sid`.
    private static func usedSlots(_ value: Any) -> Set<String> {
        var ids: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let id = object["sid"] as? String { ids.insert(id) }
                for (key, member) in object where key != "slots" { walk(member) }
            } else if let list = value as? [Any] {
                list.forEach(walk)
            }
        }
        walk(value)
        return ids
    }

    /// `value` with each property naming a slot in `properties` given that slot's animation and value,
    /// its keys kept in their order.
    private static func substitute(_ value: LottieJSON, _ properties: [String: LottieJSON]) -> LottieJSON {
        switch value {
        case .object(let members):
            var object = LottieJSON.object(members.map { member in
                (member.key, member.key == "slots" ? member.value : substitute(member.value, properties))
            })
            if case .string(let id)? = object["sid"], let property = properties[id] {
                if property["k"] != nil {
                    object["a"] = property["a"] ?? .literal("0")
                    object["k"] = property["k"]
                } else if case .object(let members) = property {
                    // An image asset's slot: its members replace the asset's.
                    for (key, value) in members { object[key] = value }
                }
            }
            return object
        case .array(let elements):
            return .array(elements.map { substitute($0, properties) })
        default:
            return value
        }
    }
}

/// Refuses JSON nested deeper than `limit` objects and lists, before it is parsed (a parser's
/// recursion is not asked to go that deep); `source` names the file.
func checkNesting(_ data: Data, limit: Int, source: String) throws {
    var depth = 0, inString = false, escaped = false
    for (offset, byte) in data.enumerated() {
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            guard depth <= limit else {
                throw FlipbookError(invalid: "\(source)", "must nest objects and lists at most \(limit) deep; at byte \(offset) it is \(depth) deep.",
                                    at: .init(file: source))
            }
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
    }
}
