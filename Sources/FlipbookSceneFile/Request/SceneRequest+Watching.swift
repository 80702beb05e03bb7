import FlipbookCore
import Foundation

extension SceneRequest {
    /// The files the scene is read from, for `--watch`: the scene file, and every existing file its
    /// JSON names (images, fonts, captions, sound, Lottie), relative to the scene file's folder.
    /// Empty for a built-in scene.
    public func watchedFiles(relativeTo directory: URL? = nil) -> [URL] {
        guard let url = sceneFileURL(relativeTo: directory) else { return [] }
        var found: Set<URL> = []
        if let data = try? Data(contentsOf: url), let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            collectFiles(json, folder: url.deletingLastPathComponent(), into: &found)
        }
        found.remove(url)
        return [url] + found.sorted { $0.path < $1.path }
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
