import Flipbook
import FlipbookRaster
import FlipbookRender
import FlipbookVideo
import Foundation

/// How B2 and B3 use many cores, measured in this process with nothing else installed (no `ffmpeg`
/// command, no Swift), so that the portable tarball runs it anywhere (Benchmarks/segments.md):
///
/// 1. **x264 alone**: every frame drawn and converted first (not timed), then libx264 in-process
///    (`VideoEncoder`, the render's own options) encodes them as one encode with T frame threads.
/// 2. **Layouts**: the clip rendered end to end cut into E segments, E encoded at once, each with T
///    frame threads, for every E of `--encoders` and T of `--threads` with E·T at most
///    `--max-threads`; wall, CPU, cores busy (CPU ÷ wall), other processes' CPU meanwhile (a busy
///    machine's wall times say little), size and PSNR against the frames of 1.
/// 3. **The choice**: the fastest layout measured here (the least CPU among those within 2 % of it),
///    and the prediction for `--cores` cores from the measured figures (``ManycoreModel``).
///
///   flipbook-bench manycore [--quick] [--frames N] [--encoders 1,2,4,8,16] [--threads 1,2,4,8,16]
///                           [--max-threads 16] [--cores 16] [B2 B3]
///
/// `--frames N` renders the workload's last N frames (B2's 10,000 particles, B3's thousand rings);
/// `--quick` is 30 frames, E and T of 1 and 2: a try in seconds.
enum ManycoreBenchmark {
    /// E segments encoded at once, each by an x264 with T frame threads.
    struct Layout: Hashable, CustomStringConvertible {
        let encoders: Int, threads: Int
        var description: String { "\(encoders) × \(threads)" }
    }

    /// One measured encode: a layout's render, or x264 alone (`layout.encoders == 0`).
    struct Measurement {
        let layout: Layout
        let wall: Double, cpu: Double
        /// CPU seconds other processes used meanwhile (`nil` where the system does not say).
        let others: Double?
        let bytes: Int, psnr: Double
        let segments: SegmentReport?
        var busy: Double { wall > 0 ? cpu / wall : 0 }
    }

