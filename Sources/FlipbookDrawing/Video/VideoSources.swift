import Foundation

/// The video files one timeline (or one batch of timelines) opens, each once: layers naming the same
/// file share its decoder and its decoded frames.
package final class VideoSources: @unchecked Sendable {
    // @unchecked: `sources` is only touched holding `lock`.
    private let lock = NSLock()
    private var sources: [String: VideoSource] = [:]

    package init() {}

    /// The source of `url`, opened now if it is not open yet.
    package func source(_ url: URL, keyPath: String) throws -> VideoSource {
        let key = url.standardizedFileURL.path
        lock.lock()
        defer { lock.unlock() }
        if let open = sources[key] { return open }
        let opened = try VideoSource(contentsOf: url, keyPath: keyPath)
        sources[key] = opened
        return opened
    }
}
