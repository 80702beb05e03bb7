import FlipbookCore
import Foundation

extension SceneRequest {
    /// The files the scene is read from, for `--watch`: the scene file, and every existing file its
    /// JSON names (images, fonts, captions, sound, Lottie), relative to the scene file's folder.
    /// Empty for a built-in scene.
    public func watchedFiles(relativeTo directory: URL? = nil) -> [URL] {
        guard let url = sceneFileURL(relativeTo: directory) else { return [] }
        let named = (try? Data(contentsOf: url)).map { SceneRequest.namedFiles(inJSON: $0, relativeTo: url.deletingLastPathComponent()) }
        return [url] + (named ?? []).filter { $0 != url }
    }

    /// Every existing regular file a scene file's JSON `data` names in a string (a picture, a font,
    /// captions, sound, an animation), relative to `folder`, sorted; empty when it is not JSON.
    /// What `--watch` follows, and what `flipbook mcp` checks lies inside its allowed folder.
    public static func namedFiles(inJSON data: Data, relativeTo folder: URL) -> [URL] {
        guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return [] }
        var found: Set<URL> = []
        collectFiles(json, folder: folder, into: &found)
        return found.sorted { $0.path < $1.path }
    }
}

/// Every string in `json` that is the path of an existing regular file.
private func collectFiles(_ json: Any, folder: URL, into found: inout Set<URL>) {
    switch json {
    case let text as String:
        // Colours and placeholders are not paths; a path has a dot or a slash.
        guard !text.contains("{{"), text.count < 1024, text.contains(".") || text.contains("/") else { return }
        let url = URL(fileURLWithPath: text, relativeTo: folder).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue { found.insert(url) }
    case let list as [Any]:
        for element in list { collectFiles(element, folder: folder, into: &found) }
    case let object as [String: Any]:
        for value in object.values { collectFiles(value, folder: folder, into: &found) }
    default:
        break
    }
}
