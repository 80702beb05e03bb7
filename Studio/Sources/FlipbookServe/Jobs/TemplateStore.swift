import Flipbook
import Foundation

/// The templates the service renders by name: bundles (`.fbz`) PUT to `/v1/templates/{name}`,
/// checked against their manifests before they are kept, in `DATA/templates/NAME.fbz`.
struct TemplateStore: Sendable {
    let folder: URL

    /// Refuses a name that is not a plain name: letters, digits, `-`, `_`, `.` (not first), at most 100.
    ///
    /// - Throws: ``ServeError`` 400.
    static func check(name: String) throws {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        guard !name.isEmpty, name.count <= 100, !name.hasPrefix("."), !name.contains(".."),
              name.unicodeScalars.allSatisfy(allowed.contains) else {
            throw ServeError(status: 400, "A template's name is letters, digits, '-', '_' and '.' (not first, no '..'), "
                             + "at most 100; it is '\(name.prefix(100))'.", pointer: "/template")
        }
    }

    /// The bundle of template `name`.
    func url(of name: String) -> URL { folder.appendingPathComponent(name + "." + SceneBundle.fileExtension) }

    /// Keeps `bundle` as template `name` after checking it (every file against its manifest, its scene
    /// reading only its own files) and returns its manifest.
    ///
    /// - Throws: ``ServeError`` 400 with the bundle's message.
    func put(_ name: String, bundle: Data) throws -> BundleManifest {
        try Self.check(name: name)
        let manifest: BundleManifest
        do {
            (manifest, _) = try SceneBundle.verify(bundle, source: name)
        } catch let error as FlipbookError {
            throw ServeError(error)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let staging = folder.appendingPathComponent(".\(name).\(UUID().uuidString).fbz")
        try bundle.write(to: staging)
        do {
            // Opening reads its scene: a scene naming files outside the bundle is refused here.
            _ = try SceneFile(contentsOf: staging)
        } catch let error as FlipbookError {
            try? FileManager.default.removeItem(at: staging)
            throw ServeError(error)
        }
        // rename(2): a template being read keeps its old bytes; the new one appears whole.
        guard rename(staging.path, url(of: name).path) == 0 else {
            try? FileManager.default.removeItem(at: staging)
            throw ServeError(status: 500, "Cannot store the template \(name): \(String(cString: strerror(errno))).")
        }
        return manifest
    }

    /// The names of the stored templates, sorted.
    func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix("." + SceneBundle.fileExtension) && !$0.hasPrefix(".") }
            .map { String($0.dropLast(SceneBundle.fileExtension.count + 1)) }.sorted()
    }

    /// The stored bundle's SHA-256: the digest of its scene and every asset, part of a job's identity.
    ///
    /// - Throws: ``ServeError`` 404 when there is no such template.
    func digest(of name: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: url(of: name).path) else {
            throw ServeError(status: 404, "There is no template '\(name)': PUT its bundle to /v1/templates/\(name) first.",
                             pointer: "/template")
        }
        return sha256Hex(data)
    }
}
