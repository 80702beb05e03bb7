import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook check FILE`: what a render would refuse and what it would draw badly, each problem
    /// once with the key to change and how (``checkScene(_:relativeTo:placing:)``).
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a scene without rendering it: errors a render would refuse, and text, layout, contrast and sound problems at sampled moments.",
            discussion: """
                Each finding is printed once with its severity, the JSON pointer of the key to change, \
                what is wrong and a fix in the file's terms. At most \(SceneCheck.limitPerRule) findings \
                of a kind are listed, then a count. Exit status 2 when a render would refuse the scene, \
                0 otherwise (warnings included).

                Examples:
                  flipbook check party.json
                  flipbook check card.json --set name=Ada --json
                  flipbook check party.json --sheet moments.png
                """)

        @OptionGroup var scene: SceneOptions
        @OptionGroup var rate: FrameRateOption
        @OptionGroup var watching: WatchOption
        @Option(name: Setting.loudness.name, parsing: .unconditional, help: Setting.loudness.argumentHelp(valueName: "LUFS"))
        var loudness: Double?
        @Flag(help: #"Print {"findings": [{"severity", "rule", "pointer", "message", "fix"}], "omitted", "moments"} as JSON."#)
        var json = false
        @Option(help: ArgumentHelp("Also write a contact sheet of the moments looked at.", valueName: "sheet.png"))
        var sheet: String?

        var givenFlags: Set<String> {
            var flags = scene.givenFlags.union(rate.written.keys)
            if loudness != nil { flags.insert("--loudness") }
            return flags
        }

        func run() throws {
            try watching.run(scene: scene.scene) { try checkOnce() }
        }

        func checkOnce() throws {
            var request = try placingErrors(given: givenFlags, written: rate.written) { try scene.request(fps: try rate.rate()) }
            request.loudness = loudness
            let given = givenFlags, written = rate.written
            let check = checkScene(request) { error in
                placedAtFlag(error, given: given, written: written) as? FlipbookError ?? error
            }
            print(json ? try check.json() : check.listing)
            if let sheet, let timeline = check.timeline {
                let url = URL(fileURLWithPath: sheet).standardizedFileURL
                try renderContactSheet(timeline, sheet: check.sheet, to: url)
                Interruption.shared.keep(url)
            }
            if check.hasErrors { throw ExitCode(ExitStatus.usage) }
        }
    }
}
