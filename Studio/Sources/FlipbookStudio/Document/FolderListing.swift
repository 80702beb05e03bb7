import Foundation

/// The files of one folder the page may name: regular, visible files directly in it (never in a
/// folder inside it, never a symbolic link, which could point anywhere), with one of the given
/// extensions. Scene files, data files and images are offered, and accepted back, only from here.
enum FolderListing {
    /// The names, sorted, of the files in `folder` whose extension (any case) is in `extensions`.
    static func names(in folder: URL, extensions: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            guard !name.hasPrefix("."), extensions.contains((name as NSString).pathExtension.lowercased()) else { return false }
            // attributesOfItem does not follow a link: a link is .typeSymbolicLink, never .typeRegular.
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            return attributes?[.type] as? FileAttributeType == .typeRegular
        }.sorted()
    }

    /// The images in `folder` an image parameter can name: the kinds an upload may be.
    static func images(in folder: URL) -> [String] {
        names(in: folder, extensions: ImageUploads.extensions)
    }
}
