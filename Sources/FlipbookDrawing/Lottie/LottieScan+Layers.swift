import FlipbookCore
import Foundation

// The layers and shapes: counts against the limits (each repeater copy and each use of a
// precomposition counted), and the features rlottie does not draw.

extension LottieScan {
    /// The layer types rlottie draws, by `ty`; text (5) is read but not drawn.
    private static let layerTypes: Set<Int> = [0, 1, 2, 3, 4]
    /// Mask modes rlottie draws: add, subtract, intersect, difference, none.
    private static let maskModes: Set<String> = ["a", "s", "i", "f", "n"]
    /// Blend modes rlottie draws (`bm`): normal, multiply, screen, overlay.
    private static let blendModes = 0...3
    /// The shape items rlottie 0.1 reads, by `ty`; merge paths (`mm`) it reads and leaves undrawn.
    private static let shapeTypes: Set<String> = ["gr", "rc", "el", "sr", "sh", "fl", "st", "gf", "gs", "tm", "rp", "tr"]
    /// The names of shape items rlottie 0.1 skips, for warnings.
    private static let skippedShapes = ["mm": "merge paths", "rd": "rounded corners", "op": "offset path",
                                        "pb": "pucker and bloat", "tw": "twist", "zz": "zig zag"]

    /// The shapes a list of layers draws; `depth` is how many precompositions hold it.
    mutating func layerListShapes(_ layers: [Any], pointer: String, depth: Int) throws -> Int {
        checkMattes(layers, pointer: pointer)
        var total = 0
        for (index, item) in layers.enumerated() {
            let layerPointer = "\(pointer)/\(index)"
            guard let layer = item as? [String: Any] else { throw refuse(layerPointer, "must be an object (a layer).") }
            total = try capped(total + layerShapes(layer, pointer: layerPointer, depth: depth), at: layerPointer)
        }
        return total
    }

    private mutating func layerShapes(_ layer: [String: Any], pointer: String, depth: Int) throws -> Int {
        try countLayer(pointer)
        let type = try number(layer["ty"], pointer + "/ty", "a layer type")
        if type == 5 {
            warn(pointer, "text layer, not drawn")
        } else if !Self.layerTypes.contains(Int(exactly: type) ?? -1) {
            warn(pointer, "layer type \(format(type)), not drawn")
        }
        if let effects = layer["ef"] as? [Any], !effects.isEmpty { warn(pointer + "/ef", "layer effects, not drawn") }
        if let blend = layer["bm"] as? NSNumber, !Self.blendModes.contains(blend.intValue) {
            warn(pointer + "/bm", "blend mode \(blend), drawn as normal")
        }
        if let masks = layer["masksProperties"] as? [Any] {
            for (index, mask) in masks.enumerated() {
                if let mode = (mask as? [String: Any])?["mode"] as? String, !Self.maskModes.contains(mode) {
                    warn("\(pointer)/masksProperties/\(index)/mode", "mask mode '\(mode)', not drawn")
                }
            }
        }
        switch type {
        case 0:
            guard let id = layer["refId"] as? String, let asset = assets[id], asset.object["layers"] != nil else {
                throw refuse(pointer + "/refId", "must name a precomposition in /assets; it is \(layer["refId"].map(describe) ?? "missing").")
            }
            return try precompositionShapes(id, depth: depth + 1, from: pointer + "/refId")
        case 2:
            guard let id = layer["refId"] as? String, let asset = assets[id], isDrawnImage(asset) else {
                throw refuse(pointer + "/refId", "must name an image in /assets; it is \(layer["refId"].map(describe) ?? "missing").")
            }
            return 1
        case 4:
            guard let shapes = layer["shapes"] as? [Any] else { throw refuse(pointer + "/shapes", "must be a list of shapes.") }
            return try shapeListShapes(shapes, pointer: pointer + "/shapes", nesting: 0)
        default:
            return 1
        }
    }

    /// The shapes the precomposition `id` draws, counted once; `depth` is how many precompositions
    /// hold it, `pointer` the value that refers to it.
    mutating func precompositionShapes(_ id: String, depth: Int, from pointer: String) throws -> Int {
        guard !visiting.contains(id) else {
            throw refuse(pointer, "must not hold itself; the precomposition '\(id)' is inside itself.")
        }
        if let known = assetShapes[id] {
            // Counted once; the chain below it is as deep from here as from its first use.
            try checkDepth(depth + known.height - 1, at: pointer)
            return known.shapes
        }
        try checkDepth(depth, at: pointer)
        guard let asset = assets[id], let layers = asset.object["layers"] as? [Any] else {
            throw refuse(pointer, "must name a precomposition with a list of layers.")
        }
        visiting.insert(id)
        defer { visiting.remove(id) }
        let deepestBefore = deepest
        deepest = depth
        let shapes = try layerListShapes(layers, pointer: "/assets/\(asset.index)/layers", depth: depth)
        assetShapes[id] = (shapes, deepest - depth + 1)
        deepest = max(deepest, deepestBefore)
        return shapes
    }

