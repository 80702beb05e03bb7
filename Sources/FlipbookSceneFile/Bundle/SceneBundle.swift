import FlipbookCore
import FlipbookDrawing
import Foundation

/// A scene file with every file it reads, in one zip archive (`.fbz`): its images, audio, captions,
/// Lottie files and asset catalogs at their paths relative to the scene, copies of the installed font
/// families it names, and a ``BundleManifest`` of their SHA-256 digests. `flipbook bundle` writes one;
/// every command that takes a scene file takes one, and it draws the same bytes on a machine where its
/// fonts are not installed.
///
/// ```swift
/// try SceneBundle.write(scene: URL(fileURLWithPath: "card.json"), to: URL(fileURLWithPath: "card.fbz"))
/// let file = try SceneFile(contentsOf: URL(fileURLWithPath: "card.fbz"))
/// ```
public enum SceneBundle {
    /// The extension of bundle files.
    public static let fileExtension = "fbz"
    /// The largest bundle read: 1 GiB.
    public static let maximumSize = 1 << 30
    /// The folder of the scene and its files inside the archive.
    static let sceneFolder = "scene"
    /// The folder of the carried fonts inside the archive.
    static let fontFolder = "fonts"

    /// Whether `url` names a bundle, by its extension.
    public static func isBundle(_ url: URL) -> Bool { url.pathExtension.lowercased() == fileExtension }

    /// Writes the bundle of the scene file at `scene` to `output` and returns its manifest.
    ///
    /// - Throws: ``FlipbookError`` when the scene does not read or (when every parameter has a value)
    ///   does not make a timeline, with a render's message (a file it names that does not exist), when
    ///   it names a file by an absolute path (placed at its JSON pointer), or when a file cannot be read
    ///   or written.
    @discardableResult
    public static func write(scene: URL, to output: URL) throws -> BundleManifest {
        let scene = scene.standardizedFileURL
        // A scene a render would refuse is refused with the render's message before anything is
        // gathered: a file it names that is missing would otherwise be left out without a word. A
        // template that leaves a parameter to each render is checked as far as reading it.
        let file = try SceneFile.load(from: scene)
        if file.missingParameters.isEmpty { _ = try file.makeTimeline() }
        let sceneData = try readInputFile(scene, what: "scene file")
        let folder = scene.deletingLastPathComponent()
        let paths = (try? JSONSerialization.jsonObject(with: sceneData, options: [.fragmentsAllowed]))
            .map { BundlePaths(json: $0, folder: folder) }
        var sources = [scene]
        for named in paths?.files ?? [] {
            if named.text.hasPrefix("/") {
                throw FlipbookError(
                    .invalidInput,
                    "\(scene.path): \(named.pointer) names \(named.text) by an absolute path; a bundle keeps the "
                        + "scene's files at their paths relative to it: name it relative to the scene file.",
                    at: .init(file: scene.path))
            }
            for file in BundlePaths.regularFiles(under: named.url) {
                sources.append(file)
                // A Lottie file's own images, beside it.
                if file.pathExtension.lowercased() == "json", file != scene, let data = try? Data(contentsOf: file),
                   let json = try? JSONSerialization.jsonObject(with: data) {
                    sources += BundlePaths(json: json, folder: file.deletingLastPathComponent()).files.flatMap {
                        BundlePaths.regularFiles(under: $0.url)
                    }
                }
            }
        }
        let root = commonFolder(of: sources.map { $0.deletingLastPathComponent() })
        var entries: [String: Data] = [:]
        for source in sources {
            let name = sceneFolder + "/" + relativePath(of: source, in: root)
            if entries[name] == nil { entries[name] = try readInputFile(source, what: "file the scene names") }
        }
        var fonts: [BundleManifest.FontFamily] = []
        for (index, family) in (paths?.families ?? []).filter({ !Font.isCarried(family: $0) }).sorted().enumerated() {
            let files = Font.installedFiles(ofFamily: family)
            guard !files.isEmpty else { continue }
            var names: [String] = []
            for file in files {
                let name = "\(fontFolder)/\(index + 1)/\(URL(fileURLWithPath: file).lastPathComponent)"
                entries[name] = try readInputFile(URL(fileURLWithPath: file), what: "font file")
                names.append(name)
            }
            fonts.append(BundleManifest.FontFamily(family: family, files: names.sorted()))
        }
        let manifest = BundleManifest(
            format: BundleManifest.currentFormat, flipbook: FlipbookVersion.current,
            scene: sceneFolder + "/" + relativePath(of: scene, in: root),
            files: entries.keys.sorted().map { name in
                BundleManifest.File(path: name, sha256: sha256Hex(entries[name]!), size: entries[name]!.count)
            },
            fonts: fonts)
        var zip = ZipWriter()
        try zip.add(BundleManifest.entryName, try manifest.encoded())
        for name in entries.keys.sorted() { try zip.add(name, entries[name]!) }
        do {
            try zip.finished().write(to: output, options: .atomic)
        } catch let error as FlipbookError {
            throw error
        } catch {
            throw FlipbookError.file("Cannot write the bundle \(output.path): \(error.localizedDescription)", path: output.path)
        }
        return manifest
    }

    /// The deepest folder holding every one of `folders`.
    static func commonFolder(of folders: [URL]) -> URL {
        let lists = folders.map { $0.standardizedFileURL.pathComponents }
        var common = lists.first ?? ["/"]
        for list in lists.dropFirst() {
            common = Array(zip(common, list).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: NSString.path(withComponents: common.isEmpty ? ["/"] : common), isDirectory: true)
    }

    /// `file`'s path below `folder`, with `/`.
    static func relativePath(of file: URL, in folder: URL) -> String {
        Array(file.standardizedFileURL.pathComponents.dropFirst(folder.standardizedFileURL.pathComponents.count))
            .joined(separator: "/")
    }
}
