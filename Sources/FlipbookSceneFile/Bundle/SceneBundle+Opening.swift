import FlipbookCore
import FlipbookDrawing
import Foundation

/// A bundle checked against its manifest and unpacked into a folder of this process's own.
public struct OpenedBundle: Sendable {
    /// The manifest, checked.
    public var manifest: BundleManifest
    /// The folder the bundle's files were unpacked into (removed when the process ends).
    public var folder: URL
    /// The unpacked scene file.
    public var scene: URL
    /// The scene's name for messages: `card.fbz/card.json`.
    public var source: String
}

extension SceneBundle {
    private static let lock = NSLock()
    /// Bundles unpacked so far, by the SHA-256 of their bytes; guarded by ``lock``.
    nonisolated(unsafe) private static var unpacked: [String: OpenedBundle] = [:]

    /// Reads the bundle at `url`, checks every file against its manifest, unpacks it (once per
    /// process for the same bytes) and makes the fonts it carries the families its scene names.
    ///
    /// - Throws: ``FlipbookError`` naming the bundle and the file: an entry named with `..`, an absolute
    ///   path or a backslash; a file the manifest does not list, or lists with another digest; a
    ///   missing file; a manifest of a later format.
    public static func open(_ url: URL) throws -> OpenedBundle {
        let data = try readInputFile(url, what: "bundle")
        guard data.count <= maximumSize else {
            throw FlipbookError.file("The bundle \(url.path) is \(data.count) bytes; a bundle may be at most \(maximumSize) bytes.", path: url.path)
        }
        let digest = sha256Hex(data)
        lock.lock()
        defer { lock.unlock() }
        if let known = unpacked[digest], FileManager.default.fileExists(atPath: known.scene.path) {
            return OpenedBundle(manifest: known.manifest, folder: known.folder, scene: known.scene,
                                source: url.path + "/" + String(known.manifest.scene.dropFirst(sceneFolder.count + 1)))
        }
        let (manifest, files) = try verify(data, source: url.path)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-bundle-\(getpid())-\(digest.prefix(16))", isDirectory: true)
        do {
            try? FileManager.default.removeItem(at: folder)
            for (name, bytes) in files {
                let target = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: target)
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw FlipbookError.file("Cannot unpack the bundle \(url.path) into \(folder.path): \(error.localizedDescription)", path: url.path)
        }
        removeAtExit(folder)
        for family in manifest.fonts {
            Font.supply(family: family.family, files: family.files.map { folder.appendingPathComponent($0) })
        }
        let opened = OpenedBundle(manifest: manifest, folder: folder, scene: folder.appendingPathComponent(manifest.scene),
                                  source: url.path + "/" + String(manifest.scene.dropFirst(sceneFolder.count + 1)))
        unpacked[digest] = opened
        return opened
    }

