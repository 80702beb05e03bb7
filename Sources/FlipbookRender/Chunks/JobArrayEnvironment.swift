import FlipbookDrawing
import Foundation

/// Which task of a job array this process is, read from the variables the engines set, so that
/// `--chunk auto/N` and `batch --shard auto/N` need no glue in a job script.
///
/// - Slurm (`sbatch --array`): K = `SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN` + 1, so an array
///   numbered `0-3` or `5-8` gives K = 1…4; N `auto` = `SLURM_ARRAY_TASK_COUNT`.
/// - Kubernetes (an Indexed Job): K = `JOB_COMPLETION_INDEX` + 1; N is the Job's `completions`,
///   which the Job does not expose, so it must be given.
public struct JobArrayEnvironment: Sendable {
    /// The variables read.
    public let variables: [String: String]

    /// Slurm's id of this task in its array (`sbatch --array=5-8` numbers them 5 to 8).
    public static let slurmTaskID = "SLURM_ARRAY_TASK_ID"
    /// Slurm's lowest task id of the array.
    public static let slurmTaskMin = "SLURM_ARRAY_TASK_MIN"
    /// Slurm's number of tasks in the array.
    public static let slurmTaskCount = "SLURM_ARRAY_TASK_COUNT"
    /// Kubernetes' index of an Indexed Job's pod, from 0.
    public static let kubernetesIndex = "JOB_COMPLETION_INDEX"

    /// Reads `variables` (the process's environment by default).
    public init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// This task's number from 1, or `nil` when no job array's variables are set.
    ///
    /// - Throws: ``FlipbookError`` naming the variable when one is set but is not a whole number,
    ///   or when Slurm's id is below its minimum.
    public func taskIndex(what: String = "chunk") throws -> Int? {
        if let id = try number(Self.slurmTaskID, what: what) {
            let minimum = try number(Self.slurmTaskMin, what: what) ?? 0
            guard id >= minimum else {
                throw FlipbookError(invalid: what,
                    "cannot come from \(Self.slurmTaskID)=\(id): it is below \(Self.slurmTaskMin)=\(minimum).",
                    at: .init(keyPath: what))
            }
            return id - minimum + 1
        }
        if let index = try number(Self.kubernetesIndex, what: what) { return index + 1 }
        return nil
    }

    /// The number of tasks in the array (Slurm's), or `nil` when it is not set.
    public func taskCount(what: String = "chunk") throws -> Int? {
        try number(Self.slurmTaskCount, what: what)
    }

    /// Reads `K/N`, with `auto` for K (``taskIndex(what:)``) or N (``taskCount(what:)``).
    func resolve(_ text: String, what: String) throws -> (index: Int, count: Int) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else {
            throw FlipbookError.mustBe(what, "K/N (the K-th of N, from 1), auto/N or auto/auto", itIs: "'\(text)'")
        }
        let count: Int
        if parts[1].lowercased() == "auto" {
            guard let slurm = try taskCount(what: what) else {
                throw FlipbookError(invalid: what,
                    "\(text) takes N from \(Self.slurmTaskCount), which is not set (not a Slurm array job); "
                        + "give N, as in auto/4.", at: .init(keyPath: what))
            }
            count = slurm
        } else {
            count = try whole(parts[1], text: text, what: what)
        }
        let index: Int
        if parts[0].lowercased() == "auto" {
            guard let task = try taskIndex(what: what) else {
                throw FlipbookError(invalid: what,
                    "\(text) takes K from a job array, but neither \(Self.slurmTaskID) (with \(Self.slurmTaskMin)) "
                        + "nor \(Self.kubernetesIndex) is set; run it as a Slurm array or Kubernetes Indexed Job "
                        + "task, or give K.", at: .init(keyPath: what))
            }
            index = task
        } else {
            index = try whole(parts[0], text: text, what: what)
        }
        return (index, count)
    }

    private func whole(_ part: String, text: String, what: String) throws -> Int {
        guard let value = Int(part) else {
            throw FlipbookError(invalid: what,
                "must be K/N with whole numbers (or auto); '\(part)' in '\(text)' is not one.",
                at: .init(keyPath: what))
        }
        return value
    }

    private func number(_ name: String, what: String) throws -> Int? {
        guard let text = variables[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw FlipbookError(invalid: what, "cannot come from \(name)='\(text)': it is not a whole number 0 or more.",
                                at: .init(keyPath: what))
        }
        return value
    }
}
