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
                With a NAME (\(SceneFile.Layer.sceneNames.joined(separator: ", ").replacingLastComma())): that scene's keys. With a scene FILE: the template \
                parameters it declares, which render --set and batch --data give values. --json prints \
                the same facts (key, type, default, range, unit, help) for tools.
                """)

        @Argument(help: ArgumentHelp("A scene whose keys to list, or a scene file whose parameters to list.",
                                     valueName: SceneFile.Layer.sceneNames.joined(separator: "|") + "|FILE.json"))
        var scene: String?

        @Flag(help: "Print a machine-readable JSON description instead of text.")
        var json = false

        func run() throws {
            if let scene, !SceneRequest.builtInScenes.contains(scene.lowercased()),
               scene.lowercased().hasSuffix(".json") || FileManager.default.fileExists(atPath: scene) {
                let file = try SceneRequest(scene: scene).readSceneFile()
                if json { print(try SceneReference.json(parametersOf: file)); return }
                var text = SceneReference.listing(parametersOf: file, named: scene)
                if let times = try SceneReference.layerTimes(of: file) { text += "\n\n" + times }
                print(text)
                return
            }
            // An unknown scene throws a FlipbookError of kind .invalidInput with a suggestion.
            print(json ? try SceneReference.json(scene: scene) : try SceneReference.listing(scene: scene))
        }
    }
}
