/// Which waiting render may start: at most `jobs` run at once, and a render starts only when its
/// estimated peak memory (``OutputPlan/estimatedPeakMemory(workers:)``) fits in the budget beside the
/// running ones'. The queue's first render waits for room rather than be overtaken, so small renders
/// never starve a large one; a render larger than the whole budget runs when nothing else does.
struct MemoryAdmission: Sendable {
    let jobs: Int
    let budget: Int
    /// The running renders' estimates, by id.
    private(set) var running: [String: Int] = [:]

    init(jobs: Int, budget: Int) {
        self.jobs = jobs
        self.budget = budget
    }

    /// The running renders' estimates together, saturating.
    var inUse: Int {
        running.values.reduce(0) { total, bytes in
            let sum = total.addingReportingOverflow(bytes)
            return sum.overflow ? .max : sum.partialValue
        }
    }

    /// Whether a render estimated at `estimate` bytes may start now.
    func admits(_ estimate: Int) -> Bool {
        guard running.count < jobs else { return false }
        return running.isEmpty || estimate <= budget - min(budget, inUse)
    }

    mutating func start(_ id: String, estimate: Int) { running[id] = estimate }

    mutating func finish(_ id: String) { running[id] = nil }
}
