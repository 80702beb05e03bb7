import FlipbookAnimation
import FlipbookCore
import Foundation

extension TemplateBatch {
    /// The positions in ``rows`` that `shard` runs (all of them for `nil`), by the rule batch files
    /// follow (``Chunk/positions(of:)``).
    public func rowIndices(inShard shard: Chunk?) -> [Int] {
        shard?.positions(of: rows.count) ?? Array(rows.indices)
    }

    /// Renders the rows, `concurrentJobs` at a time, recording each in `manifest.json` as it ends
    /// (written atomically each time, so it always holds every row finished so far).
    ///
    /// A failing row does not stop the others. A cancellation stops the rows running (removing
    /// their unfinished files) and starts no more; finished rows and the manifest stay, and a later
    /// run with `resume` renders the rest.
    ///
    /// - Parameters:
    ///   - shard: Only this shard's rows; other shards (other processes) share the manifest.
    ///   - resume: Skip each row whose output exists with the SHA-256 the manifest records for the
    ///     same output name, values and template.
    ///   - progress: Called with a row's position in ``rows`` and its progress.
    ///   - finished: Called with each row's result as it ends (its `index` is its position in ``rows``).
    /// - Throws: ``FlipbookError`` (kind `.file` or `.diskFull`) when an output folder or the
    ///   manifest cannot be written before the first row starts.
    public func run(
        shard: Chunk? = nil, concurrentJobs: Int = 1, resume: Bool = false, workersPerJob: Int? = nil,
        cancellation: RenderCancellation? = nil,
        progress: (@Sendable (Int, RenderProgress) -> Void)? = nil,
        finished: (@Sendable (BatchJobResult) -> Void)? = nil
    ) throws -> BatchReport {
        let chosen = rowIndices(inShard: shard)
        try makeFolders(for: chosen)
        let store = ManifestStore(url: manifestURL, blank: BatchManifest(
            template: templatePath, templateSHA256: templateSHA256, data: data.source, output: output.text, rows: []))
        let earlier = resume ? store.current() : nil
        let done = Set(chosen.filter { isDone(rows[$0], in: earlier) })
        try store.update(chosen.map { position in
            let row = rows[position]
            return done.contains(position)
                ? earlier?.rows.first { $0.row == row.row.number } ?? entry(row, status: "pending")
                : entry(row, status: "pending")
        })
        return runConcurrently(chosen, concurrentJobs: concurrentJobs, workersPerJob: workersPerJob, finished: finished) {
            position, workers in
            let row = self.rows[position]
            if done.contains(position) { return result(row, position, .skipped, seconds: 0) }
            if let reason = cancellation?.reason {
                return result(row, position, .notRun, seconds: 0,
                              error: .interrupted("Cannot render \(row.plan.destination.path)", reason: reason))
            }
            let started = Date()
            let outcome: BatchJobResult
            do {
                let report = try row.plan.run(workers: workers, cancellation: cancellation,
                                              progress: progress.map { report in { report(position, $0) } })
                outcome = result(row, position, .succeeded, frames: report.frameCount, seconds: Date().timeIntervalSince(started))
            } catch {
                let error = error as? FlipbookError ?? FlipbookError(.internal, "\(error)")
                return record(result(row, position, error.kind == .interrupted ? .interrupted : .failed,
                                     seconds: Date().timeIntervalSince(started), error: error), row, store)
            }
            return record(outcome, row, store)
        }
    }

    /// Whether `row`'s output is already there as `manifest` records it: the same name, values and
    /// template, and the same bytes.
    private func isDone(_ row: Row, in manifest: BatchManifest?) -> Bool {
        guard let recorded = manifest?.rows.first(where: { $0.row == row.row.number }), recorded.status == "ok",
              recorded.output == manifestPath(row), recorded.values == row.row.values, let sha256 = recorded.sha256
        else { return false }
        return (try? Data(contentsOf: row.plan.destination)).map(sha256Hex) == sha256
    }

    /// `result` written to the manifest; a row whose record cannot be written failed (unless the
    /// batch is being interrupted, which keeps the manifest as it was).
    private func record(_ result: BatchJobResult, _ row: Row, _ store: ManifestStore) -> BatchJobResult {
        var entry = entry(row, status: result.status.rawValue)
        entry.seconds = (result.seconds * 1000).rounded() / 1000
        entry.error = result.error?.message
        if result.status == .succeeded {
            entry.sha256 = (try? Data(contentsOf: row.plan.destination)).map(sha256Hex)
        }
        do {
            try store.update([entry])
            return result
        } catch {
            let error = error as? FlipbookError ?? FlipbookError(.internal, "\(error)")
            guard error.kind != .interrupted, result.status == .succeeded else { return result }
            var failed = result
            failed.status = .failed
            failed.error = error
            return failed
        }
    }

    private func entry(_ row: Row, status: String) -> BatchManifest.Entry {
        BatchManifest.Entry(row: row.row.number, status: status, output: manifestPath(row), values: row.row.values)
    }

    /// The row's output as the manifest names it: relative to the manifest's folder.
    private func manifestPath(_ row: Row) -> String {
        let folder = manifestURL.deletingLastPathComponent().path
        let path = row.plan.destination.path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private func result(_ row: Row, _ position: Int, _ status: BatchJobResult.Status, frames: Int? = nil,
                        seconds: TimeInterval, error: FlipbookError? = nil) -> BatchJobResult {
        BatchJobResult(index: position, label: "row \(row.row.number)", output: row.plan.destination, status: status,
                       frames: frames, seconds: seconds, error: error,
                       warnings: status == .skipped ? [] : row.plan.timeline.warnings)
    }

    /// The manifest's folder and every chosen row's, made if missing.
    private func makeFolders(for chosen: [Int]) throws {
        let folders = Set([manifestURL.deletingLastPathComponent()] + chosen.map { rows[$0].plan.destination.deletingLastPathComponent() })
        for folder in folders.sorted(by: { $0.path < $1.path }) {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
                throw FlipbookError.file("Cannot make the output folder \(folder.path): \(reason)", path: folder.path)
            }
        }
    }
}
