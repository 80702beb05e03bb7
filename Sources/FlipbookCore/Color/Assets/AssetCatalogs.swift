import Foundation

/// The asset catalogs read so far: which colour and image sets each holds and what the colour sets
/// contain, read once per catalog and set; and the names warned about.
package enum AssetCatalogs {
    /// The environment variable naming asset catalogs, colon-separated.
    package static let environmentVariable = "FLIPBOOK_ASSETS"

    private static let lock = NSLock()
    /// Per catalog path and set extension: set folders by name (`Name`, and `Folder/Name` inside folders).
    nonisolated(unsafe) private static var indexes: [IndexKey: [String: URL]] = [:]
    private struct IndexKey: Hashable {
        let catalog: String
        let kind: String
    }
    /// Per colour-set folder: its colour, or `nil` when it cannot be read.
    nonisolated(unsafe) private static var colors: [URL: AssetColor?] = [:]
    nonisolated(unsafe) private static var warned: Set<String> = []
    nonisolated(unsafe) private static var printed: [String] = []
    /// Per bundle folder: the catalogs in it.
    nonisolated(unsafe) private static var bundleCatalogs: [URL: [URL]] = [:]

    /// The warnings printed so far, in order (each also went to standard error).
    package static var warnings: [String] {
        lock.lock()
        defer { lock.unlock() }
        return printed
    }

    /// The catalogs `FLIPBOOK_ASSETS` names (read each time: `getenv` is cheap, and the variable may change).
    static func fromEnvironmentVariable() -> [URL] {
        guard let value = getenv(environmentVariable) else { return [] }
        return String(cString: value).split(separator: ":").map { URL(fileURLWithPath: String($0)) }
    }

    /// The `.xcassets` folders directly in `bundle`'s resources, listed once per bundle.
    static func catalogs(in bundle: Bundle) -> [URL] {
        let folder = bundle.resourceURL ?? bundle.bundleURL
        lock.lock()
        defer { lock.unlock() }
        if let known = bundleCatalogs[folder] { return known }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let catalogs = names.filter { $0.hasSuffix(".xcassets") }.sorted().map { folder.appendingPathComponent($0) }
        bundleCatalogs[folder] = catalogs
        return catalogs
    }

    /// The colour named `name` in the first of `catalogs` that has it.
    static func color(named name: String, in catalogs: [URL]) -> AssetColor? {
        lock.lock()
        defer { lock.unlock() }
        for catalog in catalogs {
            guard let folder = index(of: catalog, kind: "colorset")[name] else { continue }
            if let known = colors[folder] { return known }
            let color = read(folder, name: name)
            colors[folder] = color
            return color
        }
        return nil
    }

    /// The folder of the set named `name` with the extension `kind` (`imageset`) in the first of
    /// `catalogs` that has one.
    package static func set(named name: String, kind: String, in catalogs: [URL]) -> URL? {
        lock.lock()
        defer { lock.unlock() }
        return catalogs.lazy.compactMap { index(of: $0, kind: kind)[name] }.first
    }

    /// Where `catalogs` were searched, for a warning: "searched /a.xcassets, /b.xcassets".
    package static func places(_ catalogs: [URL]) -> String {
        catalogs.isEmpty ? "no asset catalog was given" : "searched " + catalogs.map(\.path).joined(separator: ", ")
    }

    /// Prints SwiftUI's warning for a missing colour, once per name.
    static func warnMissing(_ name: String, searched catalogs: [URL]) {
        warn(key: name, "No color named '\(name)' found in asset catalog (\(places(catalogs))); it draws clear.")
    }

    /// Prints `message` on standard error as a warning the first time `key` is warned about.
    package static func warn(key: String, _ message: String) {
        lock.lock()
        defer { lock.unlock() }
        guard warned.insert(key).inserted else { return }
        printed.append(message)
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }

    /// The sets with extension `kind` under `catalog`, read once (lock held).
    private static func index(of catalog: URL, kind: String) -> [String: URL] {
        let key = IndexKey(catalog: catalog.standardizedFileURL.path, kind: kind)
        if let known = indexes[key] { return known }
        var sets: [URL] = []
        let root = catalog.standardizedFileURL
        if let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) {
            for case let url as URL in walk where url.pathExtension == kind {
                walk.skipDescendants()
                sets.append(url.standardizedFileURL)
            }
        }
        // Two sets of one name (in different folders): the one nearest the top wins, then by path.
        sets.sort { ($0.pathComponents.count, $0.path) < ($1.pathComponents.count, $1.path) }
        var found: [String: URL] = [:]
        for url in sets {
            let name = url.deletingPathExtension().lastPathComponent
            let path = String(url.deletingPathExtension().path.dropFirst(root.path.count + 1))
            if found[name] == nil { found[name] = url }
            if found[path] == nil { found[path] = url }
        }
        indexes[key] = found
        return found
    }

    /// Reads a colour set; a set that cannot be read warns once and counts as missing (lock held).
    private static func read(_ folder: URL, name: String) -> AssetColor? {
        let file = folder.appendingPathComponent("Contents.json")
        do {
            return try AssetColor(contentsJSON: try Data(contentsOf: file))
        } catch {
            let reason = (error as? AssetColorError)?.reason ?? "\(error.localizedDescription)"
            let message = "The color '\(name)' in \(file.path) cannot be read: \(reason); it draws clear."
            if warned.insert(file.path).inserted {
                printed.append(message)
                FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
            }
            return nil
        }
    }
}
