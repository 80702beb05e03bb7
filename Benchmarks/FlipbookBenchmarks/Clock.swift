import Foundation

/// Wall and CPU clocks for the benchmarks.
///
/// Wall time is what a user waits for; CPU time (user + system, all threads of the process) shows
/// how much of the machine a run used — on a loaded machine the wall time grows but the CPU time
/// stays about the same, so printing both tells a slow run from a busy machine.
struct Clock {
    /// Seconds on a monotonic clock.
    static func wall() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// User + system CPU seconds used by every thread of this process so far.
    static func processCPU() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// CPU seconds used by the calling thread so far (excludes time spent waiting for a core).
    static func threadCPU() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Runs `body`, returning its result with the wall and process-CPU seconds it took.
    static func measure<T>(_ body: () throws -> T) rethrows -> (value: T, wall: Double, cpu: Double) {
        let (value, wall, cpu, _) = try measureWithOthers(body)
        return (value, wall, cpu)
    }

    /// As ``measure(_:)``, plus the CPU seconds *other* processes used meanwhile (machine-wide busy
    /// time minus ours): near zero on a quiet machine; a large figure means the wall time is inflated.
    static func measureWithOthers<T>(_ body: () throws -> T) rethrows
        -> (value: T, wall: Double, cpu: Double, others: Double?)
    {
        let busyStart = machineBusy(), wallStart = wall(), cpuStart = processCPU()
        let value = try body()
        let cpu = processCPU() - cpuStart, elapsed = wall() - wallStart
        let others = busyStart.flatMap { start in machineBusy().map { max(0, $0 - start - cpu) } }
        return (value, elapsed, cpu, others)
    }

    /// Seconds all cores spent busy since boot (user, nice, system, irq, softirq in `/proc/stat`).
    static func machineBusy() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 7 else { return nil }
        let ticks = fields[0] + fields[1] + fields[2] + fields[5] + fields[6]
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The 1-, 5- and 15-minute load averages, e.g. "0.52 0.61 0.70", so a report shows whether
    /// something else was using the cores.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
