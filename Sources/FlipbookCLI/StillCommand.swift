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
                  flipbook still confetti --time 0.8 -o confetti.png
                  flipbook still party.json --time 1.2 -o party.pdf
                """)

        @OptionGroup var scene: SceneOptions
        @Option(parsing: .unconditional,
                help: "The moment to draw, in seconds from the start: 0 up to the clip's length. (default: 0)")
        var time: Double?
        @Option(name: .shortAndLong, help: ArgumentHelp("The still to write.", valueName: "out.png|out.pdf|out.svg"))
        var output: String
        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        var givenFlags: Set<String> {
            var flags = scene.givenFlags.union(["--output"])
            if time != nil { flags.insert("--time") }
            return flags
        }

        func run() throws {
            let url = try placingErrors(given: givenFlags) {
                let url = try checkOutput(output, allowed: BatchJob.stillExtensions, what: "a still")
                let timeline = try scene.request().makeTimeline()
                try renderStill(timeline, at: time ?? 0, to: url, cancellation: Interruption.shared.cancellation)
                return url
            }
            Interruption.shared.keep(url)
            if !quiet {
                print("Wrote \(url.path) (t = \(formatNumber(time ?? 0)) s)")
            }
        }
    }
}
