import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook settings [--json | --markdown]`: the settings table, printed from the library's
    /// rows (``Settings``), so it cannot drift from the flags, keys and checks made from them.
    struct SettingsTable: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "settings",
            abstract: "List every setting: its file key, flag, type, default, range (per codec), where it applies, and help.",
            discussion: """
                The same rows make the options of render and still, the keys of batch and scene files, \
                and the messages of their checks. --json prints them for tools; --markdown as the \
                README's table, followed by the table of output formats.
                """)

        @Flag(help: "Print the table as JSON.")
        var json = false

        @Flag(help: "Print the settings and output formats as Markdown tables.")
        var markdown = false

        func validate() throws {
            if json, markdown { throw ValidationError("--json and --markdown each choose the output; give one.") }
        }

        func run() throws {
            if json {
                print(try Settings.json())
            } else if markdown {
                print(Settings.markdownTable + "\n\n" + Settings.formatTable)
            } else {
                print(Settings.listing)
            }
        }
    }
}
