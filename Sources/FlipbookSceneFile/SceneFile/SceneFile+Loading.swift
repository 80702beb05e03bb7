import FlipbookAnimation
import FlipbookDrawing
import Foundation

extension SceneFile {
    /// The largest scene file read: 64 MiB, far more than any description of a timeline needs.
    public static let maximumFileSize = 64 << 20

    /// Reads and decodes a scene file, or the scene of a bundle (`.fbz`, ``SceneBundle``).
    ///
    /// - Throws: ``FlipbookError`` — kind `.file` when the file cannot be read; kind `.invalidInput`
    ///   when it is not valid JSON or does not describe a scene, placed at the file, line and column
    ///   of the problem with the value's key path (`layers[0].bursts[1].count`) and what is allowed.
    public static func load(from url: URL) throws -> SceneFile {
        if SceneBundle.isBundle(url) { return try SceneBundle.sceneFile(at: url) }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        guard exists else {
            throw FlipbookError.file("Cannot read the scene file \(url.path): there is no such file.", path: url.path)
        }
        guard !isDirectory.boolValue else {
            throw FlipbookError.file("Cannot read the scene file \(url.path): it is a directory.", path: url.path)
        }
        // A device such as /dev/zero never ends; a scene file is a regular file of modest size.
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw FlipbookError.file("Cannot read the scene file \(url.path): it is not a regular file.", path: url.path)
        }
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumFileSize else {
            throw FlipbookError.file(
                "Cannot read the scene file \(url.path): it is \(size) bytes; a scene file may be at most "
                    + "\(maximumFileSize) bytes.", path: url.path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw FlipbookError.file("Cannot read the scene file \(url.path): \(reason)", path: url.path)
        }
        return try decode(data, source: url.path, baseDirectory: url.deletingLastPathComponent())
    }

    /// Decodes a scene file from JSON data; `source` names it in error messages (`source:line:column:`).
    ///
    /// Values are read for their form (a number, a list of two numbers, a known key); their limits
    /// are checked once, by ``makeTimeline()``, which places an error at the value as the file wrote it.
    public static func decode(_ data: Data, source: String = "the scene file") throws -> SceneFile {
        try decode(data, source: source, baseDirectory: nil)
    }

    /// Decodes a scene file from JSON data whose relative paths (`assets`, a template's images)
    /// start from `baseDirectory`, the current directory for `nil`; `source` names it in messages.
    ///
    /// A template (a file declaring `"parameters"`) is read with its parameters' defaults; while a
    /// parameter without a default has no value, the file holds only the template (see ``with(_:)``).
    public static func decode(_ data: Data, source: String, baseDirectory: URL?) throws -> SceneFile {
        let place = { (error: FlipbookError) in error.at(file: source) }
        do {
            return try Refusals.placing(place) {
                let json = try JSONReader.read(data)
                if json.members?.contains(where: { $0.key == "parameters" }) == true {
                    let template = try SceneTemplate(json: json, bytes: Array(data), source: source)
                    return try read(template, baseDirectory: baseDirectory)
                }
                var file = try ValueCodec<SceneFile>.sceneFile.read(json, "", "an object (a scene file)")
                file.origin = SourceOrigin(source: source, json: json)
                file.baseDirectory = baseDirectory
                return file
            }
        } catch let error as FlipbookError {
            throw place(error)
        }
    }
}