    /// Refuses a precomposition `depth` deep, at the value that reached it.
    private mutating func checkDepth(_ depth: Int, at pointer: String) throws {
        guard depth <= limits.maximumPrecompositionDepth else {
            throw refuse(pointer, "must be at most \(limits.maximumPrecompositionDepth) precompositions deep; it is \(depth) deep.")
        }
        deepest = max(deepest, depth)
    }

    /// The shapes a list of shape items draws: each item one (a group, its own and its items'), a
    /// repeater multiplying the items above it.
    private mutating func shapeListShapes(_ items: [Any], pointer: String, nesting: Int) throws -> Int {
        var total = 0
        for (index, entry) in items.enumerated() {
            let itemPointer = "\(pointer)/\(index)"
            guard let item = entry as? [String: Any], let type = item["ty"] as? String else {
                throw refuse(itemPointer, "must be a shape with a type (ty).")
            }
            switch type {
            case "gr":
                guard let children = item["it"] as? [Any] else { throw refuse(itemPointer + "/it", "must be a list of shapes.") }
                total += 1 + (try shapeListShapes(children, pointer: itemPointer + "/it", nesting: nesting + 1))
            case "rp":
                let copies = try repeaterCopies(item["c"], pointer: itemPointer + "/c")
                let (product, overflow) = total.multipliedReportingOverflow(by: max(copies, 1))
                total = overflow ? Int.max : product
            case _ where !Self.shapeTypes.contains(type):
                warn(itemPointer, Self.skippedShapes[type].map { "\($0), not drawn" } ?? "shape type '\(type.prefix(20))', not drawn")
                total += 1
            default:
                total += 1
            }
            total = try capped(total, at: itemPointer)
        }
        return total
    }

    /// The most copies a repeater's `c` asks for at any time.
    private func repeaterCopies(_ property: Any?, pointer: String) throws -> Int {
        guard let object = property as? [String: Any] else { throw refuse(pointer, "must be a property (the repeater's copies).") }
        var values: [Double] = []
        func collect(_ value: Any?, _ path: String) throws {
            switch value {
            case let list as [Any]:
                for (index, element) in list.enumerated() {
                    if let keyframe = element as? [String: Any] {
                        try collect(keyframe["s"], "\(path)/\(index)/s")
                        try collect(keyframe["e"], "\(path)/\(index)/e")
                    } else {
                        values.append(try number(element, "\(path)/\(index)", "a number of copies"))
                    }
                }
            case nil:
                break
            default:
                values.append(try number(value, path, "a number of copies"))
            }
        }
        try collect(object["k"], pointer + "/k")
        let most = values.max() ?? 0
        guard values.allSatisfy({ $0 >= 0 }), most <= Double(limits.maximumRepeaterCopies) else {
            throw refuse(pointer, "must be between 0 and \(limits.maximumRepeaterCopies) repeater copies; it is \(format(values.first { $0 < 0 } ?? most)).")
        }
        return try Int(most, rounded: .up, checking: pointer)
    }

    private mutating func countLayer(_ pointer: String) throws {
        layerCount += 1
        guard layerCount <= limits.maximumLayerCount else {
            throw refuse(pointer, "must be within the first \(limits.maximumLayerCount) layers of the file; it is layer \(layerCount).")
        }
    }

    /// `count`, refused at `pointer` past the shape limit.
    private func capped(_ count: Int, at pointer: String) throws -> Int {
        guard count <= limits.maximumShapeCount else {
            throw refuse(pointer, "must bring the shapes drawn to at most \(limits.maximumShapeCount), each repeater copy "
                             + "and each use of a precomposition counted; it brings them past that.")
        }
        return count
    }

    /// Warns of each expression (a property with `x` text) under `value`.
    mutating func findExpressions(_ value: Any, pointer: String, depth: Int) throws {
        guard depth <= limits.maximumNesting else {
            throw refuse(pointer, "must nest objects and lists at most \(limits.maximumNesting) deep.")
        }
        if let object = value as? [String: Any] {
            if object["x"] is String, object["k"] != nil { warn(pointer + "/x", "expression, not evaluated") }
            for key in object.keys.sorted() {
                try findExpressions(object[key]!, pointer: pointer + "/" + escapePointer(key), depth: depth + 1)
            }
        } else if let list = value as? [Any] {
            for (index, element) in list.enumerated() {
                try findExpressions(element, pointer: "\(pointer)/\(index)", depth: depth + 1)
            }
        }
    }
}

/// A key as a JSON pointer token: `~` → `~0`, `/` → `~1`.
func escapePointer(_ key: String) -> String {
    key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
}