    /// The manifest and files of the bundle `data`, every file checked against the manifest;
    /// `source` names the bundle in messages.
    ///
    /// - Throws: ``FlipbookError`` of kind `.invalidInput` naming the bundle and the file.
    public static func verify(_ data: Data, source: String) throws -> (BundleManifest, [String: Data]) {
        func refuse(_ why: String) -> FlipbookError {
            FlipbookError(.invalidInput, "The bundle \(source) is refused: \(why).", at: .init(file: source))
        }
        let archive = try ZipArchive(data, source: source, kind: "a scene bundle (.fbz)", maximumEntrySize: maximumSize)
        for name in archive.names {
            if let why = BundlePaths.problem(withEntryName: name) { throw refuse("it holds \(name), whose name \(why)") }
        }
        guard let manifestData = try archive.file(BundleManifest.entryName) else {
            throw refuse("it has no \(BundleManifest.entryName)")
        }
        let manifest: BundleManifest
        do {
            manifest = try JSONDecoder().decode(BundleManifest.self, from: manifestData)
        } catch {
            throw refuse("its \(BundleManifest.entryName) does not read (\(error))")
        }
        guard manifest.format <= BundleManifest.currentFormat else {
            throw refuse("its manifest is of format \(manifest.format), made by Flipbook \(manifest.flipbook); this Flipbook "
                             + "(\(FlipbookVersion.current)) reads format \(BundleManifest.currentFormat)")
        }
        let listed = Dictionary(manifest.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var files: [String: Data] = [:]
        for name in archive.names where name != BundleManifest.entryName {
            guard let entry = listed[name] else { throw refuse("it holds \(name), which its manifest does not list") }
            guard let bytes = try archive.file(name) else { continue }
            let digest = sha256Hex(bytes)
            guard digest == entry.sha256, bytes.count == entry.size else {
                throw refuse("\(name) does not match its manifest (its SHA-256 is \(digest), the manifest says \(entry.sha256))")
            }
            files[name] = bytes
        }
        for entry in manifest.files where files[entry.path] == nil {
            throw refuse("its manifest lists \(entry.path), which it does not hold")
        }
        if let why = BundlePaths.problem(withEntryName: manifest.scene) ?? (files[manifest.scene] == nil ? "it is not in the bundle" : nil) {
            throw refuse("its manifest names the scene \(manifest.scene), but \(why)")
        }
        for family in manifest.fonts {
            for file in family.files where files[file] == nil || !file.hasPrefix(fontFolder + "/") {
                throw refuse("its manifest names the font file \(file), which is not one of its fonts")
            }
        }
        return (manifest, files)
    }

    /// Reads the scene file of the bundle at `url` (see ``open(_:)``), its files found in the bundle.
    ///
    /// - Throws: ``FlipbookError``: the bundle's (see ``open(_:)``), a scene naming an existing file
    ///   outside the bundle (placed at its JSON pointer), or the scene's own.
    static func sceneFile(at url: URL) throws -> SceneFile {
        let opened = try open(url)
        let data = try readInputFile(opened.scene, what: "scene file")
        try checkFilesInside(opened.folder.appendingPathComponent(sceneFolder), sceneData: data, scene: opened.scene,
                             source: opened.source)
        if SceneFile.isLottie(data) { return try SceneFile.lottie(contentsOf: opened.scene) }
        return try SceneFile.decode(data, source: opened.source, baseDirectory: opened.scene.deletingLastPathComponent())
    }

    /// Refuses a scene (`sceneData`, the file `scene`) naming an existing file outside `folder`: a
    /// bundle's scene, or a scene sent to the render service, reads only the files that came with it.
    ///
    /// - Throws: ``FlipbookError`` of kind `.invalidInput` naming `source` and the value's JSON pointer.
    public static func checkFilesInside(_ folder: URL, sceneData: Data, scene: URL, source: String,
                                        holder: String = "the bundle") throws {
        let root = folder.standardizedFileURL.path
        guard let json = try? JSONSerialization.jsonObject(with: sceneData, options: [.fragmentsAllowed]) else { return }
        for named in BundlePaths(json: json, folder: scene.deletingLastPathComponent())
            .files where !(named.url.path + "/").hasPrefix(root + "/") {
            throw FlipbookError(
                .invalidInput,
                "\(source): \(named.pointer) names \(named.text), which is outside \(holder); its scene reads "
                    + "only the files that come with it.", at: .init(file: source))
        }
    }

    /// Removes `folder` when the process exits normally.
    private static func removeAtExit(_ folder: URL) {
        BundleCleanup.folders.append(folder.path)
        if BundleCleanup.folders.count == 1 {
            atexit {
                for path in BundleCleanup.folders { try? FileManager.default.removeItem(atPath: path) }
            }
        }
    }
}

/// The folders bundles were unpacked into, removed at exit; changed under ``SceneBundle``'s lock.
private enum BundleCleanup {
    nonisolated(unsafe) static var folders: [String] = []
}
