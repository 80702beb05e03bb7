import Foundation

/// The video files one timeline (or one batch of timelines) opens, each once: layers naming the same
/// file share its decoder and its decoded frames.
package final class VideoSources: @unchecked Sendable {
    // @unchecked: `sources` is only touched holding `lock`.
    private let lock = NSLock()
    private var sources: [String: VideoSource] = [:]

    package init() {}

    /// The source of `url` (tone-mapped with `toneMap` if it is HDR), opened now if it is not open yet.
    package func source(_ url: URL, keyPath: String, toneMap: ToneMap? = nil) throws -> VideoSource {
        let key = url.standardizedFileURL.path + (toneMap.map { "\u{0}" + $0.rawValue } ?? "")
        lock.lock()
        defer { lock.unlock() }
        if let open = sources[key] { return open }
        let opened = try VideoSource(contentsOf: url, keyPath: keyPath, toneMap: toneMap)
        sources[key] = opened
        return opened
    }
}
