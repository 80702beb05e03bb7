import Foundation

/// One program run to its end, as a person runs it from a shell: its wall time from start to exit
/// (process start included) and the CPU time it and its threads used.
struct CommandRun {
    var status: Int32
    var wall: Double
    var cpu: Double
    var output: String
    var error: String

    /// Runs `executable` with `arguments`, this process's environment plus `environment`.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> CommandRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let cpuStart = childrenCPU(), wallStart = Clock.wall()
        try process.run()
        // Read while it runs, so a chatty program never blocks on a full pipe.
        let errorData = err.fileHandleForReading.readDataToEndOfFile()
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let wall = Clock.wall() - wallStart
        return CommandRun(status: process.terminationStatus, wall: wall, cpu: childrenCPU() - cpuStart,
                          output: String(decoding: outputData, as: UTF8.self),
                          error: String(decoding: errorData, as: UTF8.self))
    }

    /// User + system CPU seconds of every child this process has waited for.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The `flipbook` built beside this benchmark.
    static var flipbook: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("flipbook")
    }

    /// A workload's fixture scene file (`Fixtures/Benchmarks/B1-seed.json`), found from the working
    /// directory (the package root, as `make bench` runs it).
    static func fixture(_ workload: Workload) -> URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Fixtures/Benchmarks/\(workload.fixtureName)")
    }
}
