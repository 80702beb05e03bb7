import Foundation

extension BatchFile {
    /// The positions of the jobs shard `shard` runs (all of them for `nil`): job `i` (from 0) belongs
    /// to shard `i mod N + 1`. The rule depends only on the job's place in the file, so N tasks
    /// (`batch --shard K/N`, or `auto/N` in a job array) run every job exactly once between them,
    /// and the set of outputs is the same for any N; shards differ in size by at most one job.
    public func jobIndices(inShard shard: Chunk?) -> [Int] {
        shard?.positions(of: jobs.count) ?? Array(jobs.indices)
    }
}

extension Chunk {
    /// The positions among `count` jobs (or rows) this shard runs: `i` (from 0) with
    /// `i mod N + 1` = K, as ``BatchFile/jobIndices(inShard:)`` describes.
    public func positions(of count: Int) -> [Int] {
        (0..<max(0, count)).filter { $0 % self.count == index - 1 }
    }
}
