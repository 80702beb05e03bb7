import Flipbook
import Foundation

/// The data files beside a template (CSV, JSON Lines), whose rows the page can pick to preview.
enum DataFiles {
    /// The most rows sent to the page from one file.
    static let maximumRows = 1000

    /// The names of the data files in `sceneFile`'s folder, sorted.
    static func beside(_ sceneFile: URL) -> [String] {
        FolderListing.names(in: sceneFile.deletingLastPathComponent(), extensions: ["csv", "jsonl"])
    }

    /// The rows of the data file `name` beside `sceneFile`: only a name the folder lists is read.
    ///
    /// - Throws: ``StudioError`` 404 for a name that is not one of ``beside(_:)``; the reader's
    ///   ``FlipbookError`` for a file that does not read.
    static func rows(named name: String, beside sceneFile: URL) throws -> (columns: [String], rows: [[String: String]]) {
        guard beside(sceneFile).contains(name) else {
            throw StudioError(status: 404, "'\(name)' is not a data file in the scene's folder.")
        }
        let data = try TemplateData.load(from: sceneFile.deletingLastPathComponent().appendingPathComponent(name))
        return (data.columns, data.rows.prefix(maximumRows).map(\.values))
    }
}
