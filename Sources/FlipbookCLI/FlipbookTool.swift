import ArgumentParser
import Flipbook
import Foundation

/// The `flipbook` command: renders scenes to MP4 clips and stills.
struct FlipbookTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Render animated scenes to video (MP4, MOV, WebM, MKV), animations (GIF, APNG, WebP), PNG sequences and PNG, PDF or SVG stills.",
        discussion: """
            A scene is a built-in effect (confetti, ripples) or a JSON scene file describing a whole \
            timeline. Run `flipbook scenes` to see each scene's parameters and defaults.

            Exit statuses: \(ExitStatus.documentation)
            """,
        version: FlipbookVersion.current,
        subcommands: [Render.self, Still.self, Sheet.self, Batch.self, Scenes.self, SettingsTable.self, Concat.self, Compare.self,
                      Studio.self, Captions.self, BundleScene.self, Serve.self,
                      Check.self, Skill.self, MCP.self]
    )

    /// The names a subcommand may be called by.
    static var subcommandNames: [String] { configuration.subcommands.map { $0._commandName } }

    /// Parses a command line (without the program's name) the way `flipbook` does: a word where a
    /// subcommand belongs that is not one is reported with the subcommand meant ("Unknown
    /// subcommand 'rendr'. Did you mean 'render'?") instead of the parser's "Unexpected argument".
    static func parseCommandLine(_ arguments: [String]) throws -> any ParsableCommand {
        if let first = arguments.first, !first.hasPrefix("-"), first != "help", !subcommandNames.contains(first) {
            throw ValidationError("Unknown subcommand '\(first)'.\(didYouMean(first, among: subcommandNames))")
        }
        return try parseAsRoot(arguments)
    }
}
