import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook batch`: many renders from one file, for CI. The jobs run in the library
    /// (``runBatch(_:concurrentJobs:workersPerJob:cancellation:progress:finished:)``); this command
    /// reads the file and prints.
    struct Batch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render many clips and stills described in one JSON file, or a template once per row of a data file.",
            discussion: """
                The file holds {"jobs": [...]}; each job has "scene" (confetti, ripples or a scene \
                file) and "output" (its extension picks a clip or a still, as for render and still; \
                `flipbook settings --markdown` lists them), and optionally \
                \(BatchJob.keys.filter { !["scene", "output"].contains($0) }.map { "\"\($0)\"" }.joined(separator: ", ")): \
                the flags of render and still, checked the same way. Relative paths are resolved \
                against the batch file's directory.

                A failing job does not stop the others. A summary of every job's status and time \
                follows. The exit status is 2 if the file or a job's values are invalid, 1 if a job \
                failed to render.

                --shard K/N runs every N-th job from the K-th (from 1), so N machines share one \
                file; auto takes K from a Slurm array or Kubernetes Indexed Job, as render --chunk does.

                With --template, --data and -o instead of a file: the template scene file once per \
                row of the data (CSV with a header row, JSON Lines, or a JSON list of objects). Each \
                column is a template parameter or a name the output uses ({{id}} in -o). Every row is \
                checked first: if any is wrong, each bad row is named and nothing is rendered. \
                manifest.json, in the output's folder, records each row's output and SHA-256; \
                --resume skips the rows already there.

                Examples:
                  flipbook batch jobs.json --jobs 2
                  flipbook batch jobs.json \\
                      --shard auto/8
                  flipbook batch \\
                      --template card.json \\
                      --data customers.csv \\
                      -o 'out/{{id}}.mp4'
                """)

        @Argument(help: ArgumentHelp("The batch file (or give --template, --data and -o).", valueName: "jobs.json"))
        var file: String?

        @Option(name: Setting.template.name, help: Setting.template.argumentHelp(valueName: "card.json"))
        var template: String?

        @Option(name: Setting.data.name, help: Setting.data.argumentHelp(valueName: "rows.csv|rows.jsonl|rows.json"))
        var data: String?

        @Option(name: [.short, .long], help: Setting.output.argumentHelp(valueName: "out/{{column}}.mp4"))
        var output: String?

        @Flag(name: Setting.resume.name, help: Setting.resume.argumentHelp())
        var resume = false

        @Option(parsing: .unconditional, help: "How many jobs run at once; the cores are shared between them.")
        var jobs: Int = 1

        @Option(name: Setting.shard.name, help: Setting.shard.argumentHelp(valueName: "K/N|auto/N|auto/auto"))
        var shard: String?

        @Flag(name: .shortAndLong, help: "Print only the summary and errors.")
        var quiet = false

        static let concurrentJobRange = 1...64

        func validate() throws {
            let templateFlags = [template.map { _ in "--template" }, data.map { _ in "--data" },
                                 output.map { _ in "--output" }, resume ? "--resume" : nil].compactMap { $0 }
            if let file, let flag = templateFlags.first {
                // Named, since a value after a flag batch does not have (`--cache out`) is read as the file.
                throw ValidationError("\(flag) is for a template batch, which has no batch file, but '\(file)' was read as "
                                      + "one: give either jobs.json or --template, --data and -o (batch's flags: flipbook batch --help).")
            }
            if file == nil {
                let missing = [template == nil ? "--template" : nil, data == nil ? "--data" : nil,
                               output == nil ? "-o" : nil].compactMap { $0 }
                if !missing.isEmpty {
                    throw ValidationError(templateFlags.isEmpty
                        ? "Give a batch file (jobs.json), or --template, --data and -o."
                        : "A template batch needs --template, --data and -o; \(missing.joined(separator: " and ")) "
                            + "\(missing.count == 1 ? "is" : "are") missing.")
                }
            }
            guard Self.concurrentJobRange.contains(jobs) else {
                throw ValidationError(
                    "--jobs must be between \(Self.concurrentJobRange.lowerBound) and "
                        + "\(Self.concurrentJobRange.upperBound); it is \(jobs).")
            }
        }

        func run() throws {
            let shard: Flipbook.Chunk? = try placingErrors(given: ["--shard"]) {
                try self.shard.map { try Flipbook.Chunk(parsing: $0, naming: "shard") }
            }
            let report: BatchReport
            if let file {
                let batch = try BatchFile.load(from: URL(fileURLWithPath: file))
                let printers = batch.jobs.indices.map {
                    ProgressPrinter(style: quiet ? .quiet : .lines, label: batch.jobs[$0].label(index: $0))
                }
                report = runBatch(
                    batch, shard: shard, concurrentJobs: jobs, cancellation: Interruption.shared.cancellation,
                    progress: { printers[$0].update($1) },
                    finished: { if $0.status == .succeeded { Interruption.shared.keep($0.output) } })
            } else {
                report = try runTemplateBatch(shard: shard)
            }
            if !quiet { batchWarnings(report).forEach(printNote) }
            print(batchSummary(report))
            guard let kind = report.failureKind else { return }
            if kind == .interrupted { Interruption.shared.finishAndExit() }
            // Also on standard error, where CI logs put failures.
            let unfinished = report.results.count - report.count(.succeeded) - report.count(.skipped)
            printError("\(unfinished) of \(report.results.count) jobs did not succeed; see the summary above.")
            throw ExitCode(ExitStatus.status(for: kind))
        }
    }
}

extension FlipbookTool.Batch {
    /// `--template`, `--data`, `-o`: every row checked (all problems printed, nothing rendered if
    /// any), then rendered with its manifest.
    func runTemplateBatch(shard: Flipbook.Chunk?) throws -> BatchReport {
        guard let template, let data, let output else { throw ValidationError("--template, --data and -o are needed.") }
        let batch = try placingErrors(given: ["--output"]) {
            try TemplateBatch(template: URL(fileURLWithPath: template), data: URL(fileURLWithPath: data), output: output)
        }
        let printers = batch.rows.map {
            ProgressPrinter(style: quiet ? .quiet : .lines, label: "row \($0.row.number)")
        }
        let report = try batch.run(
            shard: shard, concurrentJobs: jobs, resume: resume, cancellation: Interruption.shared.cancellation,
            progress: { printers[$0].update($1) },
            finished: { if $0.status == .succeeded { Interruption.shared.keep($0.output) } })
        if !quiet { print("Manifest: \(displayPath(batch.manifestURL))") }
        return report
    }
}

/// The `warning:` lines printed after a batch: each distinct warning of its jobs' timelines once, in
/// job order, with the jobs it concerns (a template's 1,000 rows share one line):
/// `warning: card.json /layers/3: text layer, not drawn (row 1, row 2 and 998 more)`.
func batchWarnings(_ report: BatchReport) -> [String] {
    var order: [String] = [], jobs: [String: [String]] = [:]
    for result in report.results {
        for warning in result.warnings where jobs[warning]?.last != result.label {
            if jobs[warning] == nil { order.append(warning) }
            jobs[warning, default: []].append(result.label)
        }
    }
    return order.map { warning in
        let labels = jobs[warning] ?? []
        let named = labels.count <= 3
            ? labels.dropLast().joined(separator: ", ") + (labels.count > 1 ? " and " : "") + (labels.last ?? "")
            : labels.prefix(2).joined(separator: ", ") + " and \(labels.count - 2) more"
        return "warning: \(warning) (\(named))"
    }
}

/// The summary printed after a batch: one row per job with its status and time, each failure's
/// message, and the totals.
func batchSummary(_ report: BatchReport) -> String {
    let header = ["job", "status", "frames", "time", "output"]
    var rows = report.results.map { result -> [String] in
        [result.label, result.status.rawValue, result.frames.map(String.init) ?? "-",
         formatDuration(result.seconds), displayPath(result.output)]
    }
    rows.insert(header, at: 0)
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = rows.map { row in
        row.enumerated().map { column, cell in
            column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
    }
    lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
    for result in report.results {
        if let error = result.error, result.status != .notRun { lines.append("\(result.label): \(error.description)") }
    }
    var totals = ["\(report.count(.succeeded)) succeeded", "\(report.count(.failed)) failed"]
    if report.count(.invalid) > 0 { totals.append("\(report.count(.invalid)) invalid") }
    if report.count(.interrupted) > 0 { totals.append("\(report.count(.interrupted)) interrupted") }
    if report.count(.notRun) > 0 { totals.append("\(report.count(.notRun)) not run") }
    if report.count(.skipped) > 0 { totals.append("\(report.count(.skipped)) skipped (already done)") }
    lines.append(totals.joined(separator: ", ") + " in " + formatDuration(report.wallTime))
    return lines.joined(separator: "\n")
}
