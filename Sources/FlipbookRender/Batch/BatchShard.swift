import Foundation

extension BatchFile {
    /// The positions of the jobs shard `shard` runs (all of them for `nil`): job `i` (from 0) belongs
    /// to shard `i mod N + 1`. The rule depends only on the job's place in the file, so N tasks
    /// (`batch --shard K/N`, or `auto/N` in a job array) run every job exactly once between them,
    /// and the set of outputs is the same for any N; shards differ in size by at most one job.
    public func jobIndices(inShard shard: Chunk?) -> [Int] {
        guard let shard else { return Array(jobs.indices) }
        return jobs.indices.filter { $0 % shard.count == shard.index - 1 }
    }
}
