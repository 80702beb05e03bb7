import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook render`: a scene to an MP4 clip.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a scene to an H.264 MP4 clip.",
            discussion: """
                Examples:
                  flipbook render confetti -o confetti.mp4
                  flipbook render ripples -o ripples.mp4 --size 1080x1920 --scale 3 --duration 8
                  flipbook render party.json -o party.mp4 --crf 18 --preset slow
                """)

        @OptionGroup var scene: SceneOptions
        @Option(name: .shortAndLong, help: ArgumentHelp("The MP4 file to write.", valueName: "out.mp4"))
        var output: String
        @OptionGroup var encoding: EncodingOptions
        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func run() throws {
            let url = try checkOutput(output, allowed: ["mp4", "m4v"], what: "a clip")
            let timeline = try scene.timeline()
            let printer = ProgressPrinter(style: .automatic(quiet: quiet), label: url.lastPathComponent)
            let report = try render(
                timeline, to: url, options: encoding.videoOptions, workers: encoding.workers,
                progress: { printer.update($0) })
            if !quiet {
                print(String(
                    format: "Wrote %@ (%d frames, %dx%d, %.2f s) in %@, %.1f fps",
                    url.path, report.frameCount, timeline.pixelWidth, timeline.pixelHeight,
                    report.duration, formatDuration(report.wallTime), report.framesPerSecond))
            }
        }
    }

    /// `flipbook still`: one frame of a scene to PNG, PDF or SVG.
    struct Still: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render one moment of a scene to a PNG, PDF or SVG still.",
            discussion: """
                The format follows the output's extension. PNG is a raster at the scene's pixel size; \
                PDF and SVG are vector files at the canvas size in points.

                Examples:
                  flipbook still confetti --time 0.8 -o confetti.png
                  flipbook still party.json --time 1.2 -o party.pdf
                """)

        @OptionGroup var scene: SceneOptions
        @Option(help: "The moment to draw, in seconds from the start of the timeline.")
        var time: Double = 0
        @Option(name: .shortAndLong, help: ArgumentHelp("The still to write.", valueName: "out.png|out.pdf|out.svg"))
        var output: String
        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            guard time.isFinite, time >= 0 else {
                throw ValidationError("--time must be a number of seconds, 0 or more; it is \(time).")
            }
        }

        func run() throws {
            let url = try checkOutput(output, allowed: ["png", "pdf", "svg"], what: "a still")
            let timeline = try scene.timeline()
            try renderStill(timeline, at: time, to: url)
            if !quiet {
                print("Wrote \(url.path) (t = \(time) s)")
            }
        }
    }
}
