import Flipbook
import Foundation

/// The scene the studio shows: the last version of the file that read and validated, the problem
/// with the newest one if it did not, and a version number that grows with every change seen.
///
/// A broken save never replaces the last good file, so the page keeps its picture and shows the
/// error; the next good save clears the error.
actor StudioDocument {
    /// The scene as given: a built-in scene's name or a scene file's path.
    let scene: String
    /// The scene file; `nil` for a built-in scene.
    let fileURL: URL?
    /// The last version that read and validated; `nil` until one has.
    private(set) var file: SceneFile?
    /// Why the newest version was not taken; `nil` when it was.
    private(set) var problem: FlipbookError?
    /// Grows by one with every change the watcher sees (good or bad), so cached frames of an older
    /// version are never shown for a newer one.
    private(set) var version = 0
    /// The files watched (the scene file and those it names), each with what it looked like.
    private var stamps: [String: FileStamp] = [:]

    /// The document for `scene`; its first ``reload()`` makes version `firstVersion`, so a scene
    /// opened after another never reuses the other's versions (nor its cached frames).
    init(scene: String, firstVersion: Int = 1) {
        self.scene = scene
        version = firstVersion - 1
        let request = SceneRequest(scene: scene)
        fileURL = request.sceneFileURL()
    }

    /// Reads the scene again: takes it when it reads and validates, else keeps the last good one
    /// and records the problem. Bumps ``version``.
    func reload() {
        version += 1
        // Looked at before reading: a save still being written when read changes its stamp again
        // afterwards, so the next look reads it once more rather than keeping the half-written one.
        stamps = Dictionary(watchedPaths().map { ($0, FileStamp(path: $0)) }, uniquingKeysWith: { first, _ in first })
        do {
            let loaded = try SceneRequest(scene: scene).sceneFile()
            if loaded.missingParameters.isEmpty {
                var request = SceneRequest(scene: scene)
                request.loadedFile = loaded
                _ = try request.makeTimeline()
            }
            file = loaded
            problem = nil
        } catch let error as FlipbookError {
            problem = error
        } catch {
            problem = FlipbookError(.file, "Cannot read the scene: \(error)")
        }
    }

    /// Reloads when a watched file changed since the last look; returns whether it did.
    func reloadIfChanged() -> Bool {
        let changed = stamps.contains { path, stamp in FileStamp(path: path) != stamp }
        if changed { reload() }
        return changed
    }

    /// The paths watched: the scene file and every existing file its JSON names.
    func watchedPaths() -> [String] {
        guard let fileURL else { return [] }
        let referenced = ReferencedFiles.in(fileURL)
        return [fileURL.path] + referenced.map(\.path).filter { $0 != fileURL.path }
    }

    /// The state the page needs, in one look.
    var state: (file: SceneFile?, problem: FlipbookError?, version: Int) { (file, problem, version) }
}

/// What a watched file looked like: its modification time and size, or that it was missing.
struct FileStamp: Equatable, Sendable {
    var modified: Date?
    var size: Int?

    init(path: String) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        modified = attributes?[.modificationDate] as? Date
        size = (attributes?[.size] as? NSNumber)?.intValue
    }
}
