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
        let scene = SceneRequest(
            scene: sceneName, size: try fields.pixelSize(Setting.size.key), scale: try fields.number(Setting.scale.key),
            fps: try fields.frameRate(Setting.fps.key), duration: try fields.number(Setting.duration.key),
            seed: try fields.whole(Setting.seed.key, UInt64.self), background: try fields.color(Setting.background.key),
            colorScheme: try fields.choice(Setting.colorScheme.key, ColorScheme.self))
        var request = RenderRequest(scene: scene, output: output)
        request.time = try fields.number(Setting.time.key)
        request.pngCompression = try fields.whole(Setting.pngCompression.key, Int.self)
        request.crf = try fields.whole(Setting.crf.key, Int.self)
        request.preset = try fields.string(Setting.preset.key)
        request.codec = try fields.choice(Setting.codec.key, VideoCodec.self)
        request.container = try fields.choice(Setting.container.key, VideoContainer.self)
        request.pixelFormat = try fields.choice(Setting.pixelFormat.key, PixelFormat.self)
        request.quality = try fields.choice(Setting.quality.key, RenderQuality.self)
        request.loop = try fields.whole(Setting.loop.key, Int.self)
        request.lookahead = try fields.whole(Setting.lookahead.key, Int.self)
        request.keyframeInterval = try fields.number(Setting.keyframeInterval.key)
        request.maxBitrate = try fields.bitrate(Setting.maxBitrate.key)
        request.level = try fields.levelName(Setting.level.key)
        request.encoderThreads = try fields.threads(Setting.threads.key)
        request.frames = try fields.frames(Setting.frames.key)
        request.scene.loudness = try fields.number(Setting.loudness.key)
        request.audioCodec = try fields.choice(Setting.audioCodec.key, AudioCodec.self)
        request.audioBitrate = try fields.bitrate(Setting.audioBitrate.key)
        request.noAudio = try fields.bool(Setting.noAudio.key) ?? false
        var job = BatchJob(name: try fields.string(Setting.name.key), request: request)
        job.outputs = outputs
        job.written = fields.written
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

/// "a string", "a number", "a list": how JSON's authors name what they wrote.
private func jsonKind(_ value: Any) -> String {
    switch value {
    case is String: "a string"
    case is [Any]: "a list"
    case is [String: Any]: "an object"
    case is NSNull: "null"
    case let number as NSNumber: isBool(number) ? "true or false" : "the number \(number)"
    default: "\(value)"
    }
}

private func isBool(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c" && (number == true as NSNumber || number == false as NSNumber)
}

/// Typed reads of a job's values; each error names the key.
private final class JSONFields {
    let object: [String: Any]
    /// Values read for their form only, as the file wrote them, by key: their checks come later.
    var written: [String: String] = [:]
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

    func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard let number = value as? NSNumber, isBool(number) else { throw wrong(key, "true or false", value) }
        return number.boolValue
    }

    func number(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        guard let number = value as? NSNumber, !(value is String), !isBool(number) else {
            throw wrong(key, "a number", value)
        }
        return number.doubleValue
    }

    /// A whole number that fits `T`, checked without trapping (`1e300` is an error, not a crash).
    func whole<T: FixedWidthInteger>(_ key: String, _ type: T.Type) throws -> T? {
        guard let value = value(key) else { return nil }
        guard let number = value as? NSNumber, !(value is String), !isBool(number) else {
            throw wrong(key, "a whole number", value)
        }
        if let exact = T(number.stringValue) { return exact }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), let exact = T(exactly: double) else {
            throw FlipbookError.mustBe(key, "a whole number from \(T.min) to \(T.max)", itIs: formatNumber(double))
        }
        return exact
    }

    /// `30`, `29.97` or `"30000/1001"`, read for its form; the timeline checks that the rate is
    /// supported, and the job's error shows it as the file wrote it (``written``).
    func frameRate(_ key: String) throws -> FrameRate? {
        guard let value = value(key) else { return nil }
        if let text = value as? String {
            guard let rate = FrameRate(reading: text) else {
                throw FlipbookError.mustBe(key, FrameRate.supportedRates, itIs: FrameRate.shown(text))
            }
            written[key] = FrameRate.shown(text)
            return rate
        }
        guard let number = value as? NSNumber, !isBool(number) else { throw wrong(key, "a frame rate", value) }
        written[key] = FrameRate.shown(number.stringValue)
        return FrameRate(decimal: number.doubleValue)
    }

    func pixelSize(_ key: String) throws -> PixelSize? {
        guard let text = try string(key) else { return nil }
        guard let size = PixelSize(parsing: text) else {
            throw FlipbookError.mustBe(key, "WIDTHxHEIGHT in pixels, e.g. \"1080x1920\"", itIs: "\"\(text)\"")
        }
        return size
    }

    /// One of `T`'s raw values; an error lists them all.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws -> T? where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue)
            throw FlipbookError.mustBe(key, "one of \(names.joined(separator: ", "))", itIs: "\"\(text)\"",
                                       didYouMean(text, among: names))
        }
        return value
    }

    /// Encoder threads: a whole number, or `"auto"` (``VideoOptions/automaticEncoderThreads``).
    func threads(_ key: String) throws -> Int? {
        guard let value = value(key) else { return nil }
        if let text = value as? String {
            guard text == "auto" else {
                throw FlipbookError.mustBe(key, "\"auto\" or a whole number", itIs: "\"\(text)\"")
            }
            return VideoOptions.automaticEncoderThreads
        }
        return try whole(key, Int.self)
    }

    /// A level written as a string ("4.2") or, in JSON, a number (4.2).
    func levelName(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        if let text = value as? String { return text }
        return try number(key).map { formatNumber($0) }
    }

    /// Bits per second: a number, or FFmpeg's `"8M"`, `"800k"`.
    func bitrate(_ key: String) throws -> Int? {
        guard let value = value(key) else { return nil }
        if let text = value as? String {
            guard let bits = Bitrate.bitsPerSecond(text) else {
                throw FlipbookError.mustBe(key, "bits per second, e.g. \"8M\" or \"800k\"", itIs: "\"\(text)\"")
            }
            return bits
        }
        return try whole(key, Int.self)
    }

    /// `"120-239"`: inclusive, zero-based frame numbers.
    func frames(_ key: String) throws -> ClosedRange<Int>? {
        guard let text = try string(key) else { return nil }
        guard let range = frameRange(parsing: text) else {
            throw FlipbookError.mustBe(
                key, "\"FIRST-LAST\", frame numbers from 0 with FIRST ≤ LAST, e.g. \"120-239\"", itIs: "\"\(text)\"")
        }
        return range
    }

    /// A colour name or hex string, or `"transparent"` (``Color/named``: no background, alpha asked for).
    func color(_ key: String) throws -> Color? {
        guard let text = try string(key) else { return nil }
        guard let color = Color(named: text) else {
            throw FlipbookError.mustBe(
                key, "a colour name (white, black, ...), a hex string like \"#1c1c1e\" or transparent", itIs: "\"\(text)\"",
                didYouMean(text, among: Color.names))
        }
        return color
    }
}
