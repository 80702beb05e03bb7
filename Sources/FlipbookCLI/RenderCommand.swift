import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook render`: a scene to a video clip, an animation or a PNG sequence.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a scene to a video (.mp4 .m4v .mov .webm .mkv), an animation (.gif .apng .webp) or PNGs (name-%05d.png).",
            // Example lines stay short: the parser wraps discussion text at the terminal's width.
            discussion: """
                The output's extension picks the format and its default codec; --codec and --format \
                pick others.

                Examples:
                  flipbook render confetti -o c.mp4
                  flipbook render ripples -o r.mp4 \\
                      --size 1080x1920 --scale 3 \\
                      --duration 8
                  flipbook render party.json \\
                      -o party.mp4 --crf 18 \\
                      --preset slow --fps 29.97
                  flipbook render confetti \\
                      -o overlay.webm \\
                      --background transparent
                  flipbook render confetti \\
                      -o f-%05d.png --frames 60-119
                  flipbook render party.json \\
                      -o 'part-{chunk}.mp4' \\
                      --chunk auto/auto
                """)

        @OptionGroup var scene: SceneOptions
        @OptionGroup var rate: FrameRateOption
        @Option(name: .shortAndLong, help: ArgumentHelp("The file to write.", valueName: "out.mp4|name-%05d.png"))
        var output: String
        @Option(help: ArgumentHelp(
            "Render only these frames, inclusive and counted from 0, as a clip starting at time 0.", valueName: "A-B"))
        var frames: FrameRangeArgument?
        @Option(help: ArgumentHelp(
            "Render the K-th of N parts of the clip (from 1), timestamps continuing the whole clip's, for "
                + "`flipbook concat` to join. auto takes K from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX, "
                + "N auto from SLURM_ARRAY_TASK_COUNT. {chunk} in --output becomes K, zero-padded.",
            valueName: "K/N|auto/N|auto/auto"))
        var chunk: String?
        @OptionGroup var encoding: EncodingOptions
        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        var givenFlags: Set<String> {
            var flags = scene.givenFlags.union(encoding.givenFlags).union(["--output"])
            if rate.fps != nil { flags.insert("--fps") }
            if frames != nil { flags.insert("--frames") }
            if chunk != nil { flags.insert("--chunk") }
            return flags
        }

        func validate() throws {
            if chunk != nil, frames != nil {
                throw ValidationError("--chunk and --frames cannot be used together: a chunk is its own range of frames.")
            }
        }

        /// The chunk asked for, `auto` read from the job array's variables.
        func requestedChunk() throws -> Chunk? {
            try chunk.map { try Chunk(parsing: $0) }
        }

        /// Everything checked before the first frame: the output's name, the timeline, the options
        /// and the codec's size limit.
        func prepare() throws -> (url: URL, timeline: Timeline, options: VideoOptions) {
            try placingErrors(given: givenFlags) {
                let url = URL(fileURLWithPath: try requestedChunk()?.fileName(output) ?? output)
                if encoding.format == nil { _ = try VideoContainer(for: url) }
                let request = scene.request(fps: rate.fps)
                let timeline = (encoding.quality ?? .standard).applied(to: try request.makeTimeline())
                let options = try encoding.videoOptions(for: url, transparent: scene.isTransparent)
                do {
                    try OutputFormat(url: url, options: options).codec.checkFrameSize(width: timeline.pixelWidth, height: timeline.pixelHeight)
                } catch let error as FlipbookError {
                    throw request.placed(error)
                }
                return (url, timeline, options)
            }
        }

        func run() throws {
            let (url, timeline, options) = try prepare()
            let printer = ProgressPrinter(style: .automatic(quiet: quiet), label: url.lastPathComponent)
            let report = try placingErrors(given: givenFlags) {
                if let chunk = try requestedChunk() {
                    return try render(
                        timeline, chunk: chunk, to: url, options: options, scene: try sceneIdentity(),
                        workers: encoding.workers, cancellation: Interruption.shared.cancellation,
                        progress: { printer.update($0) })
                }
                if let frames {
                    return try render(
                        timeline, frames: frames.frames, to: url, options: options, workers: encoding.workers,
                        cancellation: Interruption.shared.cancellation, progress: { printer.update($0) })
                }
                return try render(
                    timeline, to: url, options: options, workers: encoding.workers,
                    cancellation: Interruption.shared.cancellation, progress: { printer.update($0) })
            }
            printer.end()
            Interruption.shared.keep(url)
            if !quiet {
                print(summaryLine(report, url: url, range: chunk != nil ? report.frames : frames?.frames))
                if let note = report.timingNote { print("GIF timing: \(note)") }
                if let note = report.rateCapNote { print("Bit rate: \(note)") }
            }
        }
    }
}

extension FlipbookTool.Render {
    /// What a chunk records as its scene: the scene file as rendered (the file or built-in scene with
    /// every override applied) and the drawing quality, so chunks of one clip agree wherever they run.
    func sceneIdentity() throws -> String {
        let file = try scene.request(fps: rate.fps).sceneFile()
        return String(decoding: try file.jsonData(), as: UTF8.self) + "quality: \((encoding.quality ?? .standard).rawValue)\n"
    }
}

/// "Wrote out.webm (VP9 yuva420p, 6 frames, 64x48, 0.60 s) in 1.2 s, 5.0 fps": what was written,
/// as which codec and pixel format, at which size; `range` names the frames `--frames` asked for.
func summaryLine(_ report: RenderReport, url: URL, range: ClosedRange<Int>? = nil) -> String {
    let codec = report.format.map { "\($0.codec.capabilities.displayName) \($0.pixelFormat.rawValue), " } ?? ""
    let frames = range.map { "frames \($0.lowerBound)-\($0.upperBound): " } ?? ""
    return String(
        format: "Wrote %@ (%@%@%d frames, %dx%d, %.2f s) in %@, %.1f fps",
        url.path, codec, frames, report.frameCount, report.pixelWidth, report.pixelHeight,
        report.duration, formatDuration(report.wallTime), report.framesPerSecond)
}
