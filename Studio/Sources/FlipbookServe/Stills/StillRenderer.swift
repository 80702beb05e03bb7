import Flipbook
import Foundation

/// `GET /v1/stills/{name}.png`: one frame of a stored template as PNG, for pictures such as social
/// cards. Its size and moment are bounded; each answer is kept by its digest (its ETag), so a warm
/// still is a file read.
struct StillRenderer: Sendable {
    let templates: TemplateStore
    let folder: URL
    /// The largest side in pixels, and the largest area.
    static let maximumSide = 4096
    static let maximumPixels = 4096 * 4096
    /// The latest moment asked for, in seconds.
    static let maximumTime = 3600.0
    /// Query keys that are not template parameters.
    static let reserved: Set<String> = ["time", "size", "token"]

    /// The PNG and its digest for template `name` at `query` (`time`, `size` and parameter values).
    ///
    /// - Throws: ``ServeError`` 400 for a bad name, size or time, 404 for an unknown template, 400
    ///   with the library's message for values that do not render.
    func still(name: String, query: [(String, String)]) throws -> (data: Data, etag: String) {
        try TemplateStore.check(name: name)
        let templateDigest = try templates.digest(of: name)
        var values: [String: String] = [:]
        var time = 0.0
        var size: PixelSize?
        for (key, value) in query {
            switch key {
            case "time":
                guard let seconds = Double(value), seconds.isFinite, (0...Self.maximumTime).contains(seconds) else {
                    throw ServeError(status: 400, "time must be a number of seconds from 0 to \(Int(Self.maximumTime)); it is '\(value.prefix(40))'.",
                                     pointer: "/time")
                }
                time = seconds
            case "size":
                guard let pixels = PixelSize(parsing: value), pixels.width > 0, pixels.height > 0 else {
                    throw ServeError(status: 400, "size must be WIDTHxHEIGHT in pixels, e.g. 1200x630; it is '\(value.prefix(40))'.", pointer: "/size")
                }
                guard pixels.width <= Self.maximumSide, pixels.height <= Self.maximumSide, pixels.width * pixels.height <= Self.maximumPixels else {
                    throw ServeError(status: 400, "A still may be at most \(Self.maximumSide)×\(Self.maximumSide) pixels; \(pixels) is larger.",
                                     pointer: "/size")
                }
                size = pixels
            case "token":
                continue
            default:
                values[key] = value
            }
        }
        let key = "\(FlipbookVersion.current)\n\(templateDigest)\n\(time)\n\(size?.description ?? "")\n"
            + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: "\n")
        let etag = sha256Hex(Array(key.utf8))
        let file = folder.appendingPathComponent("\(etag).png")
        if let data = FileManager.default.contents(atPath: file.path) { return (data, etag) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var scene = SceneRequest(scene: templates.url(of: name).path)
        scene.parameterValues = values
        scene.size = size
        var request = RenderRequest(scene: scene, output: file.path)
        request.time = time
        do {
            try request.plan(expecting: .still).run()
        } catch let error as FlipbookError {
            throw ServeError(error)
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ServeError(status: 500, "The still was drawn but its file is gone.")
        }
        return (data, etag)
    }
}
