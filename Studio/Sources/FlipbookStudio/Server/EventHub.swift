import Foundation

/// Server-sent events to every open page: a scene's new version (or its problem) and render
/// progress. Each page's stream keeps only its newest events, so a page that stops reading never
/// makes the server hold more.
final class EventHub: @unchecked Sendable {
    // @unchecked: `streams` and `nextID` are read and written under `lock`.
    private let lock = NSLock()
    private var streams: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextID = 0
    /// Events kept for a page that has not read them yet.
    static let bufferedEvents = 64

    /// A stream of the events sent from now on, each already in `event:`/`data:` form.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(Self.bufferedEvents))
        let id = lock.withLock { () -> Int in
            nextID += 1
            streams[nextID] = continuation
            return nextID
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `event` with a JSON `data` line to every page.
    func send(_ event: String, json: Data) {
        let text = "event: \(event)\ndata: \(String(decoding: json, as: UTF8.self))\n\n"
        let targets = lock.withLock { Array(streams.values) }
        for continuation in targets { continuation.yield(text) }
    }

    /// Ends every stream (the server is stopping).
    func finishAll() {
        let targets = lock.withLock { Array(streams.values) }
        for continuation in targets { continuation.finish() }
    }

    /// Pages connected now.
    var subscriberCount: Int { lock.withLock { streams.count } }
}
