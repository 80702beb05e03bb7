import Flipbook
import FlipbookRender
import FlipbookVideo
import Foundation

/// Segment-parallel encoding measured (Benchmarks/segments.md):
///
/// 1. **Size**: each workload in one piece and cut at each segment length of `--lengths` (seconds):
///    the file's size against one piece's.
/// 2. **Segments**: one in-process render with one segment at a time: each segment's frames, CPU
///    seconds and wall time, whose largest CPU time is the critical path.
/// 3. **At once**: `flipbook render` of the workload's fixture with 1, 2, 4, 8 segment encoders at
///    once (`FLIPBOOK_SEGMENT_ENCODERS`), wall and CPU of the whole process, alternating, `--runs` each.
/// 4. **Prediction** of the render's time on N cores from 2 and 3 (see segments.md for the method).
///
///   flipbook-bench segments [--runs 3] [--encoders 1,2,4,8] [--lengths 1,2,4] [--keyint S]
///                           [--skip-size | --size-only] [B1 B2 B3]
///
/// Every render has the workload's settings (a stream signals the level it fits, so none is encoded
/// twice); `--keyint S` gives them a keyframe interval, to cut short clips finer.
enum SegmentBenchmark {
    static func run(_ arguments: [String]) throws {
        var runs = 3, encoders = [1, 2, 4, 8], lengths = [1.0, 2.0, 4.0], ids: [String] = [], size = true, timing = true
        var keyint: Double?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": runs = Int(rest.popFirst() ?? "") ?? runs
            case "--encoders": encoders = (rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--lengths": lengths = (rest.popFirst() ?? "").split(separator: ",").compactMap { Double($0) }
            case "--skip-size": size = false
            case "--size-only": timing = false
            case "--keyint": keyint = Double(rest.popFirst() ?? "")
            default: ids.append(argument)
            }
        }
        let workloads = (ids.isEmpty ? ["B1", "B2", "B3"] : ids).compactMap(Workload.named)
        print("segments: \(Machine.description()); load \(Clock.loadAverage())")
        print("default segment length \(formatNumber(SegmentLayout.defaultSegmentSeconds)) s")
        if size { try sizeTable(workloads, lengths: lengths, keyint: keyint) }
        for workload in workloads where timing {
            let figures = try segmentFigures(workload, keyint: keyint)
            let timings = try atOnceTable(workload, encoders: encoders, runs: runs, keyint: keyint)
            prediction(workload, figures: figures, oneAtATime: timings[1])
        }
    }

    /// The file's size at each segment length against one piece's.
    static func sizeTable(_ workloads: [Workload], lengths: [Double], keyint: Double?) throws {
        print("\n| Workload | Frames | Segment length | Segments | Size (bytes) | Size vs one piece |")
        print("|---|---:|---:|---:|---:|---:|")
        for workload in workloads {
            let timeline = try workload.timeline()
            var base: Int?
            for length in [1e9] + lengths {
                let url = WorkloadChild.temporaryFile("\(workload.id)-\(length).mp4")
                defer { try? FileManager.default.removeItem(at: url) }
                let report = try render(timeline, to: url, options: options(workload, keyint: keyint),
                                        segmenting: Segmenting(rules: .init(segmentSeconds: length)))
                let bytes = WorkloadChild.fileSize(url) ?? 0
                let one = base ?? bytes
                base = one
                print(String(format: "| %@ %@ | %d | %@ | %d | %d | %+.2f %% |", workload.id, workload.name,
                             report.frameCount, length > 1e6 ? "one piece" : formatNumber(length) + " s",
                             report.segments?.layout.count ?? 1, bytes, 100 * (Double(bytes) / Double(one) - 1)))
            }
        }
    }

    /// The workload's options; `keyint` (`--keyint`, seconds) cuts short clips into more segments,
    /// segments being whole keyframe intervals; `nil` keeps x264's.
    static func options(_ workload: Workload, keyint: Double?) -> VideoOptions {
        var options = workload.options
        options.keyframeInterval = keyint
        return options
    }


    /// One render with one segment at a time, in this process: each segment's own CPU and wall time.
    static func segmentFigures(_ workload: Workload, keyint: Double?) throws -> SegmentReport? {
        let url = WorkloadChild.temporaryFile("\(workload.id)-alone.mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        let (report, wall, cpu) = try Clock.measure {
            try render(try workload.timeline(), to: url, options: options(workload, keyint: keyint), segmenting: Segmenting(atOnce: 1))
        }
        print("\n\(workload.id) \(workload.name), one segment at a time in-process: \(String(format: "%.2f s wall, %.2f s CPU", wall, cpu))")
        guard let segments = report.segments else {
            print("one segment: nothing to cut")
            return nil
        }
        print("| Segment | Frames | Encoded frames | CPU s | Wall s | Bytes |")
        print("|---:|---|---|---:|---:|---:|")
        for t in segments.timings {
            print(String(format: "| %d | %d-%d | %d-%d | %.2f | %.2f | %d |", t.index + 1, t.frames.lowerBound,
                         t.frames.upperBound, t.encodedFrames.lowerBound, t.encodedFrames.upperBound, t.cpuTime ?? 0,
                         t.wallTime, t.bytes))
        }
        return segments
    }

    /// `flipbook render` with `encoders` segment encoders at once, alternating; medians.
    static func atOnceTable(_ workload: Workload, encoders: [Int], runs: Int, keyint: Double?) throws
        -> [Int: (wall: Double, cpu: Double)] {
        let fixture = CommandRun.fixture(workload)
        var samples: [Int: [(wall: Double, cpu: Double)]] = [:]
        var sizes: [Int: Int] = [:]
        for _ in 0..<max(1, runs) {
            for count in encoders {
                let url = WorkloadChild.temporaryFile("\(workload.id)-cli-\(count).mp4")
                defer { try? FileManager.default.removeItem(at: url) }
                let run = try CommandRun.run(CommandRun.flipbook,
                                             ["render", fixture.path, "-o", url.path, "--preset", workload.preset, "-q"]
                                                + (keyint.map { ["--keyint", formatNumber($0)] } ?? []),
                                             environment: ["FLIPBOOK_SEGMENT_ENCODERS": String(count)])
                guard run.status == 0 else { throw BenchError("flipbook render failed: \(run.error)") }
                samples[count, default: []].append((run.wall, run.cpu))
                sizes[count] = WorkloadChild.fileSize(url)
            }
        }
        print("\n\(workload.id) \(workload.name), `flipbook render` end to end, medians of \(runs):")
        print("| Encoders at once | Wall s | CPU s | CPU ÷ wall | fps | Size (bytes) |")
        print("|---:|---:|---:|---:|---:|---:|")
        var medians: [Int: (wall: Double, cpu: Double)] = [:]
        let frames = (try? workload.timeline().frameCount) ?? 0
        for count in encoders {
            let list = samples[count] ?? []
            let wall = median(list.map(\.wall)), cpu = median(list.map(\.cpu))
            medians[count] = (wall, cpu)
            print(String(format: "| %d | %.2f | %.2f | %.2f | %.1f | %d |", count, wall, cpu, cpu / wall,
                         Double(frames) / wall, sizes[count] ?? 0))
        }
        let distinct = Set(sizes.values)
        print(distinct.count <= 1 ? "The same size at every count." : "SIZES DIFFER between counts: \(sizes)")
        return medians
    }

    /// The predicted wall time on machines of more cores (see segments.md: the method).
    static func prediction(_ workload: Workload, figures: SegmentReport?, oneAtATime: (wall: Double, cpu: Double)?) {
        guard let figures, let oneAtATime else { return }
        let cpus = figures.timings.map { $0.cpuTime ?? 0 }
        let segmentCPU = cpus.reduce(0, +)
        // What the process spends outside the segments (start, plan, the file's last write),
        // which no core count shortens.
        let serialCPU = max(0, oneAtATime.cpu - segmentCPU)
        let serialWall = max(0, oneAtATime.wall - figures.timings.map(\.wallTime).reduce(0, +))
        let frames = figures.layout.segments.last.map { $0.frames.upperBound + 1 } ?? 0
        print("\nPrediction for \(workload.id): \(cpus.count) segments, \(String(format: "%.2f", segmentCPU)) CPU s in "
              + "segments, critical path \(String(format: "%.2f", (cpus.max() ?? 0))) CPU s, outside them "
              + String(format: "%.2f s wall (%.2f CPU s)", serialWall, serialCPU))
        print("| Cores | Segments at once | Predicted wall s | fps |")
        print("|---:|---:|---:|---:|")
        for cores in [2, 4, 8, 16, 32, 64] {
            let atOnce = max(1, min(cpus.count, cores / 2))
            let wall = serialWall + makespan(cpus.map { $0 / busyCores }, slots: atOnce, cores: Double(cores))
            print(String(format: "| %d | %d | %.2f | %.1f |", cores, atOnce, wall, Double(frames) / wall))
        }
    }

    /// Cores one segment's x264 keeps busy when it has them (two frame threads and two lookahead
    /// threads, and its drawing): 2.3 to 2.6 measured on 16 cores; the lower figure.
    static let busyCores = 2.3

    /// The time to run `durations` (each at `busyCores` cores) in order on `slots` at once, a slot
    /// taking the next segment as soon as it is free, with no more than `cores` cores in all.
    static func makespan(_ durations: [Double], slots: Int, cores: Double) -> Double {
        // When the slots together want more cores than there are, every segment slows alike.
        let slowdown = max(1, Double(slots) * busyCores / cores)
        var free = Array(repeating: 0.0, count: max(1, slots))
        for duration in durations {
            let slot = free.indices.min { free[$0] < free[$1] } ?? 0
            free[slot] += duration * slowdown
        }
        return free.max() ?? 0
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
