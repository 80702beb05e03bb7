import ArgumentParser
import Flipbook
import Foundation

extension FlipbookTool {
    /// `flipbook bundle`: a scene file with every file it reads in one `.fbz` (``SceneBundle``).
    struct BundleScene: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bundle",
            abstract: "Pack a scene file with every file it reads into one .fbz bundle.",
            discussion: """
                The bundle holds the scene file, the images, sounds, captions, Lottie files and asset \
                catalogs it names (at their paths relative to it), copies of the installed font families \
                it names, and manifest.json with each file's SHA-256 and this Flipbook's version. A scene \
                a render would refuse (a file it names that does not exist) is refused with the render's \
                message, and nothing is written. render, \
                still, sheet, batch --template and serve take a bundle wherever they take a scene file; it \
                draws the same bytes on a machine where its fonts are not installed. A bundle whose files \
                do not match its manifest is refused, naming the file.

                Examples:
                  flipbook bundle card.json -o card.fbz
                  flipbook render card.fbz --set name=Ada -o card.mp4
                """)

        @Argument(help: ArgumentHelp("The scene file to pack.", valueName: "FILE.json"))
        var scene: String

        @Option(name: .shortAndLong, help: ArgumentHelp("The bundle to write.", valueName: "NAME.fbz"))
        var output: String

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            guard URL(fileURLWithPath: output).pathExtension.lowercased() == SceneBundle.fileExtension else {
                throw ValidationError("-o must name a .\(SceneBundle.fileExtension) file; it is '\(output)'.")
            }
        }

        func run() throws {
            let url = URL(fileURLWithPath: output)
            let manifest = try SceneBundle.write(scene: URL(fileURLWithPath: scene), to: url)
            guard !quiet else { return }
            let bytes = manifest.files.reduce(0) { $0 + $1.size }
            let fonts = manifest.fonts.isEmpty ? "" : " and \(manifest.fonts.count) font famil\(manifest.fonts.count == 1 ? "y" : "ies") ("
                + manifest.fonts.map(\.family).joined(separator: ", ") + ")"
            print("Wrote \(output): \(manifest.files.count) file\(manifest.files.count == 1 ? "" : "s") (\(bytes) bytes)\(fonts).")
        }
    }
}
