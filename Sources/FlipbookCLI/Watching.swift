import ArgumentParser
import Flipbook
import Foundation

/// `--watch`: run the command again whenever the scene file, or a file it names, changes.
struct WatchOption: ParsableArguments {
    @Flag(help: "Run again whenever the scene file or a file it names changes; print each result or error; Ctrl-C stops.")
    var watch = false

    /// Runs `body` once, or, with `--watch`, again after every change of the files `scene` reads
    /// (the file list read anew each time, so a newly named picture is followed too). An error is
    /// printed with its location and the watch goes on; an interruption (Ctrl-C) ends it, a render
    /// under way removing its partial file.
    func run(scene: String, _ body: () throws -> Void) throws {
        guard watch else { return try body() }
        let request = SceneRequest(scene: scene)
        guard !request.isBuiltIn else {
            throw FlipbookError(invalid: "--watch", "follows a scene file and the files it names; the built-in \(scene) scene never changes.",
                                at: .init(flag: "--watch"))
        }
        while true {
            // Made before the run, so a save during it is seen.
            let watcher = try FileChangeWatcher(files: request.watchedFiles())
            do {
                try body()
            } catch let error as FlipbookError where error.kind == .interrupted {
                throw error
            } catch {
                // `check` prints its findings, then ends with status 2: nothing more to say.
                if !(error is ExitCode) { _ = report(error) }
            }
            // Each result shows as it is made, even when standard output is a pipe.
            fflush(nil)
            printNote("watching for changes (Ctrl-C stops)")
            guard watcher.waitForChange(stop: { Interruption.shared.signal != nil }) else { Interruption.shared.finishAndExit() }
        }
    }
}

extension FlipbookTool.Sheet: InterruptibleCommand {}
extension FlipbookTool.Check: InterruptibleCommand {}