    struct Settings {
        var frames: Int?
        var encoders = [1, 2, 4, 8, 16], threads = [1, 2, 4, 8, 16]
        var maxThreads = 16, cores = 16
        var ids: [String] = []

        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            func list() -> [Int] { (rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 } }
            func number() throws -> Int {
                guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
                    throw BenchError("manycore: --frames, --max-threads and --cores take a whole number above 0")
                }
                return value
            }
            while let argument = rest.popFirst() {
                switch argument {
                case "--quick": frames = 30; encoders = [1, 2]; threads = [1, 2]
                case "--frames": frames = try number()
                case "--encoders": encoders = list()
                case "--threads": threads = list()
                case "--max-threads": maxThreads = try number()
                case "--cores": cores = try number()
                default: ids.append(argument)
                }
            }
            guard !encoders.isEmpty, !threads.isEmpty, threads.allSatisfy(VideoOptions.encoderThreadRange.contains) else {
                throw BenchError("manycore: --encoders and --threads take counts such as 1,2,4 (threads up to 64)")
            }
        }

        var layouts: [Layout] {
            encoders.flatMap { e in threads.map { Layout(encoders: e, threads: $0) } }.filter { $0.encoders * $0.threads <= maxThreads }
        }
    }

    static func run(_ arguments: [String]) throws {
        let settings = try Settings(arguments)
        let workloads = (settings.ids.isEmpty ? ["B2", "B3"] : settings.ids).compactMap(Workload.named)
        print("manycore: \(Machine.description()); load \(Clock.loadAverage())")
        print("layouts E × T: E segments encoded at once, each by an x264 with T frame threads; cores busy = CPU ÷ wall")
        for workload in workloads {
            try measure(workload, settings)
        }
    }

    static func measure(_ workload: Workload, _ settings: Settings) throws {
        let timeline = try workload.timeline()
        let count = min(settings.frames ?? timeline.frameCount, timeline.frameCount)
        let range = (timeline.frameCount - count)...(timeline.frameCount - 1)
        print("\n\(workload.id) \(workload.name): frames \(range.lowerBound)-\(range.upperBound) of \(timeline.frameCount), "
              + "\(timeline.pixelWidth)x\(timeline.pixelHeight), preset \(workload.preset), CRF \(workload.options.crf)")
        let source = try WorkloadChild.preconvert(timeline, frames: range, background: workload.options.background)
        let sourceBytes = source.reduce(0) { $0 + $1.y.count + $1.u.count + $1.v.count }
        var alone: [Measurement] = []
        for threads in settings.threads {
            alone.append(try x264Alone(workload, timeline, source, threads: threads))
        }
        var measured: [Measurement] = []
        for layout in settings.layouts {
            let encoderBytes = layout.encoders * SegmentEncoders.estimatedEncoderBytes(
                width: timeline.pixelWidth, height: timeline.pixelHeight, lookahead: workload.options.resolvedLookahead)
            if encoderBytes + sourceBytes > SegmentEncoders.defaultMemoryBudget {
                print("\(layout): skipped, its encoders would hold about \(encoderBytes >> 20) MiB beside the frames")
                continue
            }
            measured.append(try render(workload, timeline, frames: range, layout: layout, source: source))
        }
        printTable(alone: alone, layouts: measured)
        if let fastest = choice(measured) {
            print("Chosen here: \(fastest.layout) (the fastest measured"
                  + String(format: ", %.2f s wall, %.2f CPU s)", fastest.wall, fastest.cpu))
        }
        ManycoreModel(measured: measured, cores: ProcessInfo.processInfo.activeProcessorCount)?
            .printPrediction(cores: settings.cores, frames: count)
    }

    /// libx264 alone on the frames, one encode with `threads` frame threads.
    static func x264Alone(_ workload: Workload, _ timeline: Timeline, _ source: [YUVFrame], threads: Int) throws -> Measurement {
        let url = WorkloadChild.temporaryFile("\(workload.id)-manycore-x264-\(threads).mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        var options = workload.options
        options.encoderThreads = threads
        let (_, wall, cpu, others) = try Clock.measureWithOthers {
            try WorkloadChild.encodeAsRenderDoes(source, to: url, timeline: timeline, options: options)
        }
        return Measurement(layout: Layout(encoders: 0, threads: threads), wall: wall, cpu: cpu, others: others,
                           bytes: WorkloadChild.fileSize(url) ?? 0,
                           psnr: try EncoderSettingsBenchmark.decodedPSNR(url, against: source), segments: nil)
    }

    /// The frames rendered end to end, cut into `layout.encoders` segments of whole keyframe intervals,
    /// all encoded at once.
    static func render(_ workload: Workload, _ timeline: Timeline, frames: ClosedRange<Int>, layout: Layout,
                       source: [YUVFrame]) throws -> Measurement {
        let url = WorkloadChild.temporaryFile("\(workload.id)-manycore-\(layout.encoders)x\(layout.threads).mp4")
        defer { try? FileManager.default.removeItem(at: url) }
        var options = workload.options
        options.encoderThreads = layout.threads
        var segmenting = Segmenting(atOnce: layout.encoders)
        if layout.encoders > 1 {
            // A keyframe interval of a segment's length, and segments a little shorter than it asked
            // for, so the clip is cut on every interval: E segments.
            let interval = max(1, frames.count / layout.encoders)
            let fps = timeline.fps.framesPerSecond
            options.keyframeInterval = Double(interval) / fps
            segmenting.rules = SegmentLayout.Rules(segmentSeconds: (Double(interval) - 0.5) / fps)
        } else {
            segmenting.allowed = false
        }
        let (report, wall, cpu, others) = try Clock.measureWithOthers {
            try FlipbookRender.render(timeline, frames: frames, to: url, options: options, segmenting: segmenting)
        }
        return Measurement(layout: layout, wall: wall, cpu: cpu, others: others, bytes: WorkloadChild.fileSize(url) ?? 0,
                           psnr: try EncoderSettingsBenchmark.decodedPSNR(url, against: source), segments: report.segments)
    }

    static func printTable(alone: [Measurement], layouts: [Measurement]) {
        print("| Layout | Segments | Wall s | CPU s | Cores busy | Others' CPU s | Size (bytes) | PSNR dB |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for m in alone + layouts {
            let name = m.layout.encoders == 0 ? "x264 alone, \(m.layout.threads) threads" : "\(m.layout)"
            print(String(format: "| %@ | %d | %.2f | %.2f | %.2f | %@ | %d | %.3f |", name, m.segments?.layout.count ?? 1,
                         m.wall, m.cpu, m.busy, m.others.map { String(format: "%.2f", $0) } ?? "?", m.bytes, m.psnr))
        }
    }

    /// The fastest layout, or among those within 2 % of it the one using the least CPU.
    static func choice(_ measured: [Measurement]) -> Measurement? {
        guard let fastest = measured.map(\.wall).min() else { return nil }
        return measured.filter { $0.wall <= fastest * 1.02 }.min { $0.cpu < $1.cpu }
    }
}
