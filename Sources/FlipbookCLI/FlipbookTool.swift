import ArgumentParser

/// The `flipbook` command: renders scenes to MP4 clips and stills.
struct FlipbookTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Render animated scenes to H.264 MP4 clips and PNG, PDF or SVG stills.",
        discussion: """
            A scene is a built-in effect (confetti, ripples) or a JSON scene file describing a whole \
            timeline. Run `flipbook scenes` to see each scene's parameters and defaults.

            Exit codes: 0 success, 1 a render failed, 2 a usage error (bad option, bad scene file).
            """,
        version: "0.1.0",
        subcommands: [Render.self, Still.self, Batch.self, Scenes.self]
    )
}
