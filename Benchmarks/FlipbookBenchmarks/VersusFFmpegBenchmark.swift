import Flipbook
import FlipbookVideo
import Foundation

/// `flipbook render` against the `ffmpeg` command, as people run them: for B1–B3, the whole
/// `flipbook render` process (start, drawing, encoding) against `ffmpeg` encoding the same frames,
/// already drawn and dumped as raw yuv420p to /dev/shm (YUVDump), with `-c:v libx264 -preset P
/// -crf 20` and the tags and faststart Flipbook writes; alternating, medians of `--runs`; each file's
/// size and PSNR against those raw frames (ffmpeg's `psnr` filter, Y, U and V averaged).
///
/// A third command is the same `ffmpeg` with x264 given Flipbook's CPU mask (`-x264-params asm=…`,
/// every SIMD extension but AVX-512, see X264CPUFlags.swift): the encoder as Flipbook runs it, so the
/// table separates what the mask costs from what Flipbook's drawing and threads cost.
///
///   flipbook-bench versus-ffmpeg [--runs 3] [--ffmpeg /usr/bin/ffmpeg] [B1 B2 B3]
enum VersusFFmpegBenchmark {
    static func run(_ arguments: [String]) throws {
        var runs = 3, ffmpeg = "/usr/bin/ffmpeg", ids: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": runs = Int(rest.popFirst() ?? "") ?? runs
            case "--ffmpeg": ffmpeg = rest.popFirst() ?? ffmpeg
            default: ids.append(argument)
            }
        }
        let tool = URL(fileURLWithPath: ffmpeg)
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            throw BenchError("no ffmpeg at \(ffmpeg) (apt-get install -y ffmpeg, or --ffmpeg PATH)")
        }
        let workloads = (ids.isEmpty ? ["B1", "B2", "B3"] : ids).compactMap(Workload.named)
        print("versus-ffmpeg: \(Machine.description()); load \(Clock.loadAverage()); \(runs) alternating runs each")
        var rows: [String] = []
        for workload in workloads {
            rows.append(try compare(workload, ffmpeg: tool, runs: runs))
        }
        print("\n| Workload | Frames | `flipbook render`: wall s (CPU s) | fps | `ffmpeg` encoding the frames: wall s (CPU s) | fps | flipbook ÷ ffmpeg wall | `ffmpeg`, x264 without AVX-512: wall s (CPU s) | flipbook ÷ that wall | Size flipbook / ffmpeg (MB) | PSNR flipbook / ffmpeg (dB) |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        rows.forEach { print($0) }
    }

    static func compare(_ workload: Workload, ffmpeg: URL, runs: Int) throws -> String {
        let timeline = try workload.timeline()
        let size = "\(timeline.pixelWidth)x\(timeline.pixelHeight)"
        let shm = URL(fileURLWithPath: "/dev/shm").appendingPathComponent("flipbook-bench-\(getpid())-\(workload.id).yuv")
        defer { try? FileManager.default.removeItem(at: shm) }
        try YUVDump.run([workload.id, shm.path])
        let ours = WorkloadChild.temporaryFile("\(workload.id)-flipbook.mp4")
        let theirs = WorkloadChild.temporaryFile("\(workload.id)-ffmpeg.mp4")
        defer {
            try? FileManager.default.removeItem(at: ours)
            try? FileManager.default.removeItem(at: theirs)
        }
        let flipbookArguments = ["render", CommandRun.fixture(workload).path, "-o", ours.path, "--preset", workload.preset, "-q"]
        let ffmpegArguments = [
            "-y", "-v", "error", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", size, "-r", timeline.fps.description,
            "-i", shm.path, "-c:v", "libx264", "-preset", workload.preset, "-crf", "20", "-pix_fmt", "yuv420p",
            "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv",
            "-movflags", "+faststart", theirs.path,
        ]
        // The same command with x264 held to Flipbook's CPU mask; where x264 has no mask (off x86) it is
        // the plain command again.
        let maskedArguments = x264CPUFlagsWithoutAVX512().map { mask in
            var arguments = ffmpegArguments
            arguments.insert(contentsOf: ["-x264-params", "asm=\(mask)"], at: arguments.count - 1)
            return arguments
        } ?? ffmpegArguments
        var a: [(wall: Double, cpu: Double)] = [], b: [(wall: Double, cpu: Double)] = [], c: [(wall: Double, cpu: Double)] = []
        for _ in 0..<max(1, runs) {
            let x = try CommandRun.run(CommandRun.flipbook, flipbookArguments)
            guard x.status == 0 else { throw BenchError("flipbook render failed: \(x.error)") }
            a.append((x.wall, x.cpu))
            let y = try CommandRun.run(ffmpeg, ffmpegArguments)
            guard y.status == 0 else { throw BenchError("ffmpeg failed: \(y.error)") }
            b.append((y.wall, y.cpu))
            let z = try CommandRun.run(ffmpeg, maskedArguments)
            guard z.status == 0 else { throw BenchError("ffmpeg with x264's mask failed: \(z.error)") }
            c.append((z.wall, z.cpu))
        }
        let psnrOurs = try psnr(ours, raw: shm, size: size, fps: timeline.fps.description, ffmpeg: ffmpeg)
        let psnrTheirs = try psnr(theirs, raw: shm, size: size, fps: timeline.fps.description, ffmpeg: ffmpeg)
        let frames = timeline.frameCount
        let wallA = SegmentBenchmark.median(a.map(\.wall)), cpuA = SegmentBenchmark.median(a.map(\.cpu))
        let wallB = SegmentBenchmark.median(b.map(\.wall)), cpuB = SegmentBenchmark.median(b.map(\.cpu))
        let wallC = SegmentBenchmark.median(c.map(\.wall)), cpuC = SegmentBenchmark.median(c.map(\.cpu))
        let mb = { (url: URL) in Double(WorkloadChild.fileSize(url) ?? 0) / 1e6 }
        let row = String(format: "| %@ %@ (%@) | %d | %.2f (%.2f) | %.1f | %.2f (%.2f) | %.1f | %.2f | %.2f (%.2f) | %.2f | %.2f / %.2f | %.2f / %.2f |",
                         workload.id, workload.name, workload.preset, frames, wallA, cpuA, Double(frames) / wallA,
                         wallB, cpuB, Double(frames) / wallB, wallA / wallB, wallC, cpuC, wallA / wallC,
                         mb(ours), mb(theirs), psnrOurs, psnrTheirs)
        print(row)
        return row
    }

    /// The average PSNR of `url` against the raw frames, by ffmpeg's `psnr` filter.
    static func psnr(_ url: URL, raw: URL, size: String, fps: String, ffmpeg: URL) throws -> Double {
        let run = try CommandRun.run(ffmpeg, [
            "-v", "info", "-nostats", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", size, "-r", fps,
            "-i", raw.path, "-lavfi", "[0:v][1:v]psnr", "-f", "null", "-",
        ])
        guard let range = run.error.range(of: "average:") else { throw BenchError("no PSNR from ffmpeg: \(run.error)") }
        let text = run.error[range.upperBound...].prefix { !$0.isWhitespace }
        guard let value = Double(text) ?? (text == "inf" ? .infinity : nil) else { throw BenchError("PSNR '\(text)'") }
        return value
    }
}
