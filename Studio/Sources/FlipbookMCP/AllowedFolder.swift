import Flipbook
import Foundation
import MCP

/// The folder an MCP client may name files in (`--root`): every path it gives — a scene, a render's
/// output, a picture to compare — is resolved against it, symbolic links followed, and refused when
/// it leads outside.
public struct AllowedFolder: Sendable {
    /// The folder, symbolic links resolved.
    public let root: URL

    /// The folder at `path`, which must exist.
    public init(_ path: String) throws {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FlipbookError.file("--root must be a folder; \(url.path) is not one.", path: url.path)
        }
        root = url
    }

    /// `path` (relative to the root, or absolute) when it lies inside the root; its folder's
    /// symbolic links are followed, and so is the file's own when it exists.
    ///
    /// - Throws: `MCPError.invalidParams` naming the argument and the root when it lies outside.
    public func file(_ path: String, argument: String) throws -> URL {
        let given = URL(fileURLWithPath: path, relativeTo: root).standardizedFileURL
        let folder = given.deletingLastPathComponent().resolvingSymlinksInPath()
        var url = folder.appendingPathComponent(given.lastPathComponent)
        if FileManager.default.fileExists(atPath: url.path) { url = url.resolvingSymlinksInPath() }
        guard url.path.hasPrefix(root.path == "/" ? "/" : root.path + "/") else {
            throw MCPError.invalidParams(
                "\(argument) \"\(path)\" is outside the allowed folder \(root.path) (--root): name a file inside it.")
        }
        return url
    }
}
