import Foundation

/// Where rlottie stops reading a file that passed Flipbook's checks: the file is loaded again with
/// fewer of its parts until the first part it fails on is found, so the message can name it.
///
/// rlottie reads the assets whatever the layers, and each layer (and each shape of a layer) on its
/// own, its references resolved afterwards; so when the file loads with its first `n` layers and not
/// with its first `n + 1`, layer `n` is one rlottie cannot read. Each search halves the span, so a
/// file of 10,000 layers is loaded about fourteen times, not 10,000.
enum LottieRefusal {
    /// The JSON pointer of the first asset, layer or shape rlottie fails on in `json`, or `nil` when it
    /// fails on none of them alone (a top-level key, or nothing: it loads).
    static func locate(in json: LottieJSON, loads: (Data) -> Bool = LottiePlayer.loads) -> String? {
        guard case .array(let layers)? = json["layers"], !loads(json.data) else { return nil }
        var withoutLayers = json
        withoutLayers["layers"] = .array([])
        guard loads(withoutLayers.data) else { return locateInAssets(withoutLayers, loads: loads) }
        guard let index = firstFailing(count: layers.count, { count in
            var trial = json
            trial["layers"] = .array(Array(layers.prefix(count)))
            return loads(trial.data)
        }) else { return nil }
        let pointer = "/layers/\(index)"
        return locateInLayer(layers[index], pointer: pointer, loads: { layer in
            var trial = json
            trial["layers"] = .array(Array(layers.prefix(index)) + [layer])
            return loads(trial.data)
        }) ?? pointer
    }

    /// The first asset (or layer or shape in it) that fails in `root`, which has no layers.
    private static func locateInAssets(_ root: LottieJSON, loads: (Data) -> Bool) -> String? {
        guard case .array(let assets)? = root["assets"], let index = firstFailing(count: assets.count, { count in
            var trial = root
            trial["assets"] = .array(Array(assets.prefix(count)))
            return loads(trial.data)
        }) else { return nil }
        let pointer = "/assets/\(index)"
        func withAsset(_ asset: LottieJSON) -> Bool {
            var trial = root
            trial["assets"] = .array(Array(assets.prefix(index)) + [asset])
            return loads(trial.data)
        }
        guard case .array(let layers)? = assets[index]["layers"], let layer = firstFailing(count: layers.count, { count in
            var asset = assets[index]
            asset["layers"] = .array(Array(layers.prefix(count)))
            return withAsset(asset)
        }) else { return pointer }
        let layerPointer = "\(pointer)/layers/\(layer)"
        return locateInLayer(layers[layer], pointer: layerPointer, loads: { changed in
            var asset = assets[index]
            asset["layers"] = .array(Array(layers.prefix(layer)) + [changed])
            return withAsset(asset)
        }) ?? layerPointer
    }

    /// The first shape of `layer` that fails (inside groups too), given how the file loads with `layer` changed.
    private static func locateInLayer(_ layer: LottieJSON, pointer: String, loads: (LottieJSON) -> Bool) -> String? {
        locateItem(in: layer, key: "shapes", pointer: pointer, loads: loads)
    }

    /// The first element of `parent[key]` that fails, and within a group (`it`) its first item that does.
    private static func locateItem(in parent: LottieJSON, key: String, pointer: String,
                                   loads: (LottieJSON) -> Bool) -> String? {
        guard case .array(let items)? = parent[key] else { return nil }
        func with(_ elements: [LottieJSON]) -> LottieJSON {
            var changed = parent
            changed[key] = .array(elements)
            return changed
        }
        guard let index = firstFailing(count: items.count, { loads(with(Array(items.prefix($0)))) }) else { return nil }
        let itemPointer = "\(pointer)/\(key)/\(index)"
        return locateItem(in: items[index], key: "it", pointer: itemPointer, loads: { item in
            loads(with(Array(items.prefix(index)) + [item]))
        }) ?? itemPointer
    }

    /// What the pointer `locate` gave names: "a layer", "a shape" or "an asset".
    static func part(at pointer: String) -> String {
        switch pointer.split(separator: "/").dropLast().last {
        case "shapes", "it": "a shape"
        case "assets": "an asset"
        default: "a layer"
        }
    }

    /// The index of the item whose addition makes `loads` fail: the least `n` such that the first
    /// `n + 1` items fail while the first `n` load; `nil` when none do (or when even none fail).
    static func firstFailing(count: Int, _ loads: (Int) -> Bool) -> Int? {
        guard count > 0, loads(0), !loads(count) else { return nil }
        var loading = 0, failing = count
        while failing - loading > 1 {
            let middle = loading + (failing - loading) / 2
            if loads(middle) { loading = middle } else { failing = middle }
        }
        return loading
    }
}
