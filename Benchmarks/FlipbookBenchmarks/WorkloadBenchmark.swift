import Flipbook
import Foundation

/// `flipbook-bench workloads [B1 B2 …]` and `flipbook-bench all`: issue #5's workloads, each
/// measured end to end and against its encoder floor, every measurement in a fresh child process
/// (so each peak memory is that measurement's own), then the table and the targets.
enum WorkloadBenchmark {
    /// `all [--runs N]`: every workload, the one-core figures and the memory-flatness check.
    static func all(_ arguments: [String]) throws {
        let (runs, rest) = try parseRuns(arguments)
        guard rest.isEmpty else {
            throw FlipbookError.invalidInput("usage: flipbook-bench all [--runs N]; unexpected \(rest.joined(separator: " ")).")
        }
        try run(Workload.all.map(\.id), runs: runs, oneCore: true, flatness: true)
    }

    /// `workloads [--runs N] [ids]`: the named workloads (all when none are named), without the
    /// extra checks.
    static func workloads(_ arguments: [String]) throws {
        let (runs, rest) = try parseRuns(arguments)
        let ids = rest.isEmpty ? Workload.all.map(\.id) : rest
        for id in ids where Workload.named(id) == nil {
            throw FlipbookError.invalidInput("Unknown workload \(id); use B1, B2, B3, B4 or B5.")
        }
        try run(ids.compactMap { Workload.named($0)?.id }, runs: runs, oneCore: false, flatness: false)
    }

    /// How many times each clip workload is measured (end to end and floor, alternating) when
    /// `--runs` is not given. On a shared 2-core VM one B1 pair varies by ±5 % from run to run, as
    /// much as the margin being measured, so the table reports the median of several.
    static let defaultRuns = 5

    static func parseRuns(_ arguments: [String]) throws -> (runs: Int, rest: [String]) {
        guard let flag = arguments.firstIndex(of: "--runs") else { return (defaultRuns, arguments) }
        guard flag + 1 < arguments.count, let runs = Int(arguments[flag + 1]), (1...20).contains(runs) else {
            throw FlipbookError.invalidInput("--runs needs a number of runs between 1 and 20.")
        }
        var rest = arguments
        rest.removeSubrange(flag...(flag + 1))
        return (runs, rest)
    }

    static func run(_ ids: [String], runs: Int, oneCore: Bool, flatness: Bool) throws {
        for warning in WorkloadFixtures.staleFixtures() { print("warning: \(warning)") }
        print("machine: \(Machine.description())")
        print("load average at start: \(Clock.loadAverage()) (see \"other processes used\" for contention)")
        print("each clip workload: \(runs) run(s) end to end and of the floor, alternating; the table shows medians")
        var results = WorkloadResults()
        for id in ids {
            guard let workload = Workload.named(id) else { continue }
            if workload.stillTime != nil {
                results.still = try child(id, .still)
                report(results.still!)
            } else {
                var endToEnds: [WorkloadMeasurement] = [], floors: [WorkloadMeasurement] = []
                for _ in 0..<runs {
                    endToEnds.append(try child(id, .endToEnd))
                    report(endToEnds.last!)
                    floors.append(try child(id, .floor))
                    report(floors.last!)
                }
                let ratios = zip(floors, endToEnds).map { $0.wall / $1.wall }
                results.clips.append((workload, median(endToEnds), median(floors), ratios))
            }
        }
        if oneCore {
            results.oneCore = try child("B2", .oneCore)
            report(results.oneCore!)
        }
        if flatness, let short = results.clips.first(where: { $0.workload.id == "B1" })?.endToEnd {
            results.longSeed = try child("B1", .endToEnd, extra: ["30"])
            report(results.longSeed!)
            results.shortSeed = short
        }
        print("")
        print(WorkloadTable.markdown(results))
        print("")
        for line in WorkloadTable.targets(results) { print(line) }
        print("")
        print("Machine: \(Machine.description()).")
    }

    /// The measurement with the median wall time (the lower middle one for an even count).
    static func median(_ measurements: [WorkloadMeasurement]) -> WorkloadMeasurement {
        let sorted = measurements.sorted { $0.wall < $1.wall }
        return sorted[(sorted.count - 1) / 2]
    }

    /// Runs `flipbook-bench workload-child id kind` and returns its measurement.
    static func child(_ id: String, _ kind: WorkloadMeasurement.Kind, extra: [String] = []) throws -> WorkloadMeasurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["workload-child", id, kind.rawValue] + extra
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let measurement = WorkloadMeasurement.parse(output) else {
            throw FlipbookError(.codec, "The \(id) \(kind.rawValue) run failed (status \(process.terminationStatus)): \(output)")
        }
        return measurement
    }

    /// One line per measurement as it arrives, so a long run shows progress.
    static func report(_ m: WorkloadMeasurement) {
        let mb = m.peakBytes.map { String(format: "%.0f MB", Double($0) / 1_048_576) } ?? "n/a"
        let others = m.othersCPU.map { String(format: "; other processes used %.1f s CPU meanwhile", $0) } ?? ""
        switch m.kind {
        case .endToEnd, .floor:
            let perFrame = { (s: Double?) in s.map { String(format: "%.2f", $0 * 1000 / Double(max(m.frames, 1))) } ?? "-" }
            print(String(format: "%@ %-8@ %4d frames %7.2f s wall %7.2f s CPU %6.1f fps", m.id, m.kind.rawValue,
                         m.frames, m.wall, m.cpu, Double(m.frames) / m.wall)
                + "  draw \(perFrame(m.draw)) convert \(perFrame(m.convert)) encode \(perFrame(m.encode))"
                + " waited \(perFrame(m.wait)) ms/frame; peak \(mb); \((m.fileBytes ?? 0) / 1024) KiB\(others)")
        case .still:
            print(String(format: "%@ still: %.3f s wall (%.3f s CPU); draw %.3f s, PNG %.3f s; %d KiB; peak %@",
                         m.id, m.wall, m.cpu, m.stillDraw ?? 0, m.stillPNG ?? 0, (m.fileBytes ?? 0) / 1024, mb) + others)
        case .oneCore:
            print(String(format: "%@ one core: draw %.2f ms/frame (10,000 particles), convert %.2f ms/frame (thread CPU, median)",
                         m.id, m.drawMillisecondsPerFrame ?? 0, m.convertMillisecondsPerFrame ?? 0))
        }
    }
}

/// Everything one `all` run measured.
struct WorkloadResults {
    /// Per clip workload: the median end-to-end and floor measurements, and each run's floor ÷ end to end.
    var clips: [(workload: Workload, endToEnd: WorkloadMeasurement, floor: WorkloadMeasurement, ratios: [Double])] = []
    var still: WorkloadMeasurement?
    var oneCore: WorkloadMeasurement?
    var shortSeed: WorkloadMeasurement?
    var longSeed: WorkloadMeasurement?
}
