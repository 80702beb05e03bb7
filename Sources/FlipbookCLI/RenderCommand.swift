import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook render`: a scene to a video clip, an animation or a PNG sequence.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a scene to a video ("
                + VideoContainer.allCases.filter(\.capabilities.joinsByRemuxing).flatMap(\.capabilities.extensions)
                    .map { "." + $0 }.joined(separator: " ")
                + "), an animation ("
                + VideoContainer.allCases.filter { $0.capabilities.loopOption != nil }.map { $0.displayName(short: false) }
                    .joined(separator: " ")
                + ") or PNGs (name-%05d.png).",
            // Example lines stay short: the parser wraps discussion text at the terminal's width.
            discussion: """
                The output's extension picks the format and its default codec; --codec and --format \
                pick others. Repeat -o for several outputs from one drawing: each file is the same \
                bytes as rendered alone.

                Examples:
                  flipbook render confetti -o c.mp4
                  flipbook render ripples -o r.mp4 \\
                      --size 1080x1920 --scale 3 \\
                      --duration 8
                  flipbook render party.json \\
                      -o party.mp4 --preset slow \\
                      --fps 29.97
                  flipbook render confetti \\
                      -o overlay.webm \\
                      --background transparent
                  flipbook render confetti \\
                      -o f-%05d.png --frames 60-119
                  flipbook render party.json \\
                      -o site.mp4 -o overlay.webm \\
                      -o readme.gif
                  flipbook render party.json \\
                      -o 'part-{chunk}.mp4' \\
                      --chunk auto/auto
                """)

        @OptionGroup var scene: SceneOptions
        @OptionGroup var rate: FrameRateOption
        @Option(name: [.short, .long], help: Setting.output.argumentHelp(valueName: "out.mp4|name-%05d.png"))
        var output: [String] = []
        @Option(name: Setting.frames.name, help: Setting.frames.argumentHelp(valueName: "A-B"))
        var frames: FrameRangeArgument?
        @Option(name: Setting.chunk.name, help: Setting.chunk.argumentHelp(valueName: "K/N|auto/N|auto/auto"))
        var chunk: String?
        @OptionGroup var encoding: EncodingOptions
        @OptionGroup var segments: SegmentOptions
        @OptionGroup var watching: WatchOption
        @Flag(help: "Print the output plan (container, codec, pixel format, frames, encoder settings) and draw nothing.")
        var dryRun = false
        @Flag(help: "With --dry-run, print the plan as JSON.")
        var json = false
        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        var givenFlags: Set<String> {
            var flags = givenSettingFlags.union(scene.givenFlags).union(segments.givenFlags).union(["--output"])
            if encoding.workers != nil, let workers = Setting.workers.option { flags.insert(workers) }
            return flags
        }

        func validate() throws {
            if output.isEmpty { throw ValidationError("Missing expected argument '--output <out.mp4|name-%05d.png>'") }
            if chunk != nil, output.count > 1 {
                throw ValidationError("--chunk writes one part of one clip; give a single -o with it.")
            }
            if chunk != nil, frames != nil {
                throw ValidationError("--chunk and --frames cannot be used together: a chunk is its own range of frames.")
            }
            if json, !dryRun { throw ValidationError("--json prints the plan of --dry-run; give --dry-run too.") }
        }

        /// The command line as a request: the same path to a plan as a batch job's.
        func request() throws -> RenderRequest {
            try placingErrors(given: givenFlags) {
                var request = try applied(to: RenderRequest(scene: SceneRequest(scene: scene.scene), output: output[0]))
                request.scene.parameterValues = try scene.parameterValues()
                return request
            }
        }

        /// Everything decided before the first frame (``RenderRequest/plan(relativeTo:expecting:)``).
        func plan() throws -> OutputPlan {
            let request = try request()
            return segments.applied(to: try placingErrors(given: givenFlags, written: writtenByFlag(request)) {
                try request.plan(expecting: .clip)
            })
        }

        /// The plans of several outputs drawn together.
        func plans() throws -> [OutputPlan] {
            let request = try request()
            return try placingErrors(given: givenFlags, written: writtenByFlag(request)) {
                do {
                    return try request.plans(outputs: output, expecting: .clip).map { segments.applied(to: $0) }
                } catch let error as FlipbookError where error.location.keyPath == "outputs" {
                    throw error.at(flag: "--output")
                }
            }
        }

        func run() throws {
            try watching.run(scene: scene.scene) { try renderOnce() }
        }

        func renderOnce() throws {
            guard output.count == 1 else { return try runSeveral() }
            let plan = try plan()
            try placingErrors(given: givenFlags) { try checkWorkers(encoding.workers) }
            printWarnings(of: plan.timeline, quiet: quiet)
            if dryRun {
                print(json ? try plan.json() : plan.summary)
                return
            }
            let url = plan.destination
            let printer = ProgressPrinter(style: .automatic(quiet: quiet), label: url.lastPathComponent)
            let report = try placingErrors(given: givenFlags) {
                try plan.run(workers: encoding.workers, cancellation: Interruption.shared.cancellation,
                             progress: { printer.update($0) })
            }
            printer.end()
            Interruption.shared.keep(url)
            if !quiet { printSummary(report, url: url, range: chunk != nil ? report.frames : frames?.frames) }
        }

        /// `-o a.mp4 -o b.webm -o c.gif`: one drawing, a summary line per output.
        func runSeveral() throws {
            let plans = try plans()
            try placingErrors(given: givenFlags) { try checkWorkers(encoding.workers) }
            if let first = plans.first { printWarnings(of: first.timeline, quiet: quiet) }
            if dryRun {
                print(json ? "[\n" + (try plans.map { try $0.json() }.joined(separator: ",\n")) + "\n]"
                           : plans.map(\.summary).joined(separator: "\n\n"))
                return
            }
            let printer = ProgressPrinter(style: .automatic(quiet: quiet),
                                          label: plans.map(\.destination.lastPathComponent).joined(separator: ", "))
            let reports = try placingErrors(given: givenFlags) {
                try OutputPlan.run(together: plans, workers: encoding.workers,
                                   cancellation: Interruption.shared.cancellation, progress: { printer.update($0) })
            }
            printer.end()
            for (plan, report) in zip(plans, reports) {
                Interruption.shared.keep(plan.destination)
                if !quiet { printSummary(report, url: plan.destination, range: frames?.frames) }
            }
        }

        /// The summary line and the notes of one output.
        func printSummary(_ report: RenderReport, url: URL, range: ClosedRange<Int>?) {
            print(summaryLine(report, url: url, range: range))
            if let note = report.timingNote { print("GIF timing: \(note)") }
            if let note = report.rateCapNote { print("Bit rate: \(note)") }
            if let note = report.levelNote { print("Level: \(note)") }
            if report.format?.codec.capabilities.hasThreads == true,
               report.encoderThreads == VideoOptions.automaticEncoderThreads {
                print("Threads: \(VideoOptions.automaticThreadsNote)")
            }
            if let note = report.audioNote { print("Sound: \(note)") }
            if let segments = report.segments, let cache = segments.cacheDirectory {
                let noun = segments.layout.count == 1 ? "segment" : "segments"
                print("Cache: \(segments.reusedCount) of \(segments.layout.count) \(noun) reused from \(cache.path).")
            } else if self.segments.cache != nil {
                print("Cache: \(SegmentCache.notUsedNote)")
            }
        }
    }
}

/// "Wrote out.webm (VP9 yuva420p, 6 frames, 64x48, 0.60 s) in 1.2 s, 5.0 fps": what was written,
/// as which codec and pixel format, at which size; `range` names the frames `--frames` asked for.
func summaryLine(_ report: RenderReport, url: URL, range: ClosedRange<Int>? = nil) -> String {
    let level = report.level.map { "level \($0), " } ?? ""
    let codec = report.format.map { "\($0.codec.capabilities.displayName) \($0.pixelFormat.rawValue), \(level)" } ?? ""
    let frames = range.map { "frames \($0.lowerBound)-\($0.upperBound): " } ?? ""
    return String(
        format: "Wrote %@ (%@%@%d frames, %dx%d, %.2f s) in %@, %.1f fps",
        url.path, codec, frames, report.frameCount, report.pixelWidth, report.pixelHeight,
        report.duration, formatDuration(report.wallTime), report.framesPerSecond)
}
