import FlipbookAnimation
import FlipbookCore
import FlipbookSceneFile
import Foundation

/// Text that does not fit its box: refused when nothing lets it be cut, cut when a line limit or a
/// truncation does. Either way the fix is the largest whole font size at which Pango lays the whole
/// text out inside the box.
enum TextFitCheck {
    /// The pointer and fix for a render's "does not fit its box" refusal of a text layer in `file`.
    static func fix(forRefusal error: FlipbookError, in file: SceneFile) -> (pointer: String, text: String)? {
        guard let keyPath = error.location.keyPath, keyPath.hasSuffix(".text"),
              error.message.contains("does not fit its box"),
              let layer = file.layer(atKeyPath: String(keyPath.dropLast(".text".count))),
              case .text(let parameters) = layer.content else { return nil }
        let pointer = jsonPointer(ofKeyPath: keyPath.dropLast(".text".count) + ".font.size")
        return (pointer, fixText(parameters, baseDirectory: file.baseDirectory))
    }

    /// A warning for a text layer cut to fit its box at one of `moments` (once, at the first), or
    /// for a captions layer with a page cut at its box.
    static func findings(for checked: CheckedLayer, at moments: [TimeInterval], canvas: CGSize, baseDirectory: URL?)
        -> [CheckFinding] {
        if let captions = checked.layer.scene as? CaptionsScene, let page = captions.cutPages.first {
            let words = page.words.map(\.text).joined(separator: " ")
            return [CheckFinding(
                .warning, .textFit, pointer: checked.pointer("font.size"),
                message: "the caption \"\(words)\" at \(spoken(moment: page.start + checked.layer.start)) is cut at its box: "
                    + "a word is wider than the box even at the smallest scale allowed"
                    + (captions.cutPages.count > 1 ? " (and \(captions.cutPages.count - 1) more pages)." : "."),
                fix: "a smaller font.size, a lower minimumScaleFactor, or a wider box")]
        }
        guard let scene = checked.layer.scene as? TextScene,
              let time = moments.first(where: { moment in
                  checked.placed(at: moment, canvas: canvas).map { scene.fit(at: $0.localTime)?.isTruncated == true } ?? false
              })
        else { return [] }
        var fix = "give a larger size"
        if case .text(let parameters)? = checked.fileLayer?.content { fix = fixText(parameters, baseDirectory: baseDirectory) }
        return [CheckFinding(.warning, .textFit, pointer: checked.pointer("font.size"),
                             message: "the text is cut to fit its box at \(spoken(moment: time)): some of it is not shown.",
                             fix: fix)]
    }

    /// "font.size ≤ 41 fits the box", or a larger box when not even 1 point fits.
    private static func fixText(_ parameters: SceneFile.TextParameters, baseDirectory: URL?) -> String {
        // A keyframed size has no one value to lower.
        let given = parameters.font?.size
        guard let current = given == nil ? Double(TextScene.FontStyle.defaultSize) : given?.constantValue,
              let largest = largestFittingSize(parameters, below: current, baseDirectory: baseDirectory) else {
            return "give a larger size, or fewer words"
        }
        return "font.size ≤ \(largest) fits the box"
    }

    /// The largest whole font size up to `limit` at which the whole text fits its box, found by
    /// halving: a smaller size never needs more room.
    static func largestFittingSize(_ parameters: SceneFile.TextParameters, below limit: Double, baseDirectory: URL?) -> Int? {
        func fits(_ size: Int) -> Bool {
            var whole = parameters
            whole.lineLimit = nil
            whole.truncation = nil
            whole.minimumScaleFactor = nil
            var font = whole.font ?? SceneFile.FontParameters()
            font.size = Keyframed(Double(size))
            whole.font = font
            return (try? whole.makeScene(baseDirectory: baseDirectory)) != nil
        }
        guard limit.isFinite, limit >= 1 else { return nil }
        var low = 0, high = Int(saturating: min(limit, 100_000), rounded: .down)
        guard fits(1) else { return nil }
        low = 1
        if fits(high) { return high }
        // low fits, high does not.
        while high - low > 1 {
            let middle = (low + high) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        return low
    }
}

extension SceneFile {
    /// The layer at a key path such as `layers[2]` or `layers[2].layers[0]` (a group's child).
    func layer(atKeyPath keyPath: String) -> Layer? {
        var layers = self.layers ?? []
        var found: Layer?
        for part in keyPath.split(separator: ".") {
            guard part.hasPrefix("layers["), part.hasSuffix("]"),
                  let index = Int(part.dropFirst("layers[".count).dropLast()), layers.indices.contains(index) else { return nil }
            found = layers[index]
            if case .group(let group) = layers[index].content { layers = group.layers } else { layers = [] }
        }
        return found
    }
}
