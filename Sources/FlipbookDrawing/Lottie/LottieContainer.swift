import Foundation

/// A `.lottie` file (dotLottie): a zip holding `manifest.json`, the animations (`animations/ID.json`,
/// or `a/ID.json` in dotLottie 2) and their images (`images/`, or `i/`). Flipbook draws the first
/// animation the manifest lists. A zip without a manifest is read as lottie-android reads one: its one
/// `.json` file (outside the `__MACOSX/` folder macOS's archiver adds) is the animation.
struct LottieContainer {
    /// The animation's JSON.
    let animation: Data
    let archive: ZipArchive

    /// Reads the container `data`; `source` names it in messages.
    init(_ data: Data, source: String, limits: LottieLimits) throws {
        archive = try ZipArchive(data, source: source, maximumEntrySize: limits.maximumFileSize)
        func refuse(_ why: String) -> FlipbookError {
            FlipbookError(.invalidInput, "\(source) is not a .lottie container Flipbook can read: \(why).", at: .init(file: source))
        }
        guard let manifestData = try archive.file("manifest.json") else {
            let animations = archive.names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix("__MACOSX/") }
            guard animations.count == 1, let name = animations.first, let json = try archive.file(name) else {
                throw refuse("it has no manifest.json, and \(animations.count) .json files where a zip without one "
                                 + "has one (the animation)")
            }
            animation = json
            return
        }
        let manifest = try? JSONSerialization.jsonObject(with: manifestData) as? [String: Any]
        guard let animations = manifest?["animations"] as? [Any], let first = animations.first as? [String: Any],
              let id = first["id"] as? String, !id.isEmpty else {
            throw refuse("its manifest.json lists no animation (animations[0].id)")
        }
        guard !id.contains("/"), !id.contains("\\"), id != ".." else { throw refuse("its animation id '\(id)' is a path") }
        guard let json = try archive.file("animations/\(id).json") ?? archive.file("a/\(id).json") else {
            throw refuse("it has neither animations/\(id).json nor a/\(id).json, which its manifest names")
        }
        animation = json
    }

    /// The image an asset names, in the container: its folder (`u`) from the container's root, then
    /// `images/` and `i/`; `nil` when there is none.
    func image(folder: String, name: String) throws -> Data? {
        var root = folder
        while root.hasPrefix("/") { root.removeFirst() }
        if !root.isEmpty, !root.hasSuffix("/") { root += "/" }
        for path in [root + name, "images/" + name, "i/" + name] {
            if let data = try archive.file(path) { return data }
        }
        return nil
    }
}
