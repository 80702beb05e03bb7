import FlipbookAnimation
import FlipbookDrawing
import Foundation

/// Decoded pictures by file, so that a file several layers use (an image layer, confetti made of
/// it) is decoded once, when the timeline is made; a template batch shares one across its rows
/// (``SceneFile/sharingPictures()``), so each picture is decoded once per batch, not per row.
package final class PictureCache: @unchecked Sendable {
    // @unchecked: the dictionary is only touched under `lock`; pictures are immutable values.

    /// The folder relative paths start from; `nil` for the current directory.
    let baseDirectory: URL?
    private var pictures: [String: ImageScene.Picture] = [:]
    private let lock = NSLock()
    /// The video files the timeline's layers name, each opened once and shared.
    let videos = VideoSources()

    init(baseDirectory: URL?) {
        self.baseDirectory = baseDirectory
    }

    /// The picture in `src`, decoded the first time it is asked for; errors name `keyPath`.
    func picture(_ src: String, keyPath: String) throws -> ImageScene.Picture {
        let key = URL(fileURLWithPath: src, relativeTo: baseDirectory).standardizedFileURL.path
        if let picture = lock.withLock({ pictures[key] }) { return picture }
        let picture = try ImageScene.Picture(src: src, baseDirectory: baseDirectory, keyPath: keyPath)
        lock.withLock { pictures[key] = picture }
        return picture
    }
}
