import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook still`: one moment of a scene to PNG, PDF or SVG. It has no `--fps` and no encoder
    /// options: they change nothing in a still.
    struct Still: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render one moment of a scene to a PNG, PDF or SVG still.",
            discussion: """
                The format follows the output's extension. PNG is a raster at the scene's pixel size; \
                PDF and SVG are vector files at the canvas size in points.

                Examples:
                  flipbook still confetti \\
                      --time 0.8 -o confetti.png
                  flipbook still party.json \\
                      --time 1.2 -o party.pdf
                  flipbook still confetti \\
                      --frame 48 -o frame48.png
                """)

        @OptionGroup var scene: SceneOptions
        @Option(parsing: .unconditional,
                help: "The moment to draw, in seconds from the start: 0 up to the clip's length. (default: 0)")
        var time: Double?
        @Option(parsing: .unconditional, help: ArgumentHelp(
            "The frame to draw instead of --time, counted from 0 at the scene's frame rate.", valueName: "N"))
        var frame: Int?
        @Option(name: .shortAndLong, help: ArgumentHelp("The still to write.", valueName: "out.png|out.pdf|out.svg"))
        var output: String
        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        var givenFlags: Set<String> {
            var flags = scene.givenFlags.union(["--output"])
            if time != nil { flags.insert("--time") }
            if frame != nil { flags.insert("--frame") }
            return flags
        }

        /// The time to draw: `--time`, or `--frame`'s exact start (``Timeline/time(ofFrame:)``).
        func moment(in timeline: Timeline) throws -> TimeInterval {
            guard let frame else { return time ?? 0 }
            guard time == nil else {
                throw FlipbookError(invalid: "frame", "and --time both say which moment to draw; give one of them.",
                                    at: .init(keyPath: "frame"))
            }
            guard (0..<timeline.frameCount).contains(frame) else {
                throw FlipbookError(
                    invalid: "frame",
                    "must be between 0 and \(timeline.frameCount - 1): the clip has \(timeline.frameCount) frames "
                        + "(\(formatNumber(timeline.duration)) s at \(timeline.fps) fps); it is \(frame).",
                    at: .init(keyPath: "frame"))
            }
            return timeline.time(ofFrame: frame)
        }

        func run() throws {
            let (url, moment) = try placingErrors(given: givenFlags) {
                let url = try checkOutput(output, allowed: BatchJob.stillExtensions, what: "a still")
                let timeline = try scene.request().makeTimeline()
                let moment = try self.moment(in: timeline)
                try renderStill(timeline, at: moment, to: url, cancellation: Interruption.shared.cancellation)
                return (url, moment)
            }
            Interruption.shared.keep(url)
            if !quiet {
                print("Wrote \(url.path) (\(frame.map { "frame \($0), " } ?? "")t = \(formatNumber(moment)) s)")
            }
        }
    }
}
