import Foundation

/// What a data batch costs per row, against a `flipbook render --set` per row (issue "Compose your own
/// clip", item 5): the card template (640×360, 2 s at 30 fps) for `rows` customers, as clips, and the
/// same rows as one-frame clips, whose time per row is the fixed cost a row adds beyond its frames.
///
/// Every figure is a whole command as a user runs it (process start included), timed by the wall
/// clock and by the CPU its processes used.
enum TemplateBatchBenchmark {
    static func run(_ arguments: [String]) throws {
        let rows = value(of: "--rows", in: arguments) ?? 200
        let singles = value(of: "--singles", in: arguments) ?? rows
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flipbook")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-template-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let card = URL(fileURLWithPath: "Fixtures/Templates/card.json")
        let template = try String(contentsOf: card, encoding: .utf8)
            .replacingOccurrences(of: "\"../Images/logo.svg\"", with: "\"\(FileManager.default.currentDirectoryPath)/Fixtures/Images/logo.svg\"")
        let clipTemplate = folder.appendingPathComponent("card.json")
        try template.write(to: clipTemplate, atomically: true, encoding: .utf8)
        // The same card one frame long: its time per row is what a row costs besides its frames.
        let oneFrame = folder.appendingPathComponent("card-1-frame.json")
        try template.replacingOccurrences(of: "\"duration\": 2,", with: "\"duration\": 0.0333,")
            .write(to: oneFrame, atomically: true, encoding: .utf8)
        let accents = ["teal", "indigo", "orange", "#ff2d55", "mint", "purple", "blue", "pink"]
        let names = (0..<rows).map { "Customer \($0 + 1)" }
        let csv = "id,name,accent\n" + (0..<rows).map { "c\($0),\(names[$0]),\(accents[$0 % accents.count])" }.joined(separator: "\n") + "\n"
        let data = folder.appendingPathComponent("rows.csv")
        try csv.write(to: data, atomically: true, encoding: .utf8)

        print("Template batch: the card (640×360, 2 s at 30 fps) for \(rows) rows; \(Machine.description())")
        let batch = try timed(tool, ["batch", "--template", clipTemplate.path, "--data", data.path, "-q",
                                     "-o", folder.appendingPathComponent("batch/{{id}}.mp4").path])
        report("batch, \(rows) clips", batch, rows: rows)
        let single = try timedRuns(tool) { run in
            for row in 0..<singles {
                try run(["render", clipTemplate.path, "--set", "name=\(names[row])", "--set", "accent=\(accents[row % accents.count])",
                         "-q", "-o", folder.appendingPathComponent("single-\(row).mp4").path])
            }
        }
        report("render --set, \(singles) invocations", single, rows: singles)
        let fixed = try timed(tool, ["batch", "--template", oneFrame.path, "--data", data.path, "-q",
                                     "-o", folder.appendingPathComponent("one-frame/{{id}}.mp4").path])
        report("batch, \(rows) one-frame clips (fixed cost)", fixed, rows: rows)
        // Each row's clip is the single render of the same values, byte for byte.
        let same = (0..<min(rows, singles)).allSatisfy { row in
            FileManager.default.contentsEqual(atPath: folder.appendingPathComponent("batch/c\(row).mp4").path,
                                              andPath: folder.appendingPathComponent("single-\(row).mp4").path)
        }
        print("batch rows byte-identical to render --set: \(same ? "yes" : "NO")")
    }

    private static func value(of flag: String, in arguments: [String]) -> Int? {
        arguments.firstIndex(of: flag).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
    }

    /// Wall seconds and the CPU seconds of the processes `body` runs through `run`.
    private static func timedRuns(_ tool: URL, _ body: ((_ run: ([String]) throws -> Void) throws -> Void)) throws -> (wall: Double, cpu: Double) {
        let cpuBefore = childrenCPU(), start = Clock.wall()
        try body { arguments in
            let process = Process()
            process.executableURL = tool
            process.arguments = arguments
            // The batch's summary table is a line per row: only the figures here are the report.
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw NSError(domain: "flipbook-bench", code: Int(process.terminationStatus),
                              userInfo: [NSLocalizedDescriptionKey: "flipbook \(arguments.joined(separator: " ")) exited \(process.terminationStatus)"])
            }
        }
        return (Clock.wall() - start, childrenCPU() - cpuBefore)
    }

    private static func timed(_ tool: URL, _ arguments: [String]) throws -> (wall: Double, cpu: Double) {
        try timedRuns(tool) { run in try run(arguments) }
    }

    /// User + system CPU seconds of the finished child processes.
    private static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func report(_ what: String, _ time: (wall: Double, cpu: Double), rows: Int) {
        let label = what.padding(toLength: max(what.count, 46), withPad: " ", startingAt: 0)
        print("  " + label + String(format: "%8.2f s wall %8.2f CPU-s   per row %7.1f ms wall %7.1f ms CPU",
                                    time.wall, time.cpu, time.wall / Double(rows) * 1000, time.cpu / Double(rows) * 1000))
    }
}
