import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM heard as an event, so the server stops cleanly.
enum ServeSignals {
    static func wait() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
        for await _ in stream { break }
        for source in sources { source.cancel() }
    }
}
