import Flipbook
import Foundation

/// Everything one running studio shares between its requests: the scene open now (which the page
/// can change), the folder its scene files are listed from and renders written to, the frames
/// drawn, the drawing workers, the uploaded images, the pages' event streams and the render queue.
final class Studio: @unchecked Sendable {
    // @unchecked: `current` is read and written under `lock`; every other property never changes.
    private let lock = NSLock()
    private var current: StudioDocument?
    /// The folder scene files are listed from and renders are written to: the scene file's, or the
    /// current folder when the studio started without one.
    let folder: URL
    /// ``folder`` as the command line gave it, for scene paths and messages (`.` for the current one).
    let folderText: String
    let cache = FrameCache()
    let workers = FrameWorkers()
    let hub = EventHub()
    let uploads: ImageUploads
    let renders: RenderQueue

    /// A studio showing `scene`, or none until the page chooses one. Scene files are listed from the
    /// scene file's folder, else from `folder`, else from the current folder.
    ///
    /// - Throws: ``FlipbookError`` when the folder for uploads cannot be made.
    init(scene: String?, folder: URL? = nil) throws {
        let document = scene.map { StudioDocument(scene: $0) }
        current = document
        self.folder = document?.fileURL?.deletingLastPathComponent() ?? folder
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let given = scene.flatMap { document?.fileURL == nil ? nil : ($0 as NSString).deletingLastPathComponent }
            ?? folder?.path
        folderText = given.map { $0.isEmpty ? "." : $0 } ?? "."
        uploads = try ImageUploads()
        let hub = self.hub
        renders = RenderQueue(folder: self.folder) { job in
            if let data = try? JSONEncoder().encode(job) { hub.send("render", json: data) }
        }
    }

    /// The scene open now; `nil` until one is chosen.
    var document: StudioDocument? { lock.withLock { current } }

    /// The scenes the page can open, and the one open now (by the name the list gives it).
    var choices: SceneChoices {
        let current = document.map { $0.fileURL?.lastPathComponent ?? $0.scene }
        return SceneChoices(folder: folderText, current: current, choices: SceneChoices.list(in: folder))
    }

    /// Opens `name`, one of ``choices``: reads it, makes it the scene every page shows, drops the
    /// older frames and tells every page. The watcher follows the new scene's files from now on.
    ///
    /// - Throws: ``StudioError`` 404 for a name the studio does not offer.
    func open(_ name: String) async throws {
        let scene = try SceneChoices.scene(named: name, folder: folder, folderText: folderText)
        let nextVersion = await (document?.state.version ?? 0) + 1
        let document = StudioDocument(scene: scene, firstVersion: nextVersion)
        await document.reload()
        lock.withLock { current = document }
        cache.dropVersions(before: nextVersion)
        hub.send("scene", json: await sceneEvent())
    }

    /// The frame `query` asks for, from the cache or drawn on a worker.
    ///
    /// - Throws: ``StudioError`` 409 while the scene has never read; the library's error for a
    ///   frame it refuses (a frame outside the clip, a bad parameter value).
    func frame(_ query: FrameQuery, lane: String?) async throws -> Data {
        guard let document else {
            throw StudioError(status: 409, "No scene is open: choose one of GET /api/scenes with POST /api/open {\"scene\": NAME}.")
        }
        let (file, problem, version) = await document.state
        guard let file else {
            let detail = problem.map { ": \($0.description)" } ?? "."
            throw StudioError(status: 409, "The scene has not read yet\(detail)", location: problem?.location)
        }
        let key = FrameCache.Key(version: version, query: query)
        if let cached = cache.frame(key) { return cached }
        let scene = document.scene
        let data = try await workers.run(lane: lane) { try FrameRenderer.png(of: file, scene: scene, query: query) }
        cache.store(data, for: key)
        return data
    }

    /// The `scene` event: the version and the problem with the newest save, if any.
    func sceneEvent() async -> Data {
        let document = self.document
        let (_, problem, version) = await document?.state ?? (nil, nil, 0)
        let event = SceneEvent(version: version, scene: document?.scene, problem: problem.map(ClipInfo.Problem.init))
        return (try? JSONEncoder().encode(event)) ?? Data("{}".utf8)
    }

    /// Looks at the watched files every `interval` until cancelled; a change reloads the scene,
    /// drops older frames and tells every page. Ends the pages' streams when it stops.
    func watch(interval: Duration = .milliseconds(100)) async {
        defer { hub.finishAll() }
        var sinceHeartbeat = Duration.zero
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            if let document, await document.reloadIfChanged() {
                let (_, _, version) = await document.state
                cache.dropVersions(before: version)
                hub.send("scene", json: await sceneEvent())
            }
            sinceHeartbeat += interval
            if sinceHeartbeat >= .seconds(15) {
                sinceHeartbeat = .zero
                hub.send("heartbeat", json: Data("{}".utf8))
            }
        }
    }
}

/// What a page hears when the scene changes.
struct SceneEvent: Codable, Sendable {
    var version: Int
    /// The scene open, as ``StudioDocument/scene``; `nil` before one is chosen.
    var scene: String?
    var problem: ClipInfo.Problem?
}
