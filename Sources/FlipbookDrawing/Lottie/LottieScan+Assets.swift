import Foundation

// The assets, by kind: a precomposition (an asset with `layers`) is counted like the layers that use
// it; an image (one an image layer shows, or with a size or a PNG or JPEG name) is checked
// (LottieScan+Images.swift). Any other asset — a data source for expressions (`"t": 3`), a sound for
// an audio layer (no size, an audio file's name) — is one
// rlottie draws nothing from, so it is a warning and left out of what rlottie reads (rlottie would
// otherwise try to open its file itself).

extension LottieScan {
    /// Checks every asset in `assets` by its kind, recording the ones left out in ``unusedAssets``.
    mutating func checkAssets(_ root: [String: Any]) throws {
        let shown = imageLayerReferences(root)
        let sorted = assets.sorted { $0.value.index < $1.value.index }
        // Sorted out first, so an image layer in a precomposition counted below knows what is left out.
        for (id, entry) in sorted where entry.object["layers"] == nil {
            let pointer = "/assets/\(entry.index)"
            if let kind = Self.otherKind(entry.object["t"]) {
                warn(pointer, "\(kind), not used")
                unusedAssets.insert(entry.index)
            } else if !shown.contains(id), entry.object["w"] == nil, entry.object["h"] == nil,
                      let name = entry.object["p"] as? String, !Self.namesImage(name) {
                warn(pointer, "asset '\(name.prefix(40))' that no image layer shows, not used")
                unusedAssets.insert(entry.index)
            }
        }
        for (id, entry) in sorted {
            if entry.object["layers"] != nil {
                _ = try precompositionShapes(id, depth: 1, from: "/assets/\(entry.index)")
            } else if !unusedAssets.contains(entry.index) {
                try checkImage(entry.object, index: entry.index)
            }
        }
    }

    /// Whether the asset at `index` in `assets` is an image rlottie is given.
    func isDrawnImage(_ entry: (index: Int, object: [String: Any])) -> Bool {
        entry.object["layers"] == nil && !unusedAssets.contains(entry.index)
    }

    /// What an asset's kind (`t`) makes it when it is not an image (none, or `"seq"`, a frame of an
    /// image sequence, as lottie-web reads them): "data asset (t 3, read by expressions)".
    private static func otherKind(_ t: Any?) -> String? {
        guard let t, (t as? String) != "seq" else { return nil }
        if let number = t as? NSNumber, number.doubleValue == 3 { return "data asset (t 3, read by expressions)" }
        return "asset of kind t \(describe(t))"
    }

    /// Whether an asset's `p` is a PNG or JPEG: a `data:image/png` or `data:image/jpeg` URI, or a file
    /// named `.png`, `.jpg` or `.jpeg`.
    private static func namesImage(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if lowered.hasPrefix("data:") {
            return ["data:image/png", "data:image/jpeg", "data:image/jpg"].contains { lowered.hasPrefix($0) }
        }
        return [".png", ".jpg", ".jpeg"].contains { lowered.hasSuffix($0) }
    }

    /// The ids image layers (`"ty": 2`) name, in the top-level layers and every precomposition.
    private func imageLayerReferences(_ root: [String: Any]) -> Set<String> {
        var lists: [Any] = [root["layers"] as Any]
        for asset in (root["assets"] as? [Any]) ?? [] { lists.append((asset as? [String: Any])?["layers"] as Any) }
        var ids: Set<String> = []
        for case let layers as [Any] in lists {
            for case let layer as [String: Any] in layers {
                guard (layer["ty"] as? NSNumber)?.doubleValue == 2, let id = layer["refId"] as? String else { continue }
                ids.insert(id)
            }
        }
        return ids
    }
}
