import ArgumentParser
import Flipbook
import Foundation

extension AgentGuide.Form: ExpressibleByArgument {}

extension FlipbookTool {
    /// `flipbook skill`: instructions for coding agents (``AgentGuide``), generated from the code's
    /// tables and this command line's own commands.
    struct Skill: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print instructions for coding agents that write scene files: an agent skill (SKILL.md) or AGENTS.md.",
            discussion: """
                Generated from the tables the scene-file reader, the settings and `flipbook check` use: \
                the keys with types and ranges, the layer kinds, the commands and worked examples.

                Examples:
                  flipbook skill -o .claude/skills/flipbook/SKILL.md
                  flipbook skill --format agents -o AGENTS.md
                """)

        @Option(help: ArgumentHelp("skill: SKILL.md with a skill's front matter; agents: AGENTS.md.", valueName: "skill|agents"))
        var format: AgentGuide.Form = .skill
        @Option(name: [.short, .long], help: ArgumentHelp("The file to write. Default: standard output.", valueName: "FILE"))
        var output: String?

        /// The commands as the guide lists them: every subcommand with its abstract.
        static var commands: [AgentGuide.Command] {
            FlipbookTool.configuration.subcommands.map {
                AgentGuide.Command(name: $0._commandName, abstract: $0.configuration.abstract)
            }
        }

        func run() throws {
            let text = AgentGuide.markdown(format, commands: Self.commands)
            guard let output else {
                print(text, terminator: "")
                return
            }
            let url = URL(fileURLWithPath: output).standardizedFileURL
            do {
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                throw FlipbookError.file("Cannot write \(url.path): \(error.localizedDescription)", path: url.path)
            }
            print("Wrote \(url.path)")
        }
    }
}
