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
        @OptionGroup var watching: WatchOption
        @Option(name: Setting.time.name, parsing: .unconditional, help: Setting.time.argumentHelp())
        var time: Double?
        @Option(name: Setting.frame.name, parsing: .unconditional, help: Setting.frame.argumentHelp(valueName: "N"))
        var frame: Int?
        @Option(name: Setting.pngCompression.name, parsing: .unconditional, help: Setting.pngCompression.argumentHelp())
        var pngCompression: Int?
        @Option(name: [.short, .long], help: Setting.output.argumentHelp(valueName: "out.png|out.pdf|out.svg"))
        var output: String
        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        var givenFlags: Set<String> { givenSettingFlags.union(scene.givenFlags).union(["--output"]) }

        func run() throws {
            try watching.run(scene: scene.scene) { try renderOnce() }
        }

        func renderOnce() throws {
            let plan = try placingErrors(given: givenFlags) {
                var request = try applied(to: RenderRequest(scene: SceneRequest(scene: scene.scene), output: output))
                request.scene.parameterValues = try scene.parameterValues()
                let plan = try request.plan(expecting: .still)
                printWarnings(of: plan.timeline, quiet: quiet)
                try plan.run(cancellation: Interruption.shared.cancellation)
                return plan
            }
            let url = plan.destination
            Interruption.shared.keep(url)
            if !quiet {
                print("Wrote \(url.path) (\(frame.map { "frame \($0), " } ?? "")t = \(formatNumber(plan.still?.time ?? 0)) s)")
            }
        }
    }
}
