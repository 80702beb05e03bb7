import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook scenes [NAME] [--json]`: the scene-file keys, their types, defaults, ranges and help,
    /// printed from the library's parameter tables (``SceneReference``), so it cannot drift from the code.
    struct Scenes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the scenes and the keys of a scene file, with defaults and ranges.",
            discussion: """
                With no NAME: the scenes, and the keys of a scene file's top level and of every layer. \
                With a NAME (confetti, ripples, shape, image or group): that scene's keys. --json prints the same facts \
                (key, type, default, range, unit, help) for tools.
                """)

        @Argument(help: ArgumentHelp("A scene whose keys to list.", valueName: "confetti|ripples|shape|image|group"))
        var scene: String?

        @Flag(help: "Print a machine-readable JSON description instead of text.")
        var json = false

        func run() throws {
            // An unknown scene throws a FlipbookError of kind .invalidInput with a suggestion.
            print(json ? try SceneReference.json(scene: scene) : try SceneReference.listing(scene: scene))
        }
    }
}
