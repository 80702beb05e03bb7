@testable import FlipbookServe
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// A hundred clients at once against 127.0.0.1, some slow and some leaving mid-stream, for a bounded time.
@Suite("flipbook serve under load")
struct LoadTests {
    /// Opens a TCP connection to 127.0.0.1:`port`; -1 when it cannot.
    static func connect(port: Int) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0 ? socket : -1
    }

    /// Runs blocking socket calls on a thread of their own, not the tasks' few threads.
    static func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    /// This process's resident set and its high-water mark in MiB, from /proc/self/status (Linux): the
    /// server runs in this process, so this is its memory plus the test's clients'.
    static func residentMiB() -> (now: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return (line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) } ?? 0) / 1024
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    @Test("100 clients: renders, health, event streams left mid-way and slow senders; every job ends and health stays quick")
    func hundredClients() async throws {
        try await ServeHarness.running(jobs: 2) { serve in
            let port = try #require(serve.base.port)
            // The high-water mark from here on (Linux: clear_refs 5 resets it to the current resident set).
            try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
            let before = Self.residentMiB()
            let testStart = Date()
            // Slow clients: send half a request line, then nothing, for the whole test.
            let slow = (0..<20).map { _ in Self.connect(port: port) }
            for socket in slow where socket >= 0 { _ = "GET /v1/hea".withCString { send(socket, $0, 11, 0) } }
            let results = try await withThrowingTaskGroup(of: (kind: String, status: Int, seconds: Double).self) { group in
                for client in 0..<100 {
                    group.addTask {
                        let begin = Date()
                        switch client % 4 {
                        case 0:
                            let scene = smallScene(seconds: 0.3 + Double(client / 4 % 8) / 10)
                            let reply = try await serve.post(["scene": scene])
                            return ("render", reply.status, Date().timeIntervalSince(begin))
                        case 1:
                            // Leaves the event stream of a running job after its first bytes.
                            let reply = try await serve.post(["scene": smallScene(seconds: 2)])
                            guard let id = reply.json?["id"] as? String else { return ("events", reply.status, 0) }
                            let got = await Self.offThread { () -> Int in
                                let socket = Self.connect(port: port)
                                guard socket >= 0 else { return -1 }
                                defer { close(socket) }
                                let head = "GET /v1/renders/\(id)/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                                _ = head.withCString { send(socket, $0, strlen($0), 0) }
                                var buffer = [UInt8](repeating: 0, count: 256)
                                return recv(socket, &buffer, buffer.count, 0)
                            }
                            guard got > 0 else { return ("events", 0, 0) }
                            return ("events", 200, Date().timeIntervalSince(begin))
                        default:
                            let reply = try await serve.send("GET", "/v1/health")
                            return ("health", reply.status, Date().timeIntervalSince(begin))
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results.count == 100 && results.allSatisfy { [200, 202].contains($0.status) }, "\(results.filter { ![200, 202].contains($0.status) })")
            // Every distinct job ends: eight short renders and one of 2 s.
            let service = try #require(serve.service)
            var counts = await service.counts()
            let deadline = Date().addingTimeInterval(60)
            while counts.running + counts.waiting > 0, Date() < deadline {
                try await Task.sleep(for: .milliseconds(100))
                counts = await service.counts()
            }
            #expect(counts.running == 0 && counts.waiting == 0)
            let started = await service.startedCount
            #expect(started == 9, "\(started) renders started")
            // With the slow clients still connected, health answers quickly.
            let health = Date()
            #expect(try await serve.send("GET", "/v1/health").status == 200)
            // Its time is printed, not asserted (figures belong in Benchmarks/serve.md, not in tests).
            let healthSeconds = Date().timeIntervalSince(health)
            for socket in slow where socket >= 0 { close(socket) }
            let latencies = results.filter { $0.kind == "health" }.map(\.seconds).sorted()
            let after = Self.residentMiB()
            print("load: 100 clients, 20 slow; \(Int(Date().timeIntervalSince(testStart) * 1000)) ms in all; health under load p50 "
                  + "\(Int(latencies[latencies.count / 2] * 1000)) ms, p99 \(Int(latencies[latencies.count * 99 / 100] * 1000)) ms; "
                  + "after: \(Int(healthSeconds * 1000)) ms; 9 jobs; resident memory (server and clients) \(before.now) MiB before, "
                  + "peak \(after.peak) MiB, \(after.now) MiB after")
            // A guard against a hang, far above the few seconds it takes.
            #expect(Date().timeIntervalSince(testStart) < 90)
        }
    }
}
