import FlipbookAnimation
import FlipbookDrawing
import FlipbookSceneFile
import FlipbookVideo
import Foundation

/// A batch file: `{"jobs": [...]}` (or just the list), each job a ``BatchJob``.
///
/// Reading checks the file's shape: JSON syntax (with line and column), unknown keys (with a
/// "did you mean" and the list of known keys), and each value's type, each named by its key path
/// (`jobs[2].sede`). Ranges are checked per job when it is prepared, so one bad value stops only
/// its own job.
public struct BatchFile: Sendable, Equatable {
    /// The jobs, in file order.
    public var jobs: [BatchJob]
    /// Where relative paths in the jobs are resolved: the batch file's directory.
    public var baseDirectory: URL?

    /// A batch of `jobs` whose relative paths are resolved against `baseDirectory`.
    public init(jobs: [BatchJob], baseDirectory: URL? = nil) {
        self.jobs = jobs
        self.baseDirectory = baseDirectory
    }

    /// Reads a batch file from disk; relative paths in it are resolved against its directory.
    ///
    /// - Throws: ``FlipbookError``: `.file` when it cannot be read (a directory, a device, missing),
    ///   `.invalidInput` when it is not a valid batch file.
    public static func load(from url: URL) throws -> BatchFile {
        let data = try readInputFile(url, what: "batch file")
        return try BatchFile(decoding: data, source: url.path, baseDirectory: url.deletingLastPathComponent())
    }

    /// Reads a batch file's JSON; `source` names it in messages.
    public init(decoding data: Data, source: String, baseDirectory: URL? = nil) throws {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // The scene-file reader finds the line and column of a syntax error; any JSON works.
            do {
                _ = try SceneFile.decode(data, source: source)
            } catch let error as FlipbookError {
                throw error.at(file: source)
            }
            throw FlipbookError(.invalidInput, "\(source) is not valid JSON.", at: .init(file: source))
        }
        do {
            self.init(jobs: try Self.jobs(in: root), baseDirectory: baseDirectory)
        } catch let error as FlipbookError {
            throw error.at(file: source)
        }
    }

    private static func jobs(in root: Any) throws -> [BatchJob] {
        let list: Any
        if let object = root as? [String: Any] {
            try rejectUnknownKeys(of: object, known: ["jobs"], what: "a batch file", at: "")
            guard let jobs = object["jobs"] else {
                throw FlipbookError(.invalidInput, "A batch file needs \"jobs\": a list of jobs.", at: .init(keyPath: "jobs"))
            }
            list = jobs
        } else {
            list = root
        }
        guard let entries = list as? [Any] else {
            throw FlipbookError.mustBe("jobs", "a list of jobs", itIs: jsonKind(list))
        }
        guard !entries.isEmpty else {
            throw FlipbookError(invalid: "jobs", "must list at least one job; it is empty.", at: .init(keyPath: "jobs"))
        }
        return try entries.enumerated().map { index, entry in
            do {
                return try job(entry)
            } catch let error as FlipbookError {
                throw error.at(keyPath: "jobs[\(index)]")
            }
        }
    }

    private static func job(_ entry: Any) throws -> BatchJob {
        guard let object = entry as? [String: Any] else {
            throw FlipbookError(invalid: "A job", "must be an object; it is \(jsonKind(entry)).", at: .init(keyPath: ""))
        }
        try rejectUnknownKeys(of: object, known: BatchJob.keys, what: "a batch job", at: "")
        let fields = JSONFields(object)
        guard let sceneName = try fields.string(Setting.scene.key) else { throw missing(Setting.scene.key) }
        let outputs = try fields.strings(Setting.outputs.key)
        let single = try fields.string(Setting.output.key)
        if single != nil, outputs != nil {
            throw FlipbookError(invalid: Setting.outputs.key, "and \"output\" both name the files to write; give one of them.",
                                at: .init(keyPath: Setting.outputs.key))
        }
        if let outputs, outputs.isEmpty {
            throw FlipbookError(invalid: Setting.outputs.key, "must list at least one output; it is empty.",
                                at: .init(keyPath: Setting.outputs.key))
        }
        guard let output = single ?? outputs?.first else { throw missing(Setting.output.key) }
        var request = RenderRequest(scene: SceneRequest(scene: sceneName), output: output)
        // Every other key is read by its row's field, in the table's order.
        for setting in Settings.all where setting.places.contains(.batch) && setting.field != nil {
            guard let value = object[setting.key], !(value is NSNull) else { continue }
            try request.set(setting, to: .json(value))
        }
        var job = BatchJob(name: try fields.string(Setting.name.key), request: request)
        job.outputs = outputs
        return job
    }

    private static func missing(_ key: String) -> FlipbookError {
        FlipbookError(invalid: key, "is missing; every job needs \"scene\" and \"output\" (or \"outputs\").", at: .init(keyPath: key))
    }
}

/// Throws for the first key of `object` (alphabetically) not in `known`.
private func rejectUnknownKeys(of object: [String: Any], known: [String], what: String, at keyPath: String) throws {
    for key in object.keys.sorted() where !known.contains(key) {
        throw FlipbookError(
            invalid: key,
            "is not a key of \(what).\(didYouMean(key, among: known)) Known keys: \(known.joined(separator: ", ")).",
            at: .init(keyPath: joinKeyPath(keyPath, key)))
    }
}

/// The strings a job names its scene and outputs with; each error names the key. The settings
/// are read by their rows (``RenderRequest/set(_:to:)``).
private final class JSONFields {
    let object: [String: Any]
    init(_ object: [String: Any]) { self.object = object }

    private func value(_ key: String) -> Any? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    private func wrong(_ key: String, _ expected: String, _ value: Any) -> FlipbookError {
        FlipbookError.mustBe(key, expected, itIs: jsonKind(value))
    }

    func string(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value as? String else { throw wrong(key, "a string", value) }
        return text
    }

    /// A list of strings; an error names the first entry that is not one (`outputs[1]`).
    func strings(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        guard let list = value as? [Any] else { throw wrong(key, "a list of strings", value) }
        return try list.enumerated().map { index, entry in
            guard let text = entry as? String else { throw wrong("\(key)[\(index)]", "a string", entry) }
            return text
        }
    }
}
