import Flipbook
import Foundation

/// Images the page's file pickers send: kept in a folder of the server's own, outside the scene's
/// folder (which is never written), used as an image parameter's value for previews and renders
/// from the page, and removed when the server stops.
///
/// An upload is taken only when it decodes as the image layer decodes it (PNG, JPEG, WebP or SVG,
/// within the bitmap's limits), and only up to ``maximumBytes``.
final class ImageUploads: @unchecked Sendable {
    // @unchecked: `count` is read and written under `lock`; `folder` never changes.
    private let lock = NSLock()
    private var count = 0
    /// The folder the uploads are kept in.
    let folder: URL

    /// The largest image taken: the limit the renderer puts on an image inside a Lottie file.
    static let maximumBytes = LottieLimits().maximumFileSize

    /// A new, empty folder in the system's temporary folder.
    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-studio-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FlipbookError(.file, "Cannot make the folder for uploaded images, \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Keeps `data`, sent as the file `name`, and returns its path.
    ///
    /// - Throws: ``StudioError`` 400 for a name without an image's extension, an empty or too large
    ///   file, or one that does not decode (with the decoder's message); 500 when it cannot be written.
    func store(_ data: Data, name: String) throws -> URL {
        let base = Self.safeName(name)
        let ext = (base as NSString).pathExtension.lowercased()
        guard Self.extensions.contains(ext) else {
            throw StudioError(status: 400, "An uploaded image must be a \(Self.extensions.sorted().joined(separator: ", ")) file; "
                              + "'\(name.prefix(80))' is not.")
        }
        guard !data.isEmpty else { throw StudioError(status: 400, "The uploaded image '\(base)' is empty.") }
        guard data.count <= Self.maximumBytes else {
            throw StudioError(status: 413, "An uploaded image must be at most \(Self.maximumBytes) bytes; '\(base)' is \(data.count) bytes.")
        }
        let number = lock.withLock { () -> Int in
            count += 1
            return count
        }
        let subfolder = folder.appendingPathComponent(String(number), isDirectory: true)
        let url = subfolder.appendingPathComponent(base)
        do {
            try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            throw StudioError(status: 500, "Cannot keep the uploaded image: \(error.localizedDescription)")
        }
        do {
            _ = try ImageScene.Picture(contentsOf: url)
        } catch let error as FlipbookError {
            try? FileManager.default.removeItem(at: subfolder)
            throw StudioError(status: 400, "The uploaded image '\(base)' does not decode: "
                              + error.message.replacingOccurrences(of: url.path, with: base))
        }
        return url
    }

    /// The extensions of the images the image layer draws.
    static let extensions: Set<String> = ["png", "jpg", "jpeg", "webp", "svg"]

    /// `name` without folders, and with nothing but letters, digits, `-`, `_` and `.`; never hidden.
    static func safeName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = String(last.unicodeScalars.map { scalar in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_.".unicodeScalars.contains(scalar)
                ? Character(scalar) : "_"
        })
        let trimmed = String(kept.drop { $0 == "." }.suffix(120))
        return trimmed.isEmpty ? "image" : trimmed
    }

    /// Removes the folder and every upload in it.
    func removeAll() {
        try? FileManager.default.removeItem(at: folder)
    }
}
