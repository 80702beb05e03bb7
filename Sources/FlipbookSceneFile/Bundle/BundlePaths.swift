import FlipbookCore
import Foundation

/// The file paths a scene file names, found by walking its JSON: every string that is the path of an
/// existing file (or an asset catalog's `.xcassets` folder) relative to the scene's folder, the images
/// of the Lottie files among them (`u` + `p`), and the font families its `family` keys name.
package struct BundlePaths {
    /// A file the scene reads, where it is named (a JSON pointer) and where it lies.
    struct Named {
        var pointer: String
        var text: String
        var url: URL
    }

    private(set) var files: [Named] = []
    /// The font families `family` keys name (placeholders aside).
    package private(set) var families: Set<String> = []

    /// The names in the JSON `json` of a file in `folder`; `pointer` is the file's place for messages.
    package init(json: Any, folder: URL) {
        walk(json, pointer: "", folder: folder)
    }

    /// Whether `text` may name a file: placeholders, colours and prose are not paths.
    static func mayBePath(_ text: String) -> Bool {
        !text.contains("{{") && text.count < 1024 && !text.contains("\n") && (text.contains(".") || text.contains("/"))
    }

    private mutating func walk(_ json: Any, pointer: String, folder: URL) {
        switch json {
        case let text as String:
            guard Self.mayBePath(text) else { return }
            let url = URL(fileURLWithPath: text, relativeTo: folder).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return }
            if !isDirectory.boolValue || url.pathExtension.lowercased() == "xcassets" {
                files.append(Named(pointer: pointer, text: text, url: url))
            }
        case let list as [Any]:
            for (index, element) in list.enumerated() { walk(element, pointer: "\(pointer)/\(index)", folder: folder) }
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                let inner = "\(pointer)/\(key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))"
                if key == "family", let name = object[key] as? String, !name.contains("{{") { families.insert(name) }
                // A Lottie image asset: folder `u`, file `p`.
                if key == "p", let name = object[key] as? String, !name.hasPrefix("data:") {
                    let joined = ((object["u"] as? String) ?? "") + name
                    walk(joined, pointer: inner, folder: folder)
                    continue
                }
                walk(object[key] as Any, pointer: inner, folder: folder)
            }
        default:
            break
        }
    }

    /// Every regular file at or under `url` (an asset catalog's files), sorted.
    static func regularFiles(under url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [url] }
        let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [URL] = []
        while let next = walker?.nextObject() as? URL {
            if (try? next.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { found.append(next.standardizedFileURL) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Why `name` cannot be an entry of a bundle (absolute, `..`, a backslash, an empty part), or `nil`.
    static func problem(withEntryName name: String) -> String? {
        if name.hasPrefix("/") { return "it is an absolute path" }
        if name.contains("\\") { return "it holds a backslash" }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains("..") { return "it climbs out with '..'" }
        if parts.contains(where: { $0.isEmpty || $0 == "." }) { return "it has an empty or '.' part" }
        if name.utf8.contains(where: { $0 < 0x20 }) { return "it holds a control character" }
        return nil
    }
}
