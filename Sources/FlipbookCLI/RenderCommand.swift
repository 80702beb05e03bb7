import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook render`: a scene to an MP4 clip.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a scene to an H.264 MP4 clip.",
            // Example lines stay short: the parser wraps discussion text at the terminal's width.
            discussion: """
                Examples:
                  flipbook render confetti -o confetti.mp4
                  flipbook render ripples -o ripples.mp4 \\
                      --size 1080x1920 --scale 3 --duration 8
                  flipbook render party.json -o party.mp4 \\
                      --crf 18 --preset slow --fps 29.97
                """)

        @OptionGroup var scene: SceneOptions
        @OptionGroup var rate: FrameRateOption
        @Option(name: .shortAndLong, help: ArgumentHelp("The MP4 file to write.", valueName: "out.mp4"))
        var output: String
        @OptionGroup var encoding: EncodingOptions
        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        var givenFlags: Set<String> {
            var flags = scene.givenFlags.union(encoding.givenFlags).union(["--output"])
            if rate.fps != nil { flags.insert("--fps") }
            return flags
        }

        /// Everything checked before the first frame: the output's name, the timeline, the options
        /// and the codec's size limit.
        func prepare() throws -> (url: URL, timeline: Timeline, options: VideoOptions) {
            try placingErrors(given: givenFlags) {
                let url = try checkOutput(output, allowed: BatchJob.clipExtensions, what: "a clip")
                let request = scene.request(fps: rate.fps)
                let timeline = try request.makeTimeline()
                let options = try encoding.videoOptions()
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
                try render(
                    timeline, to: url, options: options, workers: encoding.workers,
                    cancellation: Interruption.shared.cancellation, progress: { printer.update($0) })
            }
            printer.end()
            Interruption.shared.keep(url)
            if !quiet {
                print(String(
                    format: "Wrote %@ (%d frames, %dx%d, %.2f s) in %@, %.1f fps",
                    url.path, report.frameCount, timeline.pixelWidth, timeline.pixelHeight,
                    report.duration, formatDuration(report.wallTime), report.framesPerSecond))
            }
        }
    }
}
