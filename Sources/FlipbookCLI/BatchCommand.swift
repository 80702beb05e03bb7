import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook batch`: many renders from one file, for CI.
    struct Batch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render many clips and stills described in one JSON file.",
            discussion: """
                The file holds {"jobs": [...]}; each job has "scene" (confetti, ripples or a scene \
                file), "output" (.mp4 for a clip; .png, .pdf or .svg for a still, with "time"), and \
                optionally "name", "size" ("1080x1920"), "scale", "fps", "duration", "seed", \
                "background", "crf", "preset". Relative paths are resolved against the batch file's \
                directory.

                A failing job does not stop the others. A summary table follows; the exit code is 1 \
                if any job failed.
                """)

        @Argument(help: ArgumentHelp("The batch file.", valueName: "jobs.json"))
        var file: String

        @Option(help: "How many jobs run at once; the cores are shared between them.")
        var jobs: Int = 1

        @Flag(name: .shortAndLong, help: "Print only the summary and errors.")
        var quiet = false

        func validate() throws {
            guard (1...64).contains(jobs) else {
                throw ValidationError("--jobs must be between 1 and 64; it is \(jobs).")
            }
        }

        func run() throws {
            let url = URL(fileURLWithPath: file)
            let batch = try BatchFile.load(from: url)
            guard !batch.jobs.isEmpty else { throw UsageError("The batch file \(url.path) lists no jobs.") }
            let base = url.deletingLastPathComponent()
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let workersPerJob = max(1, cores / jobs)

            let results = BatchResults(count: batch.jobs.count)
            let next = JobCounter()
            let threads = min(jobs, batch.jobs.count)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while let index = next.take(below: batch.jobs.count) {
                    let result = batch.jobs[index].run(index: index, baseDirectory: base, workers: workersPerJob, quiet: quiet)
                    results.set(index, result)
                }
            }
            let all = results.all
            print(summaryTable(all))
            let failed = all.filter { $0.error != nil }.count
            if failed > 0 {
                printError("\(failed) of \(all.count) jobs failed.")
                throw ExitCode(ToolExitCode.failure)
            }
        }
    }
}

/// Hands out job indices to the batch's threads.
private final class JobCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        defer { next += 1 }
        return next
    }
}

/// Collects results from the batch's threads in job order.
private final class BatchResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [BatchResult?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: BatchResult) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    var all: [BatchResult] {
        lock.lock()
        defer { lock.unlock() }
        return results.compactMap { $0 }
    }
}

/// The summary printed after a batch: one row per job.
func summaryTable(_ results: [BatchResult]) -> String {
    let header = ["job", "status", "frames", "time", "output"]
    var rows = results.map { result -> [String] in
        [result.label, result.error == nil ? "ok" : "FAILED", result.frames.map(String.init) ?? "-",
         formatDuration(result.seconds), result.output]
    }
    rows.insert(header, at: 0)
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = rows.map { row in
        row.enumerated().map { column, cell in
            column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
    }
    lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
    for result in results {
        if let error = result.error { lines.append("\(result.label): \(error)") }
    }
    let failed = results.filter { $0.error != nil }.count
    lines.append("\(results.count - failed) succeeded, \(failed) failed")
    return lines.joined(separator: "\n")
}
