import Foundation

/// The files a scene file names (images, fonts, data, audio, asset catalogs' files): every string in
/// its JSON that is the path of an existing regular file, relative to the scene file's folder.
/// What the studio watches besides the file itself.
enum ReferencedFiles {
    /// The files `sceneFile` names, sorted; empty when it cannot be read or parsed.
    static func `in`(_ sceneFile: URL) -> [URL] {
        guard let data = try? Data(contentsOf: sceneFile),
              let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return [] }
        let folder = sceneFile.deletingLastPathComponent()
        var found: Set<URL> = []
        collect(json, folder: folder, into: &found)
        return found.sorted { $0.path < $1.path }
    }

    private static func collect(_ json: Any, folder: URL, into found: inout Set<URL>) {
        switch json {
        case let text as String:
            // Placeholders and colours are not paths; a path has a dot or a slash.
            guard !text.contains("{{"), text.count < 1024, text.contains(".") || text.contains("/") else { return }
            let url = URL(fileURLWithPath: text, relativeTo: folder).standardizedFileURL
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.insert(url)
            }
        case let list as [Any]:
            for element in list { collect(element, folder: folder, into: &found) }
        case let object as [String: Any]:
            for value in object.values { collect(value, folder: folder, into: &found) }
        default:
            break
        }
    }
}
