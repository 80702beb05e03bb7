import Flipbook
import Foundation

/// Everything one running studio shares between its requests: the scene, the frames drawn, the
/// drawing workers, the pages' event streams and the render queue.
final class Studio: Sendable {
    let document: StudioDocument
    let cache = FrameCache()
    let workers = FrameWorkers()
    let hub = EventHub()
    let renders: RenderQueue

    init(scene: String) {
        let document = StudioDocument(scene: scene)
        self.document = document
        let folder = document.fileURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let hub = self.hub
        renders = RenderQueue(folder: folder) { job in
            if let data = try? JSONEncoder().encode(job) { hub.send("render", json: data) }
        }
    }

    /// The frame `query` asks for, from the cache or drawn on a worker.
    ///
    /// - Throws: ``StudioError`` 409 while the scene has never read; the library's error for a
    ///   frame it refuses (a frame outside the clip, a bad parameter value).
    func frame(_ query: FrameQuery, lane: String?) async throws -> Data {
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
        let (_, problem, version) = await document.state
        let event = SceneEvent(version: version, problem: problem.map(ClipInfo.Problem.init))
        return (try? JSONEncoder().encode(event)) ?? Data("{}".utf8)
    }

    /// Looks at the watched files every `interval` until cancelled; a change reloads the scene,
    /// drops older frames and tells every page. Ends the pages' streams when it stops.
    func watch(interval: Duration = .milliseconds(250)) async {
        defer { hub.finishAll() }
        var sinceHeartbeat = Duration.zero
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            if await document.reloadIfChanged() {
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
    var problem: ClipInfo.Problem?
}
