import Flipbook
import FlipbookStudio
import Foundation

/// How `flipbook serve` runs: where it listens, where it keeps its journal and files, how many
/// renders run at once and how much it keeps.
public struct ServeOptions: Sendable, Equatable {
    /// The address to listen on. Default `127.0.0.1`: only this machine.
    public var host: String
    /// The port; 0 picks any free port.
    public var port: Int
    /// The bearer token every request must carry; required for a host other than loopback.
    public var token: String?
    /// The folder holding the journal (`journal.sqlite`), the finished files and the templates.
    public var data: URL
    /// How many renders run at once.
    public var jobs: Int
    /// How many jobs may wait; a request beyond them is answered 429 with Retry-After.
    public var queueLimit: Int
    /// The bytes of finished files kept; past it the oldest are removed.
    public var keepBytes: Int64
    /// The largest request body taken (a scene or a bundle); larger is answered 413.
    public var bodyLimit: Int
    /// Webhook hosts allowed although they are loopback or private addresses.
    public var allowedWebhookHosts: Set<String>
    /// Bytes the running renders may hold together: a render starts only when its estimated peak
    /// (``OutputPlan/estimatedPeakMemory(workers:)``) fits beside the running ones', and each plans its
    /// encoders within an equal share of it. `nil` for ``defaultMemoryBudget``.
    public var memoryBudget: Int?
    /// The segment cache every clip render uses (``SegmentCache``, `--cache`): a request that differs
    /// from an earlier one in part re-renders only the segments the difference reaches. `nil`: none.
    public var cache: URL?
    /// The most bytes ``cache`` holds; ``SegmentCache/defaultLimit`` when `nil`.
    public var cacheLimit: Int?

    /// Three quarters of the machine's memory: the rest for the system, the server and other programs.
    public static var defaultMemoryBudget: Int { Int(clamping: ProcessInfo.processInfo.physicalMemory / 4 * 3) }

    /// The budget in force.
    public var resolvedMemoryBudget: Int { memoryBudget ?? Self.defaultMemoryBudget }

    /// The port used when none is given.
    public static let defaultPort = 7781
    /// The number of renders at once when none is given.
    public static let defaultJobs = 2
    /// The range `--jobs` takes.
    public static let jobsRange = 1...64

    /// Options for a service keeping its data in `data`.
    public init(data: URL, host: String = StudioOptions.defaultHost, port: Int = defaultPort, token: String? = nil,
                jobs: Int = defaultJobs, queueLimit: Int = 64, keepBytes: Int64 = 2 << 30, bodyLimit: Int = 64 << 20,
                allowedWebhookHosts: Set<String> = [], memoryBudget: Int? = nil, cache: URL? = nil, cacheLimit: Int? = nil) {
        self.data = data
        self.host = host
        self.port = port
        self.token = token
        self.jobs = jobs
        self.queueLimit = queueLimit
        self.keepBytes = keepBytes
        self.bodyLimit = bodyLimit
        self.allowedWebhookHosts = allowedWebhookHosts
        self.memoryBudget = memoryBudget
        self.cache = cache
        self.cacheLimit = cacheLimit
    }

    /// Checks the options before anything listens: the address rules are the studio's.
    ///
    /// - Throws: ``FlipbookError`` of kind `.invalidInput` naming the flag.
    public func validate() throws {
        try StudioOptions(host: host, port: port, token: token).validate()
        guard Self.jobsRange.contains(jobs) else {
            throw FlipbookError(invalid: "jobs", "must be between 1 and 64; it is \(jobs).", at: .init(flag: "--jobs"))
        }
        guard queueLimit >= 1 else {
            throw FlipbookError(invalid: "queue", "must be at least 1; it is \(queueLimit).", at: .init(flag: "--queue"))
        }
        if let memoryBudget, memoryBudget <= 0 {
            throw FlipbookError(invalid: "memory", "must be more than 0 bytes; it is \(memoryBudget).", at: .init(flag: "--memory"))
        }
        if let cacheLimit, cacheLimit <= 0 {
            throw FlipbookError(invalid: Setting.cacheLimit.key, "must be more than 0 bytes; it is \(cacheLimit).",
                                at: .init(flag: Setting.cacheLimit.option))
        }
        if let cache {
            do {
                try SegmentCache.checkFolder(cache)
            } catch let error as FlipbookError {
                throw error.at(flag: Setting.cache.option)
            }
        }
        guard keepBytes >= 0 else {
            throw FlipbookError(invalid: "keep", "must not be negative; it is \(keepBytes).", at: .init(flag: "--keep-bytes"))
        }
    }
}
