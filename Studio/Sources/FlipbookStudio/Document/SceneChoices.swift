import Flipbook
import Foundation

/// The scenes the page can open: the built-in scenes (``SceneRequest/builtInScenes``, the names
/// `flipbook render NAME` takes) and the scene files in the studio's folder, JSON scene files and
/// Lottie animations (`.json`, `.lottie`). Only that folder is listed, never a folder inside it;
/// a hidden file or a symbolic link is left out, so nothing outside the folder can be opened.
struct SceneChoices: Codable, Sendable {
    struct Choice: Codable, Sendable, Equatable {
        /// What the page shows and sends back: a built-in scene's name or a file's name.
        var name: String
        /// `built-in` or `file`.
        var kind: String
    }

    /// The folder the files are listed from, as the command line gave it (`.` for the current one).
    var folder: String
    /// The scene open now, by the name ``choices`` gives it (a file's name); `nil` before one is chosen.
    var current: String?
    var choices: [Choice]

    /// The extensions of the files listed.
    static let fileExtensions: Set<String> = ["json", LottieAnimation.containerExtension]

    /// The built-in scenes, then the folder's scene files by name.
    static func list(in folder: URL) -> [Choice] {
        SceneRequest.builtInScenes.map { Choice(name: $0, kind: "built-in") }
            + FolderListing.names(in: folder, extensions: fileExtensions).map { Choice(name: $0, kind: "file") }
    }

    /// The scene to open for `name`, one of ``list(in:)``: a built-in scene's name as it is, a file's
    /// name joined to `folderText`, the folder as the command line gave it.
    ///
    /// - Throws: ``StudioError`` 404 for anything else: a path, `..`, a link, a file of another kind.
    static func scene(named name: String, folder: URL, folderText: String) throws -> String {
        guard let choice = list(in: folder).first(where: { $0.name == name }) else {
            throw StudioError(status: 404, "'\(name.prefix(200))' is not a scene the studio offers: choose a built-in scene "
                              + "(\(SceneRequest.builtInScenes.joined(separator: ", "))) or a .json or .lottie file in \(folderText).")
        }
        guard choice.kind == "file" else { return choice.name }
        return folderText == "." ? choice.name : (folderText as NSString).appendingPathComponent(choice.name)
    }
}
