import FlipbookAnimation
import FlipbookDrawing
import Foundation

// An image a scene file names: found relative to the file, refused unless it is a regular file of
// bounded size, and decoded with errors that name the file and the key that gave it.

extension ImageScene.Picture {
    /// The largest image file a scene file may name: 256 MiB.
    public static let maximumFileSize = 256 << 20

    /// The picture in the file `src` names, relative to `baseDirectory` (the current directory when
    /// `nil`), decoded now; errors name `keyPath` (where `src` was written) and the file.
    init(src: String, baseDirectory: URL?, keyPath: String) throws {
        let url = URL(fileURLWithPath: src, relativeTo: baseDirectory).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw FlipbookError(invalid: keyPath, "names the image \(url.path), which does not exist.", at: .init(keyPath: keyPath))
        }
        // A device such as /dev/zero never ends: an image is a regular file of bounded size.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw FlipbookError(invalid: keyPath, "names \(url.path), which is not a regular file.", at: .init(keyPath: keyPath))
        }
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumFileSize else {
            throw FlipbookError(invalid: keyPath, "names \(url.path), which is \(size) bytes; an image may be at most "
                                    + "\(Self.maximumFileSize) bytes.", at: .init(keyPath: keyPath))
        }
        do {
            try self.init(contentsOf: url)
        } catch let error as FlipbookError {
            var reason = error.message
            if reason.hasSuffix(".") { reason.removeLast() }
            throw FlipbookError(invalid: keyPath, "names \(url.path), which is not a PNG, JPEG, WebP or SVG image "
                                    + "Flipbook can decode (\(reason)).", at: .init(keyPath: keyPath))
        }
    }
}
